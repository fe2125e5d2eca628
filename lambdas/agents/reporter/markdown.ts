/**
 * Markdown building blocks for report.md, and the escaping that keeps text from case files inert.
 *
 * Anything that comes from a client's file (document names and ids, quotes, extracted facts, citations
 * and names found in documents, status details) goes through `inline()` or `cell()` before it reaches
 * the report, so it always reads as plain text: it can never open a heading, list, block quote, table,
 * code span, emphasis, link, image, autolink or raw HTML, and it never breaks the line it sits on.
 * (Bare-URL autolinks are broken for CommonMark/GFM parsers; a renderer that links URLs after parsing,
 * as GitHub's comment view does, may still link a visible URL — its text is then its own target.)
 */

declare const markdownBrand: unique symbol;

/** Markdown source that is safe to place in a report: built by the helpers below, never raw file text. */
export type Markdown = string & { readonly [markdownBrand]: true };

/** Longest text (in characters) a single value may take in the report; longer values end with `…`. */
export const MAX_INLINE_CHARS = 1000;

/** Bidirectional and other invisible format controls: they can make text display unlike what it is. */
const INVISIBLE_FORMAT = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u206F\uFEFF]/g;
/** C0/C1 controls (tab, CR, LF, NEL, …), DEL, and the Unicode line and paragraph separators. */
const LINE_BREAKING = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;

/** Characters escaped with a backslash wherever they appear. */
const ALWAYS_ESCAPED = new Set(['\\', '`', '*', '[', ']', '|', '~', '$']);
/** Characters that start a block (heading, list, setext underline) when they open a line. */
const BLOCK_OPENERS = new Set(['#', '-', '+', '=']);

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const EMAIL_LOCAL_CHAR = /[A-Za-z0-9._+-]/;
const EMAIL_DOMAIN_CHAR = /[A-Za-z0-9_-]/;

/** Removes invisible controls, turns line breaks and other controls into spaces, collapses and trims spaces. */
function normalise(text: string): string {
  return text.replace(INVISIBLE_FORMAT, '').replace(LINE_BREAKING, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Cuts to `max` characters (code points, so no surrogate pair is split), marking the cut with `…`. */
function bound(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(0, max - 1)).join('').trimEnd()}…`;
}

/** The escaped form of `s[i]`, looking at its neighbours where that decides whether it is inert. */
function escapeChar(s: string, i: number): string {
  const c = s[i];
  const prev = s[i - 1] ?? '';
  const next = s[i + 1] ?? '';
  if (ALWAYS_ESCAPED.has(c)) return `\\${c}`;
  switch (c) {
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '&':
      // Only `&name;`, `&#…;` can be entities; a `&` before a space or punctuation stays readable.
      return next === '' || /[A-Za-z0-9#]/.test(next) ? '&amp;' : c;
    case '_':
      // Between two letters or digits (`bank_statement`) an underscore can neither open nor close emphasis.
      return LETTER_OR_DIGIT.test(prev) && LETTER_OR_DIGIT.test(next) ? c : '\\_';
    case ':':
      // `scheme://` would become a bare-URL autolink (GFM).
      return s.startsWith('//', i + 1) ? '\\:' : c;
    case '@':
      // `name@domain` would become an e-mail autolink (GFM).
      return EMAIL_LOCAL_CHAR.test(prev) && EMAIL_DOMAIN_CHAR.test(next) ? '\\@' : c;
    case '.':
      // `www.domain` would become an autolink (GFM).
      return /(^|[^A-Za-z0-9])www$/i.test(s.slice(Math.max(0, i - 4), i)) ? '\\.' : c;
    default:
      return c;
  }
}

/**
 * Text from a case file, made safe for running Markdown text (a paragraph, a list item, inside `**…**`).
 * Line breaks and control characters become spaces, bidi overrides are removed, Markdown
 * metacharacters are backslash-escaped and `<`, `>`, `&` become entities, so the result renders as the
 * same words and cannot start any structure, wherever on a line it is placed. Ordinary names such as
 * `letter-of-acceptance.pdf` or `Études/relevé_2024.pdf` are left as they are.
 */
export function inline(text: string, maxLength: number = MAX_INLINE_CHARS): Markdown {
  const s = bound(normalise(text), maxLength);
  let out = '';
  for (let i = 0; i < s.length; i++) out += escapeChar(s, i);
  if (BLOCK_OPENERS.has(s[0] ?? '')) out = `\\${out}`;
  // `1. ` or `1) ` at the start of a line opens an ordered list.
  out = out.replace(/^(\d+)([.)])(?= |$)/, '$1\\$2');
  return out as Markdown;
}

/** A table cell: any value, escaped like `inline()` (which also escapes `|`); an empty value shows `—`. */
export function cell(value: unknown): Markdown {
  return inline(value === undefined || value === null ? '' : String(value)) || ('—' as Markdown);
}

/** Bold text from a case file, e.g. a document name in a list: `**name**`. */
export function bold(text: string): Markdown {
  return `**${inline(text) || '—'}**` as Markdown;
}

/**
 * Joins Markdown written in our code with escaped pieces. Only `Markdown` (from `inline`, `bold`, …)
 * and numbers may be interpolated, so raw file text cannot slip in: `md\`**Name:** ${inline(name)}\``.
 */
export function md(literals: TemplateStringsArray, ...values: Array<Markdown | number>): Markdown {
  return literals.reduce((out, literal, i) => out + literal + (i < values.length ? String(values[i]) : ''), '') as Markdown;
}

/** A table; every header and cell is escaped with `cell()`, so rows may hold raw values. */
export function table(headers: readonly string[], rows: ReadonlyArray<readonly unknown[]>): Markdown {
  const head = `| ${headers.map(cell).join(' | ')} |\n| ${headers.map(() => '---').join(' | ')} |`;
  return [head, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n') as Markdown;
}

/** A bulleted list of items that are already Markdown (escape file text with `inline()` or `bold()`). */
export function bullet(items: readonly Markdown[]): Markdown {
  return items.map((i) => `- ${i}`).join('\n') as Markdown;
}
