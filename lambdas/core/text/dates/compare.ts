/** Comparisons between dates read at different precisions. */
import type { DateParts, FoundDate } from './types';

/** Whole months from `a` to `b` (negative when `b` is earlier). */
export function monthsBetween(a: Pick<FoundDate, 'time'>, b: Pick<FoundDate, 'time'>): number {
  const from = new Date(a.time);
  const to = new Date(b.time);
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  if (to.getUTCDate() < from.getUTCDate()) months -= 1;
  return months;
}

export function daysBetween(a: Pick<FoundDate, 'time'>, b: Pick<FoundDate, 'time'>): number {
  return Math.round((b.time - a.time) / 86_400_000);
}

/** The day of a Date (e.g. the assessment day), as a comparable date. */
export function dayOf(date: Date): Pick<FoundDate, 'time' | 'iso'> {
  const time = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return { time, iso: new Date(time).toISOString().slice(0, 10) };
}

/**
 * -1 when `a` is before `b`, 1 when after, 0 when they are the same at full precision, undefined
 * when the coarser one cannot tell (2023 and 2023-06-14).
 */
export function compareDates(a: DateParts, b: DateParts): -1 | 0 | 1 | undefined {
  if (a.year !== b.year) return a.year < b.year ? -1 : 1;
  if (a.month === undefined || b.month === undefined) return a.month === b.month ? 0 : undefined;
  if (a.month !== b.month) return a.month < b.month ? -1 : 1;
  if (a.day === undefined || b.day === undefined) return a.day === b.day ? 0 : undefined;
  if (a.day !== b.day) return a.day < b.day ? -1 : 1;
  return 0;
}

/** Whether two readings can be the same day (a month or a year matches any day within it). */
export function sameDay(a: DateParts, b: DateParts): boolean {
  if (a.year !== b.year) return false;
  if (a.month === undefined || b.month === undefined) return true;
  if (a.month !== b.month) return false;
  return a.day === undefined || b.day === undefined || a.day === b.day;
}

/** Both dates name a day and they differ. */
export function differentDays(a: DateParts, b: DateParts): boolean {
  return a.day !== undefined && b.day !== undefined && compareDates(a, b) !== 0;
}

/** Months since year 0 (January when the month is not known). */
export function monthIndex(d: DateParts): number {
  return d.year * 12 + ((d.month ?? 1) - 1);
}
