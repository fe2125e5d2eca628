/**
 * A visit told again in the same sentence: "She visited us in 2018 and again in July 2022", « Ma
 * mère est venue nous voir en 2019, puis de nouveau en juillet 2022 ». The first visit is read by
 * its trigger; each "again" / « de nouveau » that a date follows at once is one more visit of the
 * same kind, to the same place.
 */
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import type { DateInText } from '../textReaders';

const AGAIN = phrases(eventsJson.againMarkers, 'giu');
/** Between the marker and its date: a preposition at most ("again in", « de nouveau en »). */
const TO_DATE = /^[ \t]*,?[ \t]*(?:(?:in|on|during|from|en|le|au|du|à|pour)[ \t]+)?(?:(?:the|l['’]|la)[ \t]*)?$/iu;

/** Where each repeat of an event told before `from` stands, with a date of its own right after it. */
export function repeatsAfter(text: string, from: number, dates: readonly DateInText[]): Array<{ index: number; length: number }> {
  const out: Array<{ index: number; length: number }> = [];
  for (const m of text.matchAll(AGAIN)) {
    const at = m.index ?? 0;
    if (at < from) continue;
    const end = at + m[0].length;
    const date = dates.find((d) => d.start >= end);
    if (date && TO_DATE.test(text.slice(end, date.start))) out.push({ index: at, length: m[0].length });
  }
  return out;
}
