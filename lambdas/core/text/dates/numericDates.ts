/**
 * Dates written with numbers only: year first (always year, month, day), day or month first (the
 * document's order decides, else both readings are kept as ambiguous), compact bank and passport
 * dates (14-MAR-21), and month-year form fields (2021-03, 03/2021).
 */
import { found, isoOf, twoDigitYear, validDay, validMonth } from './calendar';
import { NUMERIC } from './dateOrder';
import { B, E, MONTH, monthNumber, YEAR4 } from './patterns';
import { byPattern, spanOf } from './reader';

/** 2021-03-14, 2021/03/14, 2021.03.14, 2021-03-14T10:00:00Z: year first is always year, month, day. */
export const yearFirst = byPattern(`${B}(${YEAR4})([-/.])(\\d{1,2})\\2(\\d{1,2})(?:${E}|(?=T\\d{2}:))`, 'g', (m) => {
  const [y, mo, d] = [+m[1], +m[3], +m[4]];
  return validDay(y, mo, d) ? found({ year: y, month: mo, day: d }, ...spanOf(m)) : undefined;
});

/** 14/03/2021, 03-14-2021, 14.03.2021, 14/03/21: the order decides, or both readings are kept. */
export const numeric = byPattern(NUMERIC.source, 'g', (m, order) => {
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

/** 14-MAR-21, 01-DEC-2025, 14 MAR 21 (bank statements, passports); 14NOV2022, 14NOV22 run together (airline tickets and boarding passes). */
export const compact = byPattern(`${B}(\\d{1,2})([-/ ]?)(${MONTH})\\2(${YEAR4}|\\d{2})${E}`, 'gi', (m) => {
  const month = monthNumber(m[3]);
  const [y, d] = [twoDigitYear(m[4]), +m[1]];
  return month && validDay(y, month, d) ? found({ year: y, month, day: d }, ...spanOf(m)) : undefined;
});

/** 2021-03, 2021/03 (forms' history lines: "2014-05 to 2016-02"). */
export const isoMonth = byPattern(`${B}(${YEAR4})[-/](\\d{1,2})${E}`, 'g', (m) => {
  const [year, month] = [+m[1], +m[2]];
  return validMonth(year, month) ? found({ year, month }, ...spanOf(m)) : undefined;
});

/** 03/2021 (forms' "MM/YYYY" fields). */
export const monthSlashYear = byPattern(`${B}(\\d{1,2})/(${YEAR4})${E}`, 'g', (m) => {
  const [month, year] = [+m[1], +m[2]];
  return validMonth(year, month) ? found({ year, month }, ...spanOf(m)) : undefined;
});
