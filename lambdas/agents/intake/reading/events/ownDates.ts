/**
 * The dates a document gives its own statements: a letter's date (a decision letter's "I am refusing
 * your application" happened that day), and the dated entries of officer notes (GCMS notes are a
 * log: "2022-03-14 | ODS18422 | … refused." happened on the entry's date, not on the letter's).
 */
import type { FactDate } from '../../../../contracts/caseFacts';
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import mentions from '../lexicons/eventMentions.json';
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
 * A day set flush right on a head line after another field ("File: W309112233        14 October 2025",
 * "Dossier : W30…        Le 9 septembre 2025"):
 * letters print their date so. A line whose words name another date (birth, expiry) is no letter date.
 */
const FLUSH_RIGHT = /\S[ \t]{3,}(?:le[ \t]+)?$/iu;
const OTHER_DATE_WORDS = /birth|born|naissance|(?<![\p{L}])née?s?(?![\p{L}])|expir|valid (?:until|to|through)|échéance/iu;
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
    // A head line naming another date ("Date of birth   14 October 1990") does not date the letter, however set.
    if (OTHER_DATE_WORDS.test(before)) continue;
    const flushRight = FLUSH_RIGHT.test(before) && line.slice(day.end).trim() === '';
    if (DATE_LEAD.test(before.trim()) || DATE_COLUMN.test(before) || flushRight) return plain(day);
  }
  return undefined;
}

const JUDGMENT_OF = phrases(eventsJson.judgmentOf);

/**
 * The day of the judgment a court record is, named in its head ("Extrait des minutes - Jugement du
 * 17 septembre 2020"): the day of the outcome the record states without a date of its own.
 */
export function judgmentDate(doc: ReadingDocument): FactDate | undefined {
  const head = doc.pages[0]?.text.split('\n').slice(0, HEAD_LINES) ?? [];
  for (const line of head) {
    const named = JUDGMENT_OF.exec(line);
    if (!named) continue;
    const end = named.index + named[0].length;
    const day = datesIn(line, doc.dateOrder).find((d) => d.precision === 'day' && d.start >= end && d.start - end <= 2);
    if (day) return plain(day);
  }
  return undefined;
}

/** A line that opens a dated entry of notes: it starts with a day. */
export const ENTRY_START = /^[ \t]*(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4}|\d{1,2} \p{L}{3,9}\.? \d{4})(?![\d])/u;

/** The dated entries of a page: each entry's first offset and its day, in order. */
export function entryDates(doc: ReadingDocument, page: ReadingPage): Array<{ at: number; date: FactDate }> {
  const out: Array<{ at: number; date: FactDate }> = [];
  let at = 0;
  for (const line of page.text.split('\n')) {
    if (ENTRY_START.test(line)) {
      const day = datesIn(line, doc.dateOrder)[0];
      if (day && day.start <= line.length - line.trimStart().length && day.precision === 'day') out.push({ at, date: plain(day) });
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

const EARLIER = phrases(mentions.earlier);

/**
 * Whether a sentence tells an earlier application's decision ("My previous visitor visa application
 * was turned down", « Ma précédente demande … s'est soldée par un refus »): that decision is not the
 * one the document makes, so it takes no date from the document.
 */
export function toldAsEarlier(sentence: string): boolean {
  return EARLIER.test(sentence);
}
