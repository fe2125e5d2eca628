import MarkdownIt from 'markdown-it';

type Token = MarkdownIt.Token;

/** A CommonMark parser with GFM tables and strikethrough, raw HTML recognised and bare URLs linked. */
export const parser = new MarkdownIt({ html: true, linkify: true });

export const parse = (source: string): Token[] => parser.parse(source, {});

/** Every token, inline children included, in document order. */
export const allTokens = (tokens: Token[]): Token[] => tokens.flatMap((t) => [t, ...(t.children ?? [])]);

/** The shape of a document: block tokens with their tags, and the kinds of inline tokens inside each. */
export const structure = (tokens: Token[]): string[] =>
  tokens.map((t) => (t.type === 'inline' ? `inline(${(t.children ?? []).map((c) => c.type).join(' ')})` : `${t.type}:${t.tag}`));

/** Token kinds that text from a case file must never produce. */
export const FORBIDDEN_FROM_TEXT = ['link_open', 'image', 'html_inline', 'html_block', 'code_inline', 'code_block', 'fence', 'em_open', 's_open', 'blockquote_open', 'hr'];

export const count = (tokens: Token[], type: string): number => allTokens(tokens).filter((t) => t.type === type).length;

/** What a reader sees of an inline token: its text, with markup such as `**` left out. */
export const plainText = (inline: Token): string => (inline.children ?? []).map((c) => c.content).join('');

/** A sample as a test title: JSON-quoted, with invisible and direction-changing characters spelled out. */
export const visible = (raw: string): string =>
  JSON.stringify(raw).replace(/[\u0080-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u206F\uFEFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);

/** Thrown when a report lacks a heading a test looks for, naming it and the headings the report has. */
export class HeadingNotFound extends Error {
  override readonly name = 'HeadingNotFound';
  constructor(heading: string, present: string[]) {
    super(`no heading "${heading}" in the report; it has: ${present.join(' / ')}`);
  }
}

/** Every heading of a document, as `h2 Title`, in order. */
export const headings = (tokens: Token[]): string[] =>
  tokens.flatMap((t, i) => (t.type === 'inline' && tokens[i - 1]?.type === 'heading_open' ? [`${tokens[i - 1].tag} ${t.content}`] : []));

/** The plain text of each heading, table row, list item and paragraph in the section under `heading` (any level). */
export function section(tokens: Token[], heading: string): string[] {
  const start = tokens.findIndex((t, i) => t.type === 'inline' && tokens[i - 1]?.type === 'heading_open' && t.content === heading);
  if (start <= 0) throw new HeadingNotFound(heading, headings(tokens));
  const level = tokens[start - 1].tag;
  const texts: string[] = [];
  let row: string[] = [];
  for (let i = start + 2; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === 'heading_open' && t.tag <= level) break;
    if (t.type === 'inline' && ['td_open', 'th_open'].includes(tokens[i - 1].type)) row.push(plainText(t));
    else if (t.type === 'inline') texts.push(plainText(t));
    if (t.type === 'tr_close') {
      texts.push(row.join(' | '));
      row = [];
    }
  }
  return texts;
}

/** Links, images, HTML, code, emphasis, quotes and rules in a report: only our own markup may produce them. */
export const fromOurMarkupOnly = (tokens: Token[]): string[] =>
  allTokens(tokens)
    .filter((t) => FORBIDDEN_FROM_TEXT.includes(t.type))
    .map((t) => `${t.type} ${t.content}`);
