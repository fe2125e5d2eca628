/**
 * The blocks of report.md, read back for the PDF. The PDF shows exactly what the Markdown says: the
 * section functions (../sections/) write every word once, and this reader turns their output into
 * headings, paragraphs, lists and tables. It reads only the Markdown those functions write through
 * ../markdown.ts (`inline`, `cell`, `bold`, `md`, `table`, `bullet`), where text from a case file is
 * always escaped, so a backslash escape or an entity is literal text and an unescaped `**`, `*`, `_`
 * or backtick is our own emphasis.
 */

export interface InlineRun {
  text: string;
  bold: boolean;
  italic: boolean;
  code: boolean;
}

export type Block =
  | { kind: 'heading'; level: number; runs: InlineRun[] }
  | { kind: 'paragraph'; runs: InlineRun[] }
  | { kind: 'quote'; runs: InlineRun[] }
  | { kind: 'list'; items: InlineRun[][] }
  | { kind: 'table'; header: InlineRun[][]; rows: InlineRun[][][] };

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00A0' };
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Decodes `&lt;`, `&#8212;`, `&#x2014;`; anything else that starts with `&` is kept as written. */
function entityAt(s: string, i: number): { text: string; length: number } | undefined {
  const m = /^&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z]{2,8});/.exec(s.slice(i, i + 12));
  if (!m) return undefined;
  const name = m[1];
  if (name.startsWith('#')) {
    const cp = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff ? { text: String.fromCodePoint(cp), length: m[0].length } : undefined;
  }
  return ENTITIES[name] === undefined ? undefined : { text: ENTITIES[name], length: m[0].length };
}

/** The text runs of one line of report Markdown, with their emphasis. */
export function parseInline(s: string): InlineRun[] {
  const runs: InlineRun[] = [];
  const state = { bold: false, italic: false, code: false };
  let text = '';
  const flush = () => {
    if (text) runs.push({ text, ...state });
    text = '';
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (state.code && c !== '`') {
      text += c;
      continue;
    }
    if (c === '\\' && i + 1 < s.length && /[!-/:-@[-`{-~]/.test(s[i + 1])) {
      text += s[++i];
      continue;
    }
    if (c === '&') {
      const entity = entityAt(s, i);
      if (entity) {
        text += entity.text;
        i += entity.length - 1;
        continue;
      }
    }
    if (c === '`') {
      flush();
      state.code = !state.code;
      continue;
    }
    if (c === '*' && s[i + 1] === '*') {
      flush();
      state.bold = !state.bold;
      i++;
      continue;
    }
    if (c === '*' || (c === '_' && !(LETTER_OR_DIGIT.test(s[i - 1] ?? '') && LETTER_OR_DIGIT.test(s[i + 1] ?? '')))) {
      flush();
      state.italic = !state.italic;
      continue;
    }
    text += c;
  }
  flush();
  return runs;
}

/** The cells of a table row `| a | b \| c |`: split at the pipes that are not escaped. */
function tableCells(line: string): string[] {
  const body = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\' && i + 1 < body.length) {
      cell += body[i] + body[i + 1];
      i++;
    } else if (body[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += body[i];
  }
  cells.push(cell.trim());
  return cells;
}

const isDelimiterRow = (line: string): boolean => /^\|(\s*:?-{3,}:?\s*\|)+\s*$/.test(line.trim());

/** Reads report Markdown into blocks, in order. */
export function parseReportMarkdown(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = /^(#{1,6}) (.*)$/s.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1].length, runs: parseInline(heading[2].trim()) });
      i++;
      continue;
    }
    const group = (test: (l: string) => boolean): string[] => {
      const taken: string[] = [];
      while (i < lines.length && lines[i].trim() && test(lines[i])) taken.push(lines[i++]);
      return taken;
    };
    if (line.startsWith('|')) {
      const rows = group((l) => l.startsWith('|')).filter((l) => !isDelimiterRow(l)).map(tableCells);
      const [header, ...body] = rows;
      const width = header.length;
      const fitted = body.map((r) => Array.from({ length: width }, (_, k) => parseInline(r[k] ?? '')));
      blocks.push({ kind: 'table', header: header.map(parseInline), rows: fitted });
      continue;
    }
    if (/^[-*] /.test(line)) {
      blocks.push({ kind: 'list', items: group((l) => /^[-*] /.test(l)).map((l) => parseInline(l.slice(2).trim())) });
      continue;
    }
    if (line.startsWith('>')) {
      const quoted = group((l) => l.startsWith('>')).map((l) => l.replace(/^> ?/, ''));
      blocks.push({ kind: 'quote', runs: parseInline(quoted.join(' ')) });
      continue;
    }
    const paragraph = group((l) => !/^(#{1,6} |\||[-*] |>)/.test(l));
    // Every line is taken by some block, so reading always moves on.
    if (!paragraph.length) paragraph.push(lines[i++]);
    blocks.push({ kind: 'paragraph', runs: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}

/** The plain text of runs (what a reader sees). */
export const plainText = (runs: readonly InlineRun[]): string => runs.map((r) => r.text).join('');
