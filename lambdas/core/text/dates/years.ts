/** Years standing alone: in a span of years (2019–2021), or where a date is expected ("since 2018"). */
import words from '../dateWords.json';
import { found } from './calendar';
import { alternation, B, E, L, YEAR4 } from './patterns';
import type { Reader } from './reader';
import type { FoundDate } from './types';

const CITATION = new RegExp(`^[ \\t]*(?:${alternation(words.citationMarks)})(?![A-Za-z])`);
const UNIT_AFTER = /^[ \t]*(?:\$|€|£|%|dollars?|euros?|usd|cad|eur|km|kg|hours?|heures?|h\b|copies|pages?|words|mots|points?)/i;
const YEAR_LEAD = new RegExp(`(?:^|[^${L}])(?:${alternation(words.yearLeadWords)})[ \\t]+$`, 'i');
const YEAR_LABEL = new RegExp(`(?:^|[^${L}])(?:${alternation(words.yearLabelWords)})(?![${L}])[^:\\n]{0,40}:[ \\t]*$`, 'i');

/** A place and a comma before ("Australia, 2019", "Royaume-Uni, 2018"), or parentheses around ("(2019)"). */
const PLACE_COMMA = new RegExp(`(?:^|[^${L}])\\p{Lu}[${L}'’.-]+,[ \\t]*$`, 'u');
const LIST_END = /^[ \t]*(?:[,;.)]|$|\n)/;
/** An open period after the year ("2019 – Present", "2021 à ce jour"), as CVs and history tables date a current job. */
const TO_PRESENT = new RegExp(`^[ \\t]*(?:${alternation(words.rangeJoiners)})[ \\t]*(?:${alternation(words.presentWords)})(?![${L}])`, 'i');

/**
 * A year listed with its place or in parentheses, as history lists and tables write it ("Visa
 * refused: Australia, 2019, funds", "refused by the UK (2018)"): it ends the entry, or closes the
 * parenthesis, so a street number ("Suite 5, 2019 Main Street") is not taken.
 */
function listedYear(before: string, after: string): boolean {
  if (/\([ \t]*$/.test(before)) return /^[ \t]*\)/.test(after);
  return PLACE_COMMA.test(before) && LIST_END.test(after);
}

/**
 * A year alone, only where a date is expected: after "in", "since", "en", "depuis" and the like, or
 * after a year label ("Year of marriage: 2019"); never in a reporter citation ("2019 FC 1234") and
 * never a figure with a unit ("2000 dollars").
 */
export const yearInContext: Reader = (text) => {
  const out: FoundDate[] = [];
  for (const m of text.matchAll(new RegExp(`${B}(${YEAR4})${E}`, 'g'))) {
    const before = text.slice(Math.max(0, m.index - 60), m.index);
    const after = text.slice(m.index + 4, m.index + 24);
    if (CITATION.test(after) || UNIT_AFTER.test(after)) continue;
    if (!YEAR_LEAD.test(before) && !YEAR_LABEL.test(before) && !listedYear(before, after) && !TO_PRESENT.test(text.slice(m.index + 4, m.index + 40))) continue;
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
export const yearSpan: Reader = (text) => {
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
