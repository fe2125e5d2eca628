/**
 * Dates as case files write them, in English and French: 2021-03-14, 2021/03/14, 14/03/2021,
 * March 14, 2021, 14 March 2021, 14 mars 2021, 1er mars 2021, 14-MAR-21, March 2021, 2021-03.
 * Numeric day/month dates are read day first unless the first number cannot be a month's day order
 * (14/03/2021 and 03/14/2021 are both 14 March; 03/04/2021 is 3 April).
 */

export interface FoundDate {
  year: number;
  month: number;
  /** 1 when only the month is known. */
  day: number;
  precision: 'day' | 'month';
  /** Milliseconds since the epoch at 00:00 UTC. */
  time: number;
  /** `YYYY-MM-DD` (or `YYYY-MM` for month precision). */
  iso: string;
  start: number;
  end: number;
}

const MONTH_NUMBERS: Record<string, number> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6,
  july: 7, jul: 7, august: 8, aug: 8, september: 9, sept: 9, sep: 9, october: 10, oct: 10, november: 11,
  nov: 11, december: 12, dec: 12,
  janvier: 1, janv: 1, 'février': 2, fevrier: 2, 'févr': 2, fevr: 2, mars: 3, avril: 4, avr: 4, mai: 5,
  juin: 6, juillet: 7, juil: 7, 'août': 8, aout: 8, septembre: 9, octobre: 10, novembre: 11,
  'décembre': 12, decembre: 12, 'déc': 12,
};

/** Longest names first, so that "mars" is not read as "mar" followed by "s". */
const MONTH_NAMES = Object.keys(MONTH_NUMBERS).sort((a, b) => b.length - a.length).join('|');
const B = String.raw`(?<![\p{L}\p{N}])`;
/** Spaces between the words of a written date; a date may wrap onto the next line. */
const S = String.raw`(?:[ \t]+|[ \t]*\n[ \t]*)`;
const E = String.raw`(?![\p{L}\p{N}])`;

interface Pattern {
  regex: RegExp;
  read(m: RegExpExecArray): { year: number; month: number; day: number; precision: FoundDate['precision'] } | undefined;
}

const twoDigitYear = (y: string) => (y.length === 2 ? (Number(y) < 70 ? 2000 + Number(y) : 1900 + Number(y)) : Number(y));
const monthOf = (name: string) => MONTH_NUMBERS[name.toLowerCase().replace(/\.$/, '')];

const PATTERNS: Pattern[] = [
  {
    // 2021-03-14, 2021/03/14, 2021.03.14
    regex: new RegExp(String.raw`${B}(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${E}`, 'gu'),
    read: (m) => ({ year: +m[1], month: +m[2], day: +m[3], precision: 'day' }),
  },
  {
    // 14/03/2021, 14-03-2021, 14.03.2021 (day first unless impossible)
    regex: new RegExp(String.raw`${B}(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})${E}`, 'gu'),
    read: (m) => {
      const a = +m[1];
      const b = +m[2];
      if (a > 12 || b <= 12) return { year: +m[3], month: b, day: a, precision: 'day' };
      return { year: +m[3], month: a, day: b, precision: 'day' };
    },
  },
  {
    // 14 March 2021, 14 mars 2021, 1er mars 2021, 14th of March, 2021, 15 de diciembre de 2025 is not read
    regex: new RegExp(String.raw`${B}(\d{1,2})(?:st|nd|rd|th|er)?(?:${S}of)?${S}(${MONTH_NAMES})\.?,?${S}(\d{4})${E}`, 'giu'),
    read: (m) => ({ year: +m[3], month: monthOf(m[2]), day: +m[1], precision: 'day' }),
  },
  {
    // March 14, 2021
    regex: new RegExp(String.raw`${B}(${MONTH_NAMES})\.?${S}(\d{1,2})(?:st|nd|rd|th)?,?${S}(\d{4})${E}`, 'giu'),
    read: (m) => ({ year: +m[3], month: monthOf(m[1]), day: +m[2], precision: 'day' }),
  },
  {
    // 19-DEC-25, 01-DEC-2025 (bank statements)
    regex: new RegExp(String.raw`${B}(\d{1,2})-(${MONTH_NAMES})-(\d{2}|\d{4})${E}`, 'giu'),
    read: (m) => ({ year: twoDigitYear(m[3]), month: monthOf(m[2]), day: +m[1], precision: 'day' }),
  },
  {
    // March 2021, mars 2021
    regex: new RegExp(String.raw`${B}(${MONTH_NAMES})\.?,?${S}(\d{4})${E}`, 'giu'),
    read: (m) => ({ year: +m[2], month: monthOf(m[1]), day: 1, precision: 'month' }),
  },
  {
    // 2021-03 (forms' history lines: "2014-05 to 2016-02")
    regex: new RegExp(String.raw`${B}(\d{4})-(\d{2})(?![\p{L}\p{N}]|[-/.]\d)`, 'gu'),
    read: (m) => ({ year: +m[1], month: +m[2], day: 1, precision: 'month' }),
  },
];

function valid(year: number, month: number, day: number): boolean {
  if (!month || month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2100) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Every date in the text, in order of position; overlapping readings keep the first, most precise one. */
export function findDates(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  for (const pattern of PATTERNS) {
    pattern.regex.lastIndex = 0;
    for (const m of text.matchAll(pattern.regex)) {
      const read = pattern.read(m as RegExpExecArray);
      if (!read || !valid(read.year, read.month, read.day)) continue;
      const start = m.index ?? 0;
      const end = start + m[0].length;
      if (found.some((f) => start < f.end && f.start < end)) continue;
      found.push({
        ...read,
        time: Date.UTC(read.year, read.month - 1, read.day),
        iso: read.precision === 'day' ? `${read.year}-${pad(read.month)}-${pad(read.day)}` : `${read.year}-${pad(read.month)}`,
        start,
        end,
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The date that starts exactly at `offset` (after spaces), if any. */
export function dateAt(text: string, offset: number): FoundDate | undefined {
  const lead = /^[ \t]*/.exec(text.slice(offset))?.[0].length ?? 0;
  return findDates(text.slice(offset, offset + lead + 40)).find((d) => d.start === lead);
}

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

/** A FoundDate for a Date (used for the assessment day). */
export function dayOf(date: Date): Pick<FoundDate, 'time' | 'iso'> {
  const time = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return { time, iso: new Date(time).toISOString().slice(0, 10) };
}

/** Whether two readings can be the same day (a month-precision date matches any day of its month). */
export function sameDay(a: FoundDate, b: FoundDate): boolean {
  if (a.precision === 'month' || b.precision === 'month') return a.year === b.year && a.month === b.month;
  return a.time === b.time;
}

/** Parses one written date (the whole string), e.g. a profile fact's value. */
export function parseDate(written: string): FoundDate | undefined {
  const trimmed = written.trim();
  const d = findDates(trimmed)[0];
  return d && d.start === 0 && d.end === trimmed.length ? d : undefined;
}
