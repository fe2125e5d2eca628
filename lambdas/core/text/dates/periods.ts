/**
 * Periods: two days sharing a month or year ("du 10 au 25 juillet 2023"), two months sharing a year
 * ("de septembre à novembre 2019"), and the marks that make a
 * date open or close a period ("from A to B", "A–B", "since A", "A to present").
 */
import words from '../dateWords.json';
import { found, validDay } from './calendar';
import { alternation, E, L, MONTH, monthNumber, ORDINAL, S, YEAR4 } from './patterns';
import type { Reader } from './reader';
import type { FoundDate } from './types';

const NUMBER_LABEL = new RegExp(`(?:^|[^${L}])(?:${alternation(words.numberLabels)})[ \\t]*$`, 'i');

/** Joiners of two days in one written period ("10 au 25 juillet 2023"): not "and", which lists. */
const DAY_JOINER = `[ \\t]*(?:${alternation(words.rangeJoiners.filter((j) => !/^(?:and|et)$/.test(j)))})[ \\t]*`;
const SHARED_DAY_FIRST = new RegExp(
  `(?<![${L}0-9])(\\d{1,2})${ORDINAL}(?:${S}(${MONTH}))?${DAY_JOINER}(?:(?:le|the)${S})?(\\d{1,2})${ORDINAL}${S}(${MONTH}),?${S}(${YEAR4})${E}`,
  'gid',
);
const SHARED_MONTH_FIRST = new RegExp(`(?<![${L}0-9])(${MONTH})${S}(\\d{1,2})${ORDINAL}${DAY_JOINER}(?:(${MONTH})${S})?(\\d{1,2})${ORDINAL},?${S}(${YEAR4})${E}`, 'gid');

/** Two months sharing a year ("de septembre à novembre 2019", "from June to August 2021"), not after a day ("10 June to …"). */
const SHARED_MONTHS = new RegExp(`(?<![0-9][ \\t]{0,3})(?<![${L}0-9])(${MONTH})${DAY_JOINER}(?:(?:le|the)${S})?(${MONTH}),?${S}(${YEAR4})${E}`, 'gid');

/**
 * A period whose opening day borrows the closing day's year, or month and year: "du 10 au 25 juillet
 * 2023", "10 June to 2 July 2024", "July 10–25, 2023", "July 28 – August 3, 2022". Both days are
 * read; the opening one only when it is not after the closing one.
 */
export const sharedYearPeriod: Reader = (text) => {
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
  for (const m of text.matchAll(SHARED_MONTHS)) {
    const idx = m.indices!;
    const month1 = monthNumber(m[1]);
    const month2 = monthNumber(m[2]);
    const year = +m[3];
    if (!month1 || !month2 || month1 >= month2 || out.some((d) => d.start < m.index + m[0].length && m.index < d.end)) continue;
    out.push(found({ year, month: month1 }, m.index, idx[1]![1]), found({ year, month: month2 }, idx[2]![0], m.index + m[0].length));
  }
  return out;
};

const OPENER = new RegExp(`(?:^|[^${L}])(?:${alternation(words.openEndedOpeners)})[ \\t]+(?:(?:le|the)[ \\t]+)?$`, 'i');
const JOINER = new RegExp(`^[ \\t]*(?:${alternation(words.rangeJoiners)})[ \\t]*(?:(?:le|the)[ \\t]+)?$`, 'i');
const SINCE = new RegExp(`(?:^|[^${L}])(?:${alternation(words.sinceWords)})[ \\t]*(?:(?:le|the)[ \\t]+)?$`, 'i');
const TO_PRESENT = new RegExp(`^[ \\t]*(?:${alternation(words.rangeJoiners)})[ \\t]*(?:${alternation(words.presentWords)})(?![${L}])`, 'i');

/** Marks the dates that open and close periods: "from A to B", "A–B", "since A", "A to present". */
export function markPeriods(text: string, dates: FoundDate[]): void {
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
