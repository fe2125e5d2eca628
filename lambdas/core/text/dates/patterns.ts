/**
 * Lexicon → regular-expression pieces shared by the date readers. Sources here avoid \p{…} so that
 * callers may embed them in patterns with or without the `u` flag.
 */
import words from '../dateWords.json';

export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const alternation = (list: readonly string[]) => [...list].sort((a, b) => b.length - a.length).map(escape).join('|');

const MONTH_NUMBERS = new Map(Object.entries(words.months).map(([name, n]) => [name.toLowerCase(), n]));
export const MONTH = `(?:${alternation([...MONTH_NUMBERS.keys()])})\\.?`;
export const ORDINAL = `(?:${alternation(words.ordinalSuffixes)})?`;
/** Letters of English and French words, for word boundaries without the `u` flag. */
export const L = 'A-Za-z\\u00C0-\\u017F';
/** A date's left and right edges: not inside a word or a longer figure. */
export const B = `(?<![${L}0-9])(?<![0-9][-/.,])`;
export const E = `(?![${L}0-9])(?![-/.,][0-9])`;
/** Spaces between the words of a written date; PDFs wrap a date onto the next line. */
export const S = '(?:[ \\t\\u00a0]+|[ \\t\\u00a0]*\\n[ \\t\\u00a0]*)';
export const YEAR4 = '(?:19|20)\\d{2}';

export function monthNumber(name: string): number | undefined {
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
