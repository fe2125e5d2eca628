/**
 * Dates written with a month name, English and French: with a day (read by chrono-node's strict
 * parsers, and by pattern for the forms chrono does not take), and month-year ("March 2021", "mars 2021").
 */
import * as chrono from 'chrono-node';
import words from '../dateWords.json';
import { found, validDay, validMonth } from './calendar';
import { alternation, E, L, MONTH, monthNumber, ORDINAL, S, YEAR4 } from './patterns';
import { byPattern, spanOf, type Reader } from './reader';
import type { DateLanguage, FoundDate } from './types';

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
export const written: Reader = (text, _order, languages) => {
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
export const writtenByPattern: Reader = (text) => {
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

/** March 2021, Mar. 2021, mars 2021, March of 2021, juin 2021, Mar-2021, MAR/2021. */
export const monthYear = byPattern(`(?<![${L}0-9])(${MONTH})(?:,?(?:${S}(?:of|de))?${S}|[-/])(${YEAR4})${E}`, 'gi', (m) => {
  const month = monthNumber(m[1]);
  const year = +m[2];
  return month && validMonth(year, month) ? found({ year, month }, ...spanOf(m)) : undefined;
});
