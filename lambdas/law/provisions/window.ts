/**
 * Whether a day the file gives only roughly (a range) falls on or before a boundary that may itself
 * be a range: `yes` for every possible pair of days, `no` for none, `unclear` otherwise (then the
 * rule says which day to find instead of guessing).
 */
import type { DayRange } from '../calendar';

export type Answer = 'yes' | 'no' | 'unclear';

export function onOrBefore(day: Pick<DayRange, 'first' | 'last'>, boundary: Pick<DayRange, 'first' | 'last'>): Answer {
  if (day.last <= boundary.first) return 'yes';
  if (day.first > boundary.last) return 'no';
  return 'unclear';
}

/** A boundary range shifted by a function of its days (e.g. three years later). */
export const shifted = (range: Pick<DayRange, 'first' | 'last'>, by: (iso: string) => string) => ({ first: by(range.first), last: by(range.last) });

/** `2025-05-10`, or `between 2025-05-01 and 2025-05-31` for a range. */
export const spoken = (range: Pick<DayRange, 'first' | 'last'>): string => (range.first === range.last ? range.first : `between ${range.first} and ${range.last}`);
