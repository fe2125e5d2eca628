/**
 * The one date reader of the product, English and French. Case files write dates every way there is:
 * 2021-03-14, 2021/03/14, 14/03/2021, 03/14/2021, 14-MAR-21, March 14, 2021, 14 mars 2021,
 * 1er mars 2021, March 2021, 03/2021, 2021-03, "in 2019", "from March 2019 to June 2021",
 * "de mars 2019 à juin 2021", "2019–2021", "since May 2018", "depuis 2018".
 *
 * Written dates with a day (a month name, a day and a year) are read by chrono-node's strict English
 * and French parsers, keeping only readings whose day, month and year are all written (never a
 * relative date such as "yesterday" resolved against today). Numeric dates are read here, because
 * their order is a property of the document, not of a date: 03/04/2021 is 3 April in a file that
 * also writes 25/12/2020 and 4 March in one that writes 12/25/2020; with no cue it is `ambiguous`,
 * with both readings. A bare number is a date only where a date is expected (a year after "in",
 * "since", "en", "depuis", a year label, or in a range), so amounts, pages, sections, phone numbers
 * and form numbers are never read as dates.
 */
import * as chrono from 'chrono-node';
import words from './dateWords.json';

export type DateOrder = 'day-first' | 'month-first' | 'unknown';
export type DateLanguage = 'en' | 'fr';
export type DatePrecision = 'year' | 'month' | 'day';

/** A date to the precision it is written: a year, a month of a year, or a day. */
export interface DateParts {
  year: number;
  month?: number;
  day?: number;
}

export interface FoundDate extends DateParts {
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` by precision (the day-first reading when `ambiguous`). */
  iso: string;
  precision: DatePrecision;
  /** Both readings (day-first first) of a numeric date the document's order cannot settle. */
  ambiguous?: string[];
  /** Milliseconds since the epoch at 00:00 UTC of the first day the date can mean. */
  time: number;
  /** Offsets of the written date in the text. */
  start: number;
  end: number;
  /** Its place in a period: the opening date ("from X", "X–Y", "since X") or the closing one. */
  range?: 'from' | 'to' | 'since';
  /** For a period's opening date: its closing date, or `present` ("2019 to present"). */
  until?: Pick<FoundDate, 'iso' | 'precision' | 'time'> | 'present';
}

export interface ReadDatesOptions {
  /** How the document writes numeric dates; inferred from the text itself (`dateOrderOf`) when not given. */
  order?: DateOrder;
  /** Restricts the written-date parsers to one language; both are used when not given. */
  language?: DateLanguage;
}

// ---------------------------------------------------------------------------------------------
// Lexicon → regular-expression pieces. Sources here avoid \p{…} so that callers may embed them in
// patterns with or without the `u` flag.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (list: readonly string[]) => [...list].sort((a, b) => b.length - a.length).map(escape).join('|');

const MONTH_NUMBERS = new Map(Object.entries(words.months).map(([name, n]) => [name.toLowerCase(), n]));
const MONTH = `(?:${alternation([...MONTH_NUMBERS.keys()])})\\.?`;
const ORDINAL = `(?:${alternation(words.ordinalSuffixes)})?`;
/** Letters of English and French words, for word boundaries without the `u` flag. */
const L = 'A-Za-z\\u00C0-\\u017F';
const B = `(?<![${L}0-9])(?<![0-9][-/.,])`;
const E = `(?![${L}0-9])(?![-/.,][0-9])`;
/** Spaces between the words of a written date; PDFs wrap a date onto the next line. */
const S = '(?:[ \\t\\u00a0]+|[ \\t\\u00a0]*\\n[ \\t\\u00a0]*)';
const YEAR4 = '(?:19|20)\\d{2}';

function monthNumber(name: string): number | undefined {
  return MONTH_NUMBERS.get(name.toLowerCase().replace(/\.$/, ''));
}

/**
 * Regular-expression source (no capture groups, no `u` flag needed) of one written date of any
 * precision, a bare year included: for patterns that find a date after a label ("Date of marriage:
 * {date}"), where a year alone is a date. Read the match with `parseDate`.
 */
export const DATE_SOURCE = [
  `${YEAR4}[-/.]\\d{1,2}[-/.]\\d{1,2}(?![0-9])`,
  `\\d{1,2}[-/.]\\d{1,2}[-/.]${YEAR4}`,
  `\\d{1,2}[-/ ]${MONTH}[-/ ](?:${YEAR4}|\\d{2})(?![0-9])`,
  `\\d{1,2}${ORDINAL}(?:${S}(?:${alternation(words.dayMonthJoiners)}))?${S}${MONTH}(?:/${MONTH})?,?${S}${YEAR4}`,
  `${MONTH}${S}\\d{1,2}${ORDINAL},?${S}${YEAR4}`,
  `${MONTH}(?:,?(?:${S}(?:of|de))?${S}|[-/])${YEAR4}`,
  `${YEAR4}[-/]\\d{1,2}(?![0-9]|[-/.][0-9])`,
  `\\d{1,2}/${YEAR4}`,
  `(?<![0-9/-])${YEAR4}(?![0-9/-])`,
]
  .map((s) => `(?:${s})`)
  .join('|');

// ---------------------------------------------------------------------------------------------
// Calendar helpers.

const pad = (n: number) => String(n).padStart(2, '0');

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2100) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const validMonth = (year: number, month: number) => month >= 1 && month <= 12 && year >= 1900 && year <= 2100;

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
export function isoOf(d: DateParts): string {
  if (d.month === undefined) return String(d.year);
  return d.day === undefined ? `${d.year}-${pad(d.month)}` : `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

function found(parts: DateParts, start: number, end: number, ambiguous?: string[]): FoundDate {
  const precision: DatePrecision = parts.day !== undefined ? 'day' : parts.month !== undefined ? 'month' : 'year';
  return {
    ...parts,
    iso: isoOf(parts),
    precision,
    ...(ambiguous ? { ambiguous } : {}),
    time: Date.UTC(parts.year, (parts.month ?? 1) - 1, parts.day ?? 1),
    start,
    end,
  };
}

const twoDigitYear = (y: string) => (y.length === 2 ? (Number(y) < 70 ? 2000 + Number(y) : 1900 + Number(y)) : Number(y));

// ---------------------------------------------------------------------------------------------
// The document's numeric order.

const NUMERIC = new RegExp(`${B}(\\d{1,2})([-/.])(\\d{1,2})\\2(${YEAR4}|\\d{2})${E}`, 'g');
const FRENCH_CUES = new Set(words.frenchCues);

/** French when French words outnumber English ones clearly enough to say. */
function looksFrench(text: string): boolean {
  const tokens = text.toLowerCase().match(/[a-zà-ÿ]+/g) ?? [];
  if (tokens.length === 0) return false;
  const french = tokens.filter((t) => FRENCH_CUES.has(t)).length;
  const english = tokens.filter((t) => t === 'the' || t === 'and' || t === 'of' || t === 'is' || t === 'to').length;
  return french >= 3 && french > 2 * english;
}

/**
 * How the document writes numeric dates, from its own unambiguous ones (25/12/2020 → day-first,
 * 12/25/2020 → month-first), else a format label ("DD/MM/YYYY", "JJ/MM/AAAA", "MM/DD/YYYY"), else its
 * language (French writes day first); `unknown` when nothing settles it or the cues disagree.
 */
export function dateOrderOf(text: string, language?: DateLanguage): DateOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const m of text.matchAll(NUMERIC)) {
    if (m[2] !== '/' && m[4].length === 2) continue;
    const a = Number(m[1]);
    const b = Number(m[3]);
    if (a > 12 && b >= 1 && b <= 12) dayFirst += 1;
    else if (b > 12 && a >= 1 && a <= 12) monthFirst += 1;
  }
  if (dayFirst > 0 && monthFirst === 0) return 'day-first';
  if (monthFirst > 0 && dayFirst === 0) return 'month-first';
  if (dayFirst > 0 && monthFirst > 0) return 'unknown';
  const lower = text.toLowerCase();
  const dayCue = words.dayFirstCues.some((c) => lower.includes(c));
  const monthCue = words.monthFirstCues.some((c) => lower.includes(c));
  if (dayCue !== monthCue) return dayCue ? 'day-first' : 'month-first';
  if (language === 'fr' || (language === undefined && looksFrench(text))) return 'day-first';
  return 'unknown';
}

// ---------------------------------------------------------------------------------------------
// Readers. Each returns dates with offsets; the first reader to claim a span keeps it.

type Reader = (text: string, order: DateOrder, languages: readonly DateLanguage[]) => FoundDate[];

function byPattern(source: string, flags: string, read: (m: RegExpExecArray, order: DateOrder) => FoundDate | undefined): Reader {
  const regex = new RegExp(source, flags);
  return (text, order) => {
    const out: FoundDate[] = [];
    for (const m of text.matchAll(regex)) {
      const d = read(m as RegExpExecArray, order);
      if (d) out.push(d);
    }
    return out;
  };
}

const spanOf = (m: RegExpExecArray) => [m.index, m.index + m[0].length] as const;

/** 2021-03-14, 2021/03/14, 2021.03.14, 2021-03-14T10:00:00Z: year first is always year, month, day. */
const yearFirst = byPattern(`${B}(${YEAR4})([-/.])(\\d{1,2})\\2(\\d{1,2})(?:${E}|(?=T\\d{2}:))`, 'g', (m) => {
  const [y, mo, d] = [+m[1], +m[3], +m[4]];
  return validDay(y, mo, d) ? found({ year: y, month: mo, day: d }, ...spanOf(m)) : undefined;
});

/** 14/03/2021, 03-14-2021, 14.03.2021, 14/03/21: the order decides, or both readings are kept. */
const numeric = byPattern(NUMERIC.source, 'g', (m, order) => {
  if (m[2] !== '/' && m[4].length === 2) return undefined; // 12.03.21 is as likely a section or version number
  const [a, b, y] = [+m[1], +m[3], twoDigitYear(m[4])];
  const dayFirst = validDay(y, b, a) ? { year: y, month: b, day: a } : undefined;
  const monthFirst = validDay(y, a, b) ? { year: y, month: a, day: b } : undefined;
  const span = spanOf(m);
  if (dayFirst && monthFirst && a !== b) {
    if (order === 'day-first') return found(dayFirst, ...span);
    if (order === 'month-first') return found(monthFirst, ...span);
    return found(dayFirst, ...span, [isoOf(dayFirst), isoOf(monthFirst)]);
  }
  const only = dayFirst ?? monthFirst;
  return only ? found(only, ...span) : undefined;
});

/** 14-MAR-21, 01-DEC-2025, 14 MAR 21 (bank statements, passports). */
const compact = byPattern(`${B}(\\d{1,2})([-/ ])(${MONTH})\\2(${YEAR4}|\\d{2})${E}`, 'gi', (m) => {
  const month = monthNumber(m[3]);
  const [y, d] = [twoDigitYear(m[4]), +m[1]];
  return month && validDay(y, month, d) ? found({ year: y, month, day: d }, ...spanOf(m)) : undefined;
});

const CHRONO: Record<DateLanguage, chrono.Chrono> = { en: chrono.en.strict, fr: chrono.fr.strict };
const MONTH_NAME = new RegExp(`(?<![${L}])${MONTH}(?![${L}])`, 'gi');
const WRITTEN_DAY_DATE = new RegExp(
  `\\d{1,2}${ORDINAL}(?:${S}(?:${alternation(words.dayMonthJoiners)}))?${S}${MONTH},?${S}\\d{4}|${MONTH}${S}\\d{1,2}${ORDINAL},?${S}\\d{4}`,
  'i',
);
/** Characters either side of a month name that a written date can take ("Wednesday, the 3rd of June 2020"). */
const WINDOW = 30;

/** Stretches of text around month names: chrono reads only these, not whole pages. */
function monthWindows(text: string): Array<[number, number]> {
  const windows: Array<[number, number]> = [];
  for (const m of text.matchAll(MONTH_NAME)) {
    const from = Math.max(0, m.index - WINDOW);
    const to = Math.min(text.length, m.index + m[0].length + WINDOW);
    const last = windows[windows.length - 1];
    if (last && from <= last[1]) last[1] = to;
    else windows.push([from, to]);
  }
  return windows;
}

/**
 * March 14, 2021; 14 March 2021; the 3rd of June 2020; 14 mars 2021; le 1er mars 2021. Chrono reads
 * the windows around month names joined into one text (one call per language, not one per window).
 */
const written: Reader = (text, _order, languages) => {
  const windows = monthWindows(text).filter(([from, to]) => WRITTEN_DAY_DATE.test(text.slice(from, to)));
  if (windows.length === 0) return [];
  const GAP = '\n\n;\n\n';
  const joined: string[] = [];
  const origins: Array<{ at: number; from: number }> = [];
  let length = 0;
  for (const [from, to] of windows) {
    origins.push({ at: length, from });
    joined.push(text.slice(from, to));
    length += to - from + GAP.length;
  }
  const source = joined.join(GAP);
  const toText = (at: number) => {
    let o = origins[0];
    for (const candidate of origins) if (candidate.at <= at) o = candidate;
    return o.from + (at - o.at);
  };
  const out: FoundDate[] = [];
  for (const language of languages) {
    for (const r of CHRONO[language].parse(source, new Date(Date.UTC(2000, 0, 1)))) {
      const s = r.start;
      // Periods are read by sharedYearPeriod and markPeriods; chrono's own would mix the two days.
      if (r.end) continue;
      if (!s.isCertain('year') || !s.isCertain('month') || !s.isCertain('day')) continue;
      // Keep the written date only (numeric dates are read by their order, above), not a time or weekday around it.
      const inner = WRITTEN_DAY_DATE.exec(r.text);
      if (!inner) continue;
      const [year, month, day] = [s.get('year'), s.get('month'), s.get('day')];
      if (year === null || month === null || day === null || !validDay(year, month, day)) continue;
      if (Number(/\d{1,2}(?!\d)/.exec(inner[0].replace(/\b\d{4}\b/, ''))?.[0]) !== day) continue;
      const start = toText(r.index + inner.index);
      const end = start + inner[0].length;
      // A window's edge can cut a longer figure ("12 March 20215"): the date must end where the text's word does.
      if (text.slice(start, end) !== inner[0] || /[0-9]/.test(text.charAt(end)) || /[0-9]/.test(text.charAt(start - 1))) continue;
      out.push(found({ year, month, day }, start, end));
    }
  }
  return out;
};

/**
 * The same written dates by pattern, for the forms chrono does not take: certificates' "this 5th day
 * of February, 2024", French "le 3e jour de mars 2024", passports' "14 MAR/MARS 2021", and any
 * chrono leaves out in one language.
 */
const writtenByPattern: Reader = (text) => {
  const out: FoundDate[] = [];
  // A bilingual passport writes both languages' month: "14 MAR/MARS 2021".
  const dayFirst = new RegExp(`(?<![${L}0-9])(\\d{1,2})${ORDINAL}(?:${S}(?:${alternation(words.dayMonthJoiners)}))?${S}(${MONTH})(?:/${MONTH})?,?${S}(${YEAR4})${E}`, 'gi');
  const monthFirst = new RegExp(`(?<![${L}0-9])(${MONTH})${S}(\\d{1,2})${ORDINAL},?${S}(${YEAR4})${E}`, 'gi');
  for (const [regex, dayAt, monthAt] of [[dayFirst, 1, 2], [monthFirst, 2, 1]] as const) {
    for (const m of text.matchAll(regex)) {
      const month = monthNumber(m[monthAt]);
      const [year, day] = [+m[3], +m[dayAt]];
      if (month && validDay(year, month, day)) out.push(found({ year, month, day }, m.index, m.index + m[0].length));
    }
  }
  return out;
};

const NUMBER_LABEL = new RegExp(`(?:^|[^${L}])(?:${alternation(words.numberLabels)})[ \\t]*$`, 'i');

/** Joiners of two days in one written period ("10 au 25 juillet 2023"): not "and", which lists. */
const DAY_JOINER = `[ \\t]*(?:${alternation(words.rangeJoiners.filter((j) => !/^(?:and|et)$/.test(j)))})[ \\t]*`;
const SHARED_DAY_FIRST = new RegExp(
  `(?<![${L}0-9])(\\d{1,2})${ORDINAL}(?:${S}(${MONTH}))?${DAY_JOINER}(?:(?:le|the)${S})?(\\d{1,2})${ORDINAL}${S}(${MONTH}),?${S}(${YEAR4})${E}`,
  'gid',
);
const SHARED_MONTH_FIRST = new RegExp(`(?<![${L}0-9])(${MONTH})${S}(\\d{1,2})${ORDINAL}${DAY_JOINER}(?:(${MONTH})${S})?(\\d{1,2})${ORDINAL},?${S}(${YEAR4})${E}`, 'gid');

/**
 * A period whose opening day borrows the closing day's year, or month and year: "du 10 au 25 juillet
 * 2023", "10 June to 2 July 2024", "July 10–25, 2023", "July 28 – August 3, 2022". Both days are
 * read; the opening one only when it is not after the closing one.
 */
const sharedYearPeriod: Reader = (text) => {
  const out: FoundDate[] = [];
  const push = (m: RegExpExecArray, d1: number, m1: number | undefined, d2: number, m2: number, year: number, firstEnd: number, secondStart: number) => {
    const month1 = m1 ?? m2;
    if (NUMBER_LABEL.test(text.slice(Math.max(0, m.index - 20), m.index))) return;
    if (!validDay(year, month1, d1) || !validDay(year, m2, d2)) return;
    if (Date.UTC(year, month1 - 1, d1) >= Date.UTC(year, m2 - 1, d2)) return;
    out.push(found({ year, month: month1, day: d1 }, m.index, firstEnd), found({ year, month: m2, day: d2 }, secondStart, m.index + m[0].length));
  };
  for (const m of text.matchAll(SHARED_DAY_FIRST)) {
    const idx = m.indices!;
    const month1 = m[2] ? monthNumber(m[2]) : undefined;
    const month2 = monthNumber(m[4]);
    if (!month2 || (m[2] && !month1)) continue;
    push(m, +m[1], month1, +m[3], month2, +m[5], (m[2] ? idx[2] : idx[1])![1], idx[3]![0]);
  }
  for (const m of text.matchAll(SHARED_MONTH_FIRST)) {
    const idx = m.indices!;
    const month1 = monthNumber(m[1]);
    const month2 = m[3] ? monthNumber(m[3]) : month1;
    if (!month1 || !month2) continue;
    push(m, +m[2], month1, +m[4], month2, +m[5], idx[2]![1], (m[3] ? idx[3] : idx[4])![0]);
  }
  return out;
};

/** March 2021, Mar. 2021, mars 2021, March of 2021, juin 2021, Mar-2021, MAR/2021. */
const monthYear = byPattern(`(?<![${L}0-9])(${MONTH})(?:,?(?:${S}(?:of|de))?${S}|[-/])(${YEAR4})${E}`, 'gi', (m) => {
  const month = monthNumber(m[1]);
  const year = +m[2];
  return month && validMonth(year, month) ? found({ year, month }, ...spanOf(m)) : undefined;
});

/** 2021-03, 2021/03 (forms' history lines: "2014-05 to 2016-02"). */
const isoMonth = byPattern(`${B}(${YEAR4})[-/](\\d{1,2})${E}`, 'g', (m) => {
  const [year, month] = [+m[1], +m[2]];
  return validMonth(year, month) ? found({ year, month }, ...spanOf(m)) : undefined;
});

/** 03/2021 (forms' "MM/YYYY" fields). */
const monthSlashYear = byPattern(`${B}(\\d{1,2})/(${YEAR4})${E}`, 'g', (m) => {
  const [month, year] = [+m[1], +m[2]];
  return validMonth(year, month) ? found({ year, month }, ...spanOf(m)) : undefined;
});

const CITATION = new RegExp(`^[ \\t]*(?:${alternation(words.citationMarks)})(?![A-Za-z])`);
const UNIT_AFTER = /^[ \t]*(?:\$|€|£|%|dollars?|euros?|usd|cad|eur|km|kg|hours?|heures?|h\b|copies|pages?|words|mots|points?)/i;
const YEAR_LEAD = new RegExp(`(?:^|[^${L}])(?:${alternation(words.yearLeadWords)})[ \\t]+$`, 'i');
const YEAR_LABEL = new RegExp(`(?:^|[^${L}])(?:${alternation(words.yearLabelWords)})(?![${L}])[^:\\n]{0,40}:[ \\t]*$`, 'i');

/**
 * A year alone, only where a date is expected: after "in", "since", "en", "depuis" and the like, or
 * after a year label ("Year of marriage: 2019"); never in a reporter citation ("2019 FC 1234") and
 * never a figure with a unit ("2000 dollars").
 */
const yearInContext: Reader = (text) => {
  const out: FoundDate[] = [];
  for (const m of text.matchAll(new RegExp(`${B}(${YEAR4})${E}`, 'g'))) {
    const before = text.slice(Math.max(0, m.index - 60), m.index);
    const after = text.slice(m.index + 4, m.index + 24);
    if (CITATION.test(after) || UNIT_AFTER.test(after)) continue;
    if (!YEAR_LEAD.test(before) && !YEAR_LABEL.test(before)) continue;
    out.push(found({ year: +m[1] }, m.index, m.index + 4));
  }
  return out;
};

const SPAN = new RegExp(
  `(?:(?<![${L}])(?:${alternation(words.rangeOpeners)})[ \\t]+)?${B}(${YEAR4})[ \\t]*(?:[-–—]|[ \\t](?:${alternation(words.rangeJoiners)})[ \\t])[ \\t]*(${YEAR4})${E}`,
  'gi',
);

/**
 * 2019–2021, 2019 - 2021, "from 2019 to 2021", "de 2019 à 2021", "between 2015 and 2017", "entre
 * 2015 et 2017": a span of years (the second not before the first). Joined by a word, the span needs
 * its opening word, so that "2015 and 2017" stays two figures.
 */
const yearSpan: Reader = (text) => {
  const out: FoundDate[] = [];
  for (const m of text.matchAll(SPAN)) {
    const [a, b] = [+m[1], +m[2]];
    const opened = !/^\d/.test(m[0]);
    const dashed = /^\d{4}[ \t]*[-–—]/.test(m[0].slice(m[0].indexOf(m[1])));
    if (b < a || (!opened && !dashed) || CITATION.test(text.slice(m.index + m[0].length))) continue;
    const first = m.index + m[0].indexOf(m[1]);
    const second = m.index + m[0].length - 4;
    out.push(found({ year: a }, first, first + 4), found({ year: b }, second, second + 4));
  }
  return out;
};

const READERS: Reader[] = [yearFirst, sharedYearPeriod, written, writtenByPattern, compact, numeric, monthYear, isoMonth, monthSlashYear, yearSpan, yearInContext];

// ---------------------------------------------------------------------------------------------
// Periods.

const OPENER = new RegExp(`(?:^|[^${L}])(?:${alternation(words.openEndedOpeners)})[ \\t]+(?:(?:le|the)[ \\t]+)?$`, 'i');
const JOINER = new RegExp(`^[ \\t]*(?:${alternation(words.rangeJoiners)})[ \\t]*(?:(?:le|the)[ \\t]+)?$`, 'i');
const SINCE = new RegExp(`(?:^|[^${L}])(?:${alternation(words.sinceWords)})[ \\t]*(?:(?:le|the)[ \\t]+)?$`, 'i');
const TO_PRESENT = new RegExp(`^[ \\t]*(?:${alternation(words.rangeJoiners)})[ \\t]*(?:${alternation(words.presentWords)})(?![${L}])`, 'i');

/** Marks the dates that open and close periods: "from A to B", "A–B", "since A", "A to present". */
function markPeriods(text: string, dates: FoundDate[]): void {
  for (let i = 0; i < dates.length; i++) {
    const d = dates[i];
    const next = dates[i + 1];
    const before = text.slice(Math.max(0, d.start - 30), d.start);
    if (next && d.range !== 'to' && JOINER.test(text.slice(d.end, next.start))) {
      const joiner = text.slice(d.end, next.start).trim();
      // "A and B" is a period only after "between"/"entre"; "A, B" is a list.
      if (!/^(?:and|et)$/i.test(joiner) || /(?:between|entre)[ \t]+$/i.test(before)) {
        d.range = 'from';
        d.until = { iso: next.iso, precision: next.precision, time: next.time };
        next.range = 'to';
        continue;
      }
    }
    if (d.range) continue;
    if (TO_PRESENT.test(text.slice(d.end, d.end + 40))) {
      d.range = 'from';
      d.until = 'present';
    } else if (SINCE.test(before)) d.range = 'since';
    else if (OPENER.test(before)) d.range = 'from';
  }
}

// ---------------------------------------------------------------------------------------------

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

/**
 * One written date the document states without doubt: `parseDate`, except that a numeric date
 * whose order is not settled (03/04/2021 with no cue) is not read, for rules that compare days.
 */
export function parseCertainDate(written: string, options: ReadDatesOptions = {}): FoundDate | undefined {
  const d = parseDate(written, options);
  return d && !d.ambiguous ? d : undefined;
}
