/**
 * A trip told as a stay, without a travel verb: "I was in Portugal from 3 to 17 August 2023", "we
 * stayed in Japan in April 2019", « j'étais en Italie du 2 au 9 mai 2018 ». Only where a country, or
 * a city of the gazetteer ("two weeks in Seoul", lexicons/places.json), follows at once (so "I was in hospital", "she was in grade 12" are no trip) and the sentence
 * dates it (an undated "I was in France" says nothing the timeline can use).
 */
import { COUNTRIES, phrases } from '../lexicon';
import { cityAt } from '../places';
import eventsJson from '../lexicons/events.json';
import type { DateInText } from '../textReaders';

const STAYED = phrases(eventsJson.stayedIn, 'giu');
/** How far after the verb the country's name may start ("in the United Kingdom", "aux États-Unis"). */
const COUNTRY_REACH = 6;

export interface Stay {
  index: number;
  length: number;
}

/** Every stay in a named country that a date after it dates. */
export function staysAbroad(text: string, dates: readonly DateInText[]): Stay[] {
  const out: Stay[] = [];
  for (const m of text.matchAll(STAYED)) {
    const end = (m.index ?? 0) + m[0].length;
    const after = text.slice(end, end + 60);
    const city = cityAt(after);
    const named = COUNTRIES.some((c) => c.name !== 'Canada' && c.patterns.some((p) => (p.exec(after)?.index ?? Infinity) <= COUNTRY_REACH)) || (city !== undefined && city.country !== 'Canada' && city.index <= COUNTRY_REACH);
    // Dated after the verb: after the stay, or inside its words ("spent Christmas 2023 with us in Beirut").
    if (named && dates.some((d) => d.start > (m.index ?? 0))) out.push({ index: m.index ?? 0, length: m[0].length });
  }
  return out;
}
