/**
 * A pay statement's lines, as a PDF's text layer gives them ("Gross pay 2,438.60", "Regular 27.40 80.00
 * 2,192.00", « Salaire de base (151,67 h) 2 050,00 ») or as a table's rows under "Earnings | Rate | Hours |
 * Current": each figure with its label, its column's title and its block's title, so that an hours column
 * is no money, a rate column is a wage and the rest is what its label says. Not a bank statement's money
 * in and out. Read by readMoney.ts.
 */
import type { Money } from '../../../contracts/caseFacts';
import moneyJson from './lexicons/money.json';
import { phrases } from './lexicon';
import { kindBefore, type MoneyKind } from './moneyKind';
import type { Segment } from './segments';
import { barredTitle, bareFigures, columnTitle, roleOf, type TableHeader } from './statementRows';
import { datesIn } from './textReaders';
import { parseAmount, type PayPeriod, type ThousandthsMark } from '../../../core/text/money';

const HOURS_COLUMN = phrases(moneyJson.payColumns.hours);
const RATE_COLUMN = phrases(moneyJson.payColumns.rate);

export interface Found {
  amount: number;
  currency: string;
  per?: Money['per'];
  start: number;
  end: number;
  /** Written with its currency (not taken from the document). */
  written: boolean;
  sign?: '+' | '-';
  /** A statement row's figure: the row's span in the segment, its cells and description. */
  row?: { start: number; end: number; cells: readonly string[]; description?: string };
  /** A figure of a line "<label> <figures>" (a pay statement's as a PDF gives it): its label and its column's title. */
  line?: PayLine;
}

export interface PayLine {
  label: string;
  /** The title of the figure's column, by its place among the header's words. */
  title?: string;
  /** The first word of the header: what the lines under it are ("Earnings", "Deductions"). */
  header?: string;
  /** The header has an hours column: its rate column is a wage per hour. */
  hours: boolean;
}

/** "Gross pay 2,438.60", "Regular 27.40 80.00 2,192.00", « Salaire de base (151,67 h) 2 050,00 »: a short label (a note in brackets included), then figures with cents only. */
const PAY_LINE = /^[ \t]*(\p{L}[\p{L}\p{M}'’().&\/-]*(?:[ \t]\p{L}[\p{L}\p{M}'’().&\/-]*){0,5}(?:[ \t]*\([^()\n]{1,24}\))?)((?:[ \t]+[-−]?\d{1,3}(?:[,\u00a0 ]\d{3})*[.,]\d{2}){1,4})[ \t]*$/u;
/** A header line of a pay statement's columns: words only ("Earnings Rate Hours Current"). */
const HEADER_LINE = /^[ \t]*\p{L}[\p{L}\p{M}'’.&\/-]*(?:[ \t]+\p{L}[\p{L}\p{M}'’.&\/-]*){1,6}[ \t]*$/u;

/**
 * The title line of the block a figure's line stands in, within its segment ("EARNINGS", "DEDUCTIONS",
 * « RETENUES »): what the lines under it are, when a line's own label does not say ("Overtime pay",
 * "PhilHealth"). Only for a line that opens with its label.
 */
const BLOCK_TITLE = /^[ \t]*\p{L}[\p{L}\p{M}'’.&\/-]*(?:[ \t]+\p{L}[\p{L}\p{M}'’.&\/-]*){0,2}[ \t]*:?[ \t]*$/u;
export function blockHeader(text: string, at: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  if (!/^[ \t]*\p{L}/u.test(text.slice(lineStart, at))) return undefined;
  const above = text.slice(0, Math.max(0, lineStart - 1)).split('\n').reverse();
  for (const line of above) {
    if (BLOCK_TITLE.test(line)) return line.trim();
    if (!line.trim() || !/\d/.test(line)) return undefined;
  }
  return undefined;
}

/** The figures of the "<label> <figures>" lines of a block, each with its label and column title. */
export function payLines(text: string, statementCurrency: string, thousandths?: ThousandthsMark): Found[] {
  const out: Found[] = [];
  let header: string[] | undefined;
  let start = 0;
  for (const line of text.split('\n')) {
    const m = PAY_LINE.exec(line);
    if (HEADER_LINE.test(line)) header = line.trim().split(/\s+/);
    else if (m) {
      const figures = bareFigures(line, false, thousandths).filter((f) => f.start >= m[1].length);
      // The header's words after the first title the figures' columns when they are as many.
      const titles = header && header.length === figures.length + 1 ? header.slice(1) : undefined;
      const hours = Boolean(header?.some((w) => HOURS_COLUMN.test(w)));
      figures.forEach((f, k) => {
        const amount = parseAmount(f.written, thousandths);
        if (amount === undefined) return;
        out.push({ amount, currency: statementCurrency, start: start + f.start, end: start + f.end, written: false, line: { label: m[1].trim(), title: titles?.[k], header: header?.[0], hours } });
      });
    } else if (line.trim()) header = undefined;
    start += line.length + 1;
  }
  return out;
}

/** A table's header with no credit, debit or balance column: its rows are no statement's lines. */
const isStatementHeader = (header: TableHeader) => header.cells.some((c) => roleOf([], c.title, undefined) !== undefined);

/**
 * The rows of a pay statement's table ("Regular | 27.40 | 80.00 | 2,192.00" under "Earnings | Rate |
 * Hours | Current"): a label, then figures whose column says what they are. Read as pay lines, not as
 * a bank statement's money in and out.
 */
export function payRows(segment: Segment, found: Found[], header: TableHeader | undefined, headerText: string | undefined): Found[] {
  const cells = segment.cells;
  if (!cells || !header || isStatementHeader(header) || !/^\p{L}/u.test(cells[0]) || /\d/.test(cells[0]) || datesIn(segment.text).length > 0) return found;
  const hours = header.cells.some((c) => HOURS_COLUMN.test(c.title));
  return found.map((f) => (f.row ? { ...f, row: undefined, line: { label: cells[0], title: barredTitle(headerText, segment.text, f.start) ?? columnTitle(header, f.start, f.end), header: header.cells[0]?.title, hours } } : f));
}

/** What a pay line's figure is: none for hours, a wage for a rate, else what its label, column or header says. */
export function payLineKind(line: PayLine): { kind?: MoneyKind; per?: PayPeriod } {
  if (line.title && HOURS_COLUMN.test(line.title)) return {};
  if (line.title && RATE_COLUMN.test(line.title)) return { kind: 'salary', ...(line.hours ? { per: 'hour' as const } : {}) };
  return { kind: kindBefore(line.label) ?? (line.title ? kindBefore(line.title) : undefined) ?? (line.header ? kindBefore(line.header) : undefined) };
}
