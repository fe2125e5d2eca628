/**
 * Calendar days as ISO strings (`YYYY-MM-DD`), counted in UTC so that no time zone or daylight
 * saving change can move a day. Pure arithmetic on the proleptic Gregorian calendar; no library in
 * node_modules does date-only arithmetic, and this is the whole of what the rules need.
 */

const DAY_MS = 86_400_000;

/** Milliseconds at 00:00 UTC of an ISO day. */
function timeOf(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

const isoOfTime = (t: number): string => new Date(t).toISOString().slice(0, 10);

/** The ISO day of a moment, read in UTC (the audit's clock). */
export const isoDayOf = (moment: Date): string => isoOfTime(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));

export const addDays = (iso: string, days: number): string => isoOfTime(timeOf(iso) + days * DAY_MS);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((timeOf(to) - timeOf(from)) / DAY_MS);

export const lastDayOfMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The day with the same calendar number `months` months later; when that month has no such day
 * (31 January + 1 month, 29 February + 12 months) its last day. This is how the Interpretation Act
 * (R.S.C. 1985, c. I-21) s 28(c) counts a period of months, and a year is twelve months: a period
 * of years from 29 February therefore ends on 28 February, never on 1 March.
 */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(d, lastDayOfMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const addYears = (iso: string, years: number): string => addMonths(iso, years * 12);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (iso: string): number => new Date(timeOf(iso)).getUTCDay();

export const isWeekend = (iso: string): boolean => weekday(iso) === 0 || weekday(iso) === 6;

export const earlier = (a: string, b: string): string => (a <= b ? a : b);
export const later = (a: string, b: string): string => (a >= b ? a : b);
