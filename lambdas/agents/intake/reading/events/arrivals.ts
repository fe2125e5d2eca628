/**
 * An entry to Canada told by arriving in a Canadian place ("I arrived in Calgary on 2 August 2019",
 * "we landed at Pearson", "when I flew to Halifax in May 2022"): a past arrival (English has no
 * trigger for it that names no country) in a city, province or airport of Canada (events.json
 * `canadaPlaces`, a data table like the countries), dated in its sentence.
 */
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import type { DateInText } from '../textReaders';

const ARRIVED = phrases(eventsJson.arrivedAt, 'giu');
const PLACE = new RegExp(`^[ \\t]+(?:(?:the|l['’])[ \\t]*)?(?:${eventsJson.canadaPlaces.join('|')})(?![\\p{L}])`, 'iu');

/** Every arrival in a Canadian place that a date of its sentence dates. */
export function arrivalsInCanada(text: string, dates: readonly DateInText[]): Array<{ index: number; length: number }> {
  if (dates.length === 0) return [];
  const out: Array<{ index: number; length: number }> = [];
  for (const m of text.matchAll(ARRIVED)) {
    const end = (m.index ?? 0) + m[0].length;
    if (PLACE.test(text.slice(end))) out.push({ index: m.index ?? 0, length: m[0].length });
  }
  return out;
}
