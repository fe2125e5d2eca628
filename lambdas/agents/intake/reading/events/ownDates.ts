/**
 * The dates a document gives its own statements: a letter's date (a decision letter's "I am refusing
 * your application" happened that day), and the dated entries of officer notes (GCMS notes are a
 * log: "2022-03-14 | ODS18422 | … refused." happened on the entry's date, not on the letter's).
 */
import type { FactDate } from '../../../../contracts/caseFacts';
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import type { ReadingDocument, ReadingPage } from '../readingDocument';
import { readsAsDecision } from '../readOfficerFindings';
import { datesIn, type DateInText } from '../textReaders';

const DATE_LABEL = /^(?:date|dated|date of (?:this )?(?:letter|decision|notice)|fait le|date de la (?:lettre|décision))$/iu;
/** Before a letter's date on its line: a place and a comma, "Le", "Fait à X, le" — never a label naming another date. */
const DATE_LEAD = /^[\p{L}\p{M} .'’-]{0,40},?[ \t]*(?:le)?$|^(?:date|dated|fait (?:à [^,\n]{1,40},? )?le)[ \t]*:?[ \t]*$/iu;
/**
 * A "Date:" column of the head's line after another field ("File number: S318…      Date: 17 July
 * 2024"; PDF text may keep one space of the gap): set apart by a wide gap or following the other
 * field's number, which keeps out labels that end in "date" ("Expiry date:", "Date de naissance").
 */
const DATE_COLUMN = /(?:^|[ \t]{3,}|\S*\p{N}\S*[ \t]+)(?:date|dated|date de la (?:lettre|décision))[ \t]*:[ \t]*$/iu;
/**
 * A day set to the right of the head's line, after a wide gap, with nothing after it ("File: W3091…
 *        14 October 2025"; "Dossier : W30…        Le 9 septembre 2025"): where a letter puts its date.
 */
const RIGHT_ALIGNED = /\S[ \t]{3,}(?:le[ \t]+)?$/iu;
/** Lines of the head of a letter, and of its foot ("Alger, le 21/03/2022"), searched for its date. */
const HEAD_LINES = 8;
const FOOT_LINES = 6;
const OWN_DECISION = phrases(eventsJson.ownDecision);

/** A document that makes a decision itself: an officer's letter or notes, a consulate's refusal form. */
export function decidesItself(doc: ReadingDocument): boolean {
  return readsAsDecision(doc) || doc.pages.some((p) => OWN_DECISION.test(p.text.replace(/\s+/g, ' ')));
}

const plain = (d: DateInText): FactDate => ({ iso: d.iso, precision: d.precision });

/** A letter's own date: its "Date:" line, or a day written at the start of a line of its head ("Leipzig, 10 June 2024"). */
export function letterDate(doc: ReadingDocument): FactDate | undefined {
  const first = doc.pages[0];
  if (!first) return undefined;
  const field = first.segments.find((s) => s.field && DATE_LABEL.test(s.field.label));
  const fromField = field ? datesIn(field.field!.value, doc.dateOrder)[0] : undefined;
  if (fromField) return plain(fromField);
  const last = doc.pages[doc.pages.length - 1];
  const lines = [...first.text.split('\n').slice(0, HEAD_LINES), ...last.text.trimEnd().split('\n').slice(-FOOT_LINES)];
  for (const line of lines) {
    const day = datesIn(line, doc.dateOrder).find((d) => d.precision === 'day' && !d.ambiguous);
    if (!day) continue;
    const before = line.slice(0, day.start);
    const rightAligned = RIGHT_ALIGNED.test(before) && line.slice(day.end).trim() === '';
    if (DATE_LEAD.test(before.trim()) || DATE_COLUMN.test(before) || rightAligned) return plain(day);
  }
  return undefined;
}

/** A line that opens a dated entry of notes: it starts with a day (in a log set as a table, its first cell). */
export const ENTRY_START = /^[ \t]*(?:\|[ \t]*)?(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4}|\d{1,2} \p{L}{3,9}\.? \d{4})(?![\d])/u;
/** What may stand before an entry's day: indentation and a table's opening bar. */
const ENTRY_LEAD = /^[ \t]*(?:\|[ \t]*)?/;

/** The dated entries of a page: each entry's first offset and its day, in order. */
export function entryDates(doc: ReadingDocument, page: ReadingPage): Array<{ at: number; date: FactDate }> {
  const out: Array<{ at: number; date: FactDate }> = [];
  let at = 0;
  for (const line of page.text.split('\n')) {
    if (ENTRY_START.test(line)) {
      const day = datesIn(line, doc.dateOrder)[0];
      if (day && day.start <= ENTRY_LEAD.exec(line)![0].length && day.precision === 'day') out.push({ at, date: plain(day) });
    }
    at += line.length + 1;
  }
  // One dated line is a letter's date or a field, not a log of entries.
  return out.length >= 2 ? out : [];
}

/** The date of the entry a segment belongs to, if the page is a log of dated entries. */
export function entryDateAt(entries: ReadonlyArray<{ at: number; date: FactDate }>, offset: number): FactDate | undefined {
  let found: FactDate | undefined;
  for (const e of entries) if (e.at <= offset) found = e.date;
  return found;
}
