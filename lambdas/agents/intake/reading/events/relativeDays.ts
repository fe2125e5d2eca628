/**
 * Events told relative to the message they are written in: an e-mail or a chat message saying "we
 * got engaged yesterday" or "nous nous sommes mariés aujourd'hui" happened on (or the day before)
 * the message's own date: its "Date:"/"Envoyé :" header above, or the date a chat export writes at
 * the head of its line ("[14/07/2023, 19:02] Ana: …"). Only today and yesterday are read: a
 * "tomorrow" is a plan, not an event.
 */
import type { FactDate } from '../../../../contracts/caseFacts';
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import type { ReadingDocument, ReadingPage } from '../readingDocument';
import { datesIn } from '../textReaders';

const TODAY = phrases(eventsJson.relativeDays.today);
const YESTERDAY = phrases(eventsJson.relativeDays.yesterday);
/** A message's header line giving its date ("Date: …", "Sent: …", "Envoyé : …"). */
const HEADER = /^[ \t]*(?:date|sent|envoyé|reçu|received)[ \t]*:/iu;
/** A chat export's line: its date at the head, bracketed or not ("[14/07/2023, 19:02]", "14/07/2023 19:02 - "). */
const CHAT_LINE = /^[ \t]*\[?\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4},?[ \t]+\d{1,2}:\d{2}/u;

/** The day offset a sentence's own words give its event (0 today, -1 yesterday) and where the word is, if any. */
export function relativeDay(sentence: string): { shift: number; at: number } | undefined {
  const yesterday = YESTERDAY.exec(sentence);
  if (yesterday) return { shift: -1, at: yesterday.index };
  const today = TODAY.exec(sentence);
  return today ? { shift: 0, at: today.index } : undefined;
}

/** A chat line's head (its date and time, "[14/07/2023, 19:02]"): it dates the message, not the events it tells. */
export const CHAT_HEAD = /^[ \t]*\[?\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4},?[ \t]+\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]*[ap]\.?m\.?)?\]?(?:[ \t]*-)?/gimu;

/** The date of the message the offset sits in: the last header or chat line at or before it, to the day. */
export function messageDateAt(doc: ReadingDocument, page: ReadingPage, offset: number): FactDate | undefined {
  let found: FactDate | undefined;
  let at = 0;
  for (const line of page.text.split('\n')) {
    if (at > offset) break;
    if (HEADER.test(line) || CHAT_LINE.test(line)) {
      const day = datesIn(line, doc.dateOrder).find((d) => d.precision === 'day' && !d.ambiguous);
      if (day) found = { iso: day.iso, precision: 'day' };
    }
    at += line.length + 1;
  }
  return found;
}

/** The day `shift` days from `date` (a day). */
export function shiftDay(date: FactDate, shift: number): FactDate {
  const d = new Date(`${date.iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + shift);
  return { iso: d.toISOString().slice(0, 10), precision: 'day' };
}
