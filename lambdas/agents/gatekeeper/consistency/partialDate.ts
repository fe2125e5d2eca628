/**
 * Dates as case files write them, to the precision they are written: a day ("2023-06-14",
 * "14 June 2023", "June 14, 2023"), a month ("2014-05", "May 2014") or a year ("2019"). Comparisons
 * only decide when both sides are precise enough.
 */

export interface PartialDate {
  year: number;
  month?: number;
  day?: number;
}

const MONTH_NAMES = 'Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?';
const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };
const S = String.raw`\s+`;

/**
 * Source of a date of any precision (day, month or year). Whitespace inside may include a line break,
 * as when a PDF wraps "5 March" and "2018" onto two lines.
 */
export const PARTIAL_DATE_SOURCE = [
  String.raw`\d{4}-\d{1,2}-\d{1,2}`,
  String.raw`\d{4}/\d{1,2}/\d{1,2}`,
  String.raw`\d{1,2}(?:st|nd|rd|th)?${S}(?:${MONTH_NAMES})\.?,?${S}\d{4}`,
  String.raw`(?:${MONTH_NAMES})\.?${S}\d{1,2}(?:st|nd|rd|th)?,?${S}\d{4}`,
  String.raw`\d{4}-\d{1,2}(?![\d-])`,
  String.raw`(?:${MONTH_NAMES})\.?,?${S}\d{4}`,
  String.raw`\d{1,2}/\d{4}`,
  String.raw`(?<![\d/-])(?:19|20)\d{2}(?![\d/-])`,
].map((s) => `(?:${s})`).join('|');

const valid = (d: PartialDate): boolean =>
  d.year >= 1900 && d.year <= 2100 && (d.month === undefined || (d.month >= 1 && d.month <= 12)) && (d.day === undefined || (d.day >= 1 && d.day <= 31));

/** Reads one written date; undefined when it is not a date or is ambiguous (12/04/2003). */
export function parsePartialDate(written: string): PartialDate | undefined {
  const text = written.trim().replace(/\s+/g, ' ');
  const month = (name: string) => MONTHS[name.slice(0, 3).toLowerCase()];
  let m: RegExpExecArray | null;
  let d: PartialDate | undefined;
  if ((m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text))) d = { year: +m[1], month: +m[2], day: +m[3] };
  else if ((m = /^(\d{1,2})(?:st|nd|rd|th)? ([A-Za-z]+)\.?,? (\d{4})$/.exec(text)) && month(m[2])) d = { year: +m[3], month: month(m[2]), day: +m[1] };
  else if ((m = /^([A-Za-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(text)) && month(m[1])) d = { year: +m[3], month: month(m[1]), day: +m[2] };
  else if ((m = /^(\d{4})-(\d{1,2})$/.exec(text))) d = { year: +m[1], month: +m[2] };
  else if ((m = /^([A-Za-z]+)\.?,? (\d{4})$/.exec(text)) && month(m[1])) d = { year: +m[2], month: month(m[1]) };
  else if ((m = /^(\d{1,2})\/(\d{4})$/.exec(text))) d = { year: +m[2], month: +m[1] };
  else if ((m = /^(\d{4})$/.exec(text))) d = { year: +m[1] };
  return d && valid(d) ? d : undefined;
}

/** `2023-06-14`, `2014-05` or `2019`. */
export function formatPartialDate(d: PartialDate): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.year}${d.month ? `-${pad(d.month)}${d.day ? `-${pad(d.day)}` : ''}` : ''}`;
}

/**
 * -1 when `a` is before `b`, 1 when after, 0 when they are the same at full precision, undefined
 * when the coarser one cannot tell (2023 and 2023-06-14).
 */
export function comparePartialDates(a: PartialDate, b: PartialDate): -1 | 0 | 1 | undefined {
  if (a.year !== b.year) return a.year < b.year ? -1 : 1;
  if (a.month === undefined || b.month === undefined) return a.month === b.month ? 0 : undefined;
  if (a.month !== b.month) return a.month < b.month ? -1 : 1;
  if (a.day === undefined || b.day === undefined) return a.day === b.day ? 0 : undefined;
  if (a.day !== b.day) return a.day < b.day ? -1 : 1;
  return 0;
}

/** Months since year 0 (month 1 when the month is not known). */
export function monthIndex(d: PartialDate): number {
  return d.year * 12 + ((d.month ?? 1) - 1);
}

/** Both dates name a day and they differ. */
export function differentDays(a: PartialDate, b: PartialDate): boolean {
  return a.day !== undefined && b.day !== undefined && comparePartialDates(a, b) !== 0;
}
