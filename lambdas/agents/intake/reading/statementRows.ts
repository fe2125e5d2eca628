/**
 * The rows of a bank statement or ledger table: which figures are money in (a deposit), money out
 * (a payment) or the running balance, which is not a fact of its own (the labelled opening and
 * closing balances are). A figure's role comes from the column it stands under (Debit, Credit,
 * Balance), a Cr/Dr mark in its row, or its sign. Statement figures are often written without a
 * currency ("138,500.00", "+ 750 000"): they take the statement's.
 */
import moneyJson from './lexicons/money.json';
import { phrases } from './lexicon';
import { spacedPhrases } from './spacedPhrases';
import type { ThousandthsMark } from '../../../core/text/money';
import type { Segment } from './segments';

export type RowRole = 'credit' | 'debit' | 'running-balance';

const S = moneyJson.statement;
const CREDIT_COLUMN = spacedPhrases(S.creditColumn);
const DEBIT_COLUMN = spacedPhrases(S.debitColumn);
const BALANCE_COLUMN = spacedPhrases(S.balanceColumn);
const CREDIT_MARK = phrases(S.creditMark);
const MONEY_IN = phrases(S.moneyIn);
const MONEY_OUT = phrases(S.moneyOut);
const DEBIT_MARK = phrases(S.debitMark);
/** "151,67 h", "80.00 hrs": a figure followed by a unit of time counts hours. */
const HOURS_AFTER = new RegExp(String.raw`^[ \t]*(?:${moneyJson.hoursUnits.join('|')})(?![\p{L}])`, 'iu');

/**
 * A figure as statements write it: two decimals ("2,960.40", "14 300,00"), or a signed whole amount
 * ("+ 750 000"). Never a date (31.03.2024), a rate (41,3) or a year.
 */
const BARE_FIGURE = /(?<![\p{L}\p{N}.,/-])(?:([+\-−])[ \u00a0]*)?((?:\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+|\d+)(?:[.,]\d{2})?)(?![\p{L}\p{N}]|[.,/-]\d)/gu;
/** A figure's decimals: two digits, or three after the decimal mark of a document in millimes ("2 640,000"). */
const hasDecimalsOf = (figure: string, thousandths?: ThousandthsMark) => /[.,]\d{2}$/.test(figure) || (thousandths !== undefined && figure.at(-4) === thousandths && /\d{3}$/.test(figure));

export interface BareFigure {
  written: string;
  start: number;
  end: number;
  sign?: '+' | '-';
}

/**
 * Figures written without a currency in a row or a field's value (offsets in `text`). `statementRow`:
 * the text is a row of a statement, where a currency without cents (XOF, XAF, JPY…) is written in
 * grouped whole units ("1 254 300", "485 000").
 */
export function bareFigures(text: string, statementRow = false, thousandths?: ThousandthsMark): BareFigure[] {
  const out: BareFigure[] = [];
  const matches = [...text.matchAll(BARE_FIGURE)];
  // A row that writes cents anywhere writes them everywhere: its whole grouped numbers are references, not money.
  const wholeUnits = statementRow && !matches.some((m) => hasDecimalsOf(m[2], thousandths));
  for (const m of matches) {
    const [, sign, figure] = m;
    const hasDecimals = hasDecimalsOf(figure, thousandths);
    if (HOURS_AFTER.test(text.slice(m.index + m[0].length, m.index + m[0].length + 8))) continue;
    const grouped = /\d[,.\u00a0\u202f ]\d{3}/.test(figure);
    if (!hasDecimals && !((sign || wholeUnits) && grouped)) continue;
    // "+254 700 000 000": a plus sign on the number itself, then groups of spaced digits, is a telephone number.
    if (sign === '+' && !hasDecimals && /^\+\d/.test(m[0]) && /^\d{1,3}(?: \d{2,4}){3,}$/.test(figure)) continue;
    const start = m.index + m[0].length - figure.length;
    out.push({ written: figure, start, end: start + figure.length, ...(sign ? { sign: sign === '+' ? '+' : '-' } : {}) });
  }
  return out;
}

/** A table's title row: cells and where each starts and ends on its line. */
export interface TableHeader {
  cells: Array<{ title: string; start: number; end: number }>;
}

function cellSpans(lineText: string, cells: readonly string[]): Array<{ title: string; start: number; end: number }> {
  const out: Array<{ title: string; start: number; end: number }> = [];
  let from = 0;
  for (const cell of cells) {
    const at = lineText.indexOf(cell, from);
    if (at < 0) continue;
    out.push({ title: cell, start: at, end: at + cell.length });
    from = at + cell.length;
  }
  return out;
}

/** A row of cells with no figure in it is the title row of the rows below it. */
export function headerOf(segment: Segment): TableHeader | undefined {
  if (!segment.cells || /\d/.test(segment.text)) return undefined;
  return { cells: cellSpans(segment.text, segment.cells) };
}

/** The title of the column a span of the row stands under: the header cell it overlaps most, else the nearest. */
export function columnTitle(header: TableHeader | undefined, start: number, end: number): string | undefined {
  if (!header || header.cells.length === 0) return undefined;
  const scored = header.cells.map((c) => {
    const overlap = Math.min(end, c.end) - Math.max(start, c.start);
    const gap = overlap > 0 ? -overlap : Math.min(Math.abs(c.start - end), Math.abs(start - c.end));
    return { title: c.title, gap };
  });
  scored.sort((a, b) => a.gap - b.gap);
  return scored[0].title;
}

/** The role of a figure in a statement row, if the row says it. */
export function roleOf(cells: readonly string[], title: string | undefined, sign: '+' | '-' | undefined): RowRole | undefined {
  if (title) {
    if (BALANCE_COLUMN.test(title)) return 'running-balance';
    if (CREDIT_COLUMN.test(title)) return 'credit';
    if (DEBIT_COLUMN.test(title)) return 'debit';
  }
  if (cells.some((c) => CREDIT_MARK.test(c.trim()) && c.trim().length <= 2)) return 'credit';
  if (cells.some((c) => DEBIT_MARK.test(c.trim()) && c.trim().length <= 2)) return 'debit';
  if (sign === '+') return 'credit';
  if (sign === '-') return 'debit';
  return undefined;
}

/** Money in or out, as a line's description says it outright ("Virement reçu - loyer", "Card payment - …"); money in wins, a receipt names what it was for. */
export function directionOf(description: string): 'credit' | 'debit' | undefined {
  if (MONEY_IN.test(description)) return 'credit';
  if (MONEY_OUT.test(description)) return 'debit';
  return undefined;
}

/** The row's description: its longest cell with words, the source of a deposit or the payee of a payment. */
export function descriptionOf(cells: readonly string[]): string | undefined {
  const words = cells.filter((c) => /\p{L}{3,}/u.test(c) && c.trim().length > 2);
  return words.sort((a, b) => b.length - a.length)[0]?.trim();
}

/**
 * A statement line as a PDF's text gives it, its columns collapsed to single spaces: a date, a
 * description, figures ("15 Dec PAYROLL DEPED ILOILO 27,300.00", "02.04.2024 Gehalt + 2,960.40").
 */
const LEDGER_LINE = /^[ \t]*(?:\d{1,4}[-./]\d{1,2}(?:[-./]\d{2,4})?|\d{1,2}[ -]\p{L}{3,9}\.?(?:[ -]\d{2,4})?)(?=[ \t])/u;

/** Lines of a paragraph that are statement lines, with their offsets in it. */
export function ledgerLines(text: string): Array<{ start: number; end: number; text: string }> {
  const out: Array<{ start: number; end: number; text: string }> = [];
  let start = 0;
  for (const line of text.split('\n')) {
    if (LEDGER_LINE.test(line)) out.push({ start, end: start + line.length, text: line });
    start += line.length + 1;
  }
  return out;
}

/** The description of a statement line: its words without the date, marks and figures. */
export function lineDescription(line: string): string | undefined {
  const words = line.replace(LEDGER_LINE, '').replace(BARE_FIGURE, ' ').replace(/[ \t]+/g, ' ').trim();
  return /\p{L}{3,}/u.test(words) ? words : undefined;
}

/** The sign written right before a figure that has its currency written ("- EUR 780.00" is rare; "-   780.00" is common). */
export function signBefore(text: string, start: number): '+' | '-' | undefined {
  const m = /([+\-−])[ \u00a0]*$/.exec(text.slice(Math.max(0, start - 6), start));
  if (!m) return undefined;
  return m[1] === '+' ? '+' : '-';
}

/**
 * The title of the column a figure stands under in a table whose cells are separated by bars: the
 * header's cell of the same rank. A PDF's text layer closes up the spaces that aligned the columns
 * ("07.06.2024 | PRLV LOYER | 780,00 |"), but keeps the bars, empty cells included.
 */
export function barredTitle(headerText: string | undefined, rowText: string, start: number): string | undefined {
  if (!headerText || !headerText.includes('|') || !rowText.includes('|')) return undefined;
  const titles = headerText.trim().replace(/^\|/, '').split('|').map((c) => c.trim());
  const rank = (rowText.trim().startsWith('|') ? -1 : 0) + (rowText.slice(0, start).match(/\|/g) ?? []).length;
  return (rowText.trim().replace(/^\|/, '').split('|').length === titles.length && titles[rank]) || undefined;
}
