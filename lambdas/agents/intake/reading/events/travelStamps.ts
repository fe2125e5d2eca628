/**
 * Entries read from a record of border crossings: a passport's stamps as a translator transcribes
 * them ("Page 6   ENTRY   Dubai International Airport   03 JAN 2020", « Cachet d'entrée — Aéroport
 * de Casablanca — 05/01/2023 »), or a border agency's history of a traveller's movements
 * ("2018-05-14   IN   Toronto Pearson", « 2019-07-04  Entrée  Aéroport Montréal-Trudeau »). Each
 * dated line marked as an entry is an entry; exits are no event. A page is such a record only when
 * it also marks an exit: a lone "Entry" beside a date elsewhere (a form's "Entry: single") is not.
 */
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import type { ReadingDocument } from '../readingDocument';
import { datesIn } from '../textReaders';

/** Words that mark a line as an entry or an exit, in any case; and the capital codes of an agency's log. */
const ENTRY_WORDS = phrases(eventsJson.stampEntry, 'giu');
const EXIT_WORDS = phrases(eventsJson.stampExit, 'giu');
const ENTRY_CODES = phrases(eventsJson.stampEntryCodes, 'gu');
const EXIT_CODES = phrases(eventsJson.stampExitCodes, 'gu');
/** What may stand before the mark on its line: nothing, a page or row number ("Page 7 :", "2"), a date, or a column separator. */
const PAGE_LEAD = /^[ \t]*(?:(?:(?:page|p\.|#)[ \t]*)?\d+[ \t]*:?[ \t]*)?$/iu;
const SEPARATOR_LEAD = /[|—–-][ \t]*$/u;
/** What follows the mark: a column's gap, a separator or a colon, then the place or the date ("ENTRY   Dubai", « Entrée — Aéroport », "ENTRÉE   2017-06-30", "Entered 03.12.2022", "Entry: 03 MAY 2023 – Tbilisi"). */
const FOLLOWS = /^(?:[ \t]*[|—–-]|[ \t]*:[ \t]*[\p{L}\d]|[ \t]+[\p{L}\d]|[ \t]*$)/u;

export interface Stamp {
  /** The segment's text with every other line blanked (same length): the stamp's own date dates it. */
  line: string;
  index: number;
  length: number;
}

type Order = ReadingDocument['dateOrder'];

/** Where on `line` a mark of `words` or `codes` stands as a record's column, if it does. */
function markIn(line: string, words: RegExp, codes: RegExp, order: Order): { index: number; length: number } | undefined {
  const dates = datesIn(line, order);
  for (const pattern of [words, codes]) {
    pattern.lastIndex = 0;
    for (const m of line.matchAll(pattern)) {
      const at = m.index ?? 0;
      const before = dates.filter((d) => d.end <= at).reduce((text, d) => text.slice(0, d.start) + ' '.repeat(d.end - d.start) + text.slice(d.end), line.slice(0, at));
      const placed = PAGE_LEAD.test(before) || SEPARATOR_LEAD.test(before);
      if (placed && FOLLOWS.test(line.slice(at + m[0].length))) return { index: at, length: m[0].length };
    }
  }
  return undefined;
}

/** The dated lines of `text` that a record marks: entries or exits. */
function markedLines(text: string, words: RegExp, codes: RegExp, order: Order): Array<{ start: number; end: number; index: number; length: number }> {
  const out: Array<{ start: number; end: number; index: number; length: number }> = [];
  let start = 0;
  for (const line of text.split('\n')) {
    const mark = datesIn(line, order).length > 0 ? markIn(line, words, codes, order) : undefined;
    if (mark) out.push({ start, end: start + line.length, index: start + mark.index, length: mark.length });
    start += line.length + 1;
  }
  return out;
}

/** Whether a page records crossings: it marks at least one dated exit. */
export function recordsCrossings(pageText: string, order: Order): boolean {
  return markedLines(pageText, EXIT_WORDS, EXIT_CODES, order).length > 0;
}

/** The entries a segment of a crossings record marks, one per line. */
export function entryStamps(text: string, order: Order): Stamp[] {
  return markedLines(text, ENTRY_WORDS, ENTRY_CODES, order).map((m) => ({
    line: ' '.repeat(m.start) + text.slice(m.start, m.end) + ' '.repeat(Math.max(0, text.length - m.end)),
    index: m.index,
    length: m.length,
  }));
}
