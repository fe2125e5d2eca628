/**
 * A `FactDate` as a range of days: a day-precision date is one day; a month-precision date is any
 * day of that month; a year-precision date any day of that year. An ambiguous numeric date spans
 * both of its readings. Rules that need a day use `day` and, when it is absent, say which day to find.
 */
import type { FactDate } from '../../contracts/caseFacts';
import { lastDayOfMonth } from './days';

export interface DayRange {
  /** The earliest day the date can be. */
  first: string;
  /** The latest day the date can be. */
  last: string;
  /** The day itself, only when the file gives it to the day and unambiguously. */
  day?: string;
}

function rangeOfIso(iso: string): { first: string; last: string } {
  const [y, m, d] = iso.split('-');
  if (d) return { first: iso, last: iso };
  if (m) return { first: `${y}-${m}-01`, last: `${y}-${m}-${String(lastDayOfMonth(Number(y), Number(m))).padStart(2, '0')}` };
  return { first: `${y}-01-01`, last: `${y}-12-31` };
}

export function dayRange(date: FactDate): DayRange {
  const readings = [date.iso, ...(date.ambiguous ?? [])].map(rangeOfIso);
  const first = readings.map((r) => r.first).sort()[0];
  const last = readings.map((r) => r.last).sort().reverse()[0];
  const exact = date.precision === 'day' && !(date.ambiguous && date.ambiguous.some((a) => a !== date.iso)) && first === last;
  return exact ? { first, last, day: first } : { first, last };
}

/** How the file gives the date, for a sentence: `2024-03-05`, `March 2024 (no day)`, `2024 (no month or day)`. */
export function describeDate(date: FactDate): string {
  const r = dayRange(date);
  if (r.day) return r.day;
  if (date.ambiguous && date.ambiguous.length > 1) return `${date.ambiguous.join(' or ')} (ambiguous)`;
  return date.precision === 'month' ? `${date.iso} (month only)` : `${date.iso} (year only)`;
}
