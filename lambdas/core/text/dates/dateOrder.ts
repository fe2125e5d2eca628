/**
 * How a document writes numeric dates (day first or month first), settled by the document as a
 * whole, so that one numeric date never gets two different readings in the product.
 */
import words from '../dateWords.json';
import type { DateLanguage, DateOrder } from './types';
import { B, E, YEAR4 } from './patterns';

/** Two numbers and a year joined by one separator: 14/03/2021, 03-14-2021, 14.03.21. */
export const NUMERIC = new RegExp(`${B}(\\d{1,2})([-/.])(\\d{1,2})\\2(${YEAR4}|\\d{2})${E}`, 'g');
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
