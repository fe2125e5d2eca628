/** The entry points of the one date reader: every date of a text, one written date, the date at an offset. */
import { found } from './calendar';
import { dateOrderOf } from './dateOrder';
import { compact, isoMonth, monthSlashYear, numeric, yearFirst } from './numericDates';
import { markPeriods, sharedYearPeriod } from './periods';
import type { Reader } from './reader';
import type { DateLanguage, FoundDate, ReadDatesOptions } from './types';
import { monthYear, written, writtenByPattern } from './writtenDates';
import { yearInContext, yearSpan } from './years';

/** Most precise first: a reading that overlaps an earlier reader's is dropped. */
const READERS: Reader[] = [yearFirst, sharedYearPeriod, written, writtenByPattern, compact, numeric, monthYear, isoMonth, monthSlashYear, yearSpan, yearInContext];

const CACHE_SIZE = 64;
const cache = new Map<string, FoundDate[]>();

/**
 * Every date in the text, in order of position. Overlapping readings keep the most precise one
 * (the first reader's). Pure: the same text and options give the same dates.
 */
export function readDates(text: string, options: ReadDatesOptions = {}): FoundDate[] {
  const order = options.order ?? dateOrderOf(text, options.language);
  const key = `${order}\u0000${options.language ?? ''}\u0000${text}`;
  const cached = cache.get(key);
  if (cached) return cached.map((d) => ({ ...d }));
  const languages: DateLanguage[] = options.language ? [options.language] : ['en', 'fr'];
  const kept: FoundDate[] = [];
  for (const reader of READERS) {
    for (const d of reader(text, order, languages)) {
      if (kept.some((k) => d.start < k.end && k.start < d.end)) continue;
      kept.push(d);
    }
  }
  kept.sort((a, b) => a.start - b.start);
  markPeriods(text, kept);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, kept);
  return kept.map((d) => ({ ...d }));
}

/**
 * One written date: the whole string must be the date (a form field's value, a label's match).
 * A year alone is read here, since the caller expects a date.
 */
export function parseDate(written: string, options: ReadDatesOptions = {}): FoundDate | undefined {
  const trimmed = written.trim().replace(/\s+/g, ' ');
  if (/^(?:19|20)\d{2}$/.test(trimmed)) return found({ year: +trimmed }, 0, 4);
  const dates = readDates(trimmed, options);
  const d = dates[0];
  return dates.length === 1 && d.start === 0 && d.end === trimmed.length ? d : undefined;
}

/** The date that starts exactly at `offset` (after spaces), if any; offsets are the text's. */
export function dateAt(text: string, offset: number, options: ReadDatesOptions = {}): FoundDate | undefined {
  const lead = /^[ \t]*/.exec(text.slice(offset))?.[0].length ?? 0;
  const window = text.slice(offset, offset + lead + 40);
  const d = readDates(window, { order: options.order ?? dateOrderOf(text, options.language), ...(options.language ? { language: options.language } : {}) }).find(
    (x) => x.start === lead,
  );
  return d && { ...d, start: d.start + offset, end: d.end + offset };
}

// ---------------------------------------------------------------------------------------------
// Comparisons.

/**
 * One written date the document states without doubt: `parseDate`, except that a numeric date
 * whose order is not settled (03/04/2021 with no cue) is not read, for rules that compare days.
 */
export function parseCertainDate(written: string, options: ReadDatesOptions = {}): FoundDate | undefined {
  const d = parseDate(written, options);
  return d && !d.ambiguous ? d : undefined;
}
