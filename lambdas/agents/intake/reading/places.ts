/**
 * Places that name their country without naming it: a major city ("two weeks in Seoul", « à
 * Marrakech »), and on a flight's line an airport's IATA code ("IST", "DSS"). Data, not code:
 * lexicons/places.json, by the English names of cues.json `countries`. A city names its country only
 * where the text names no country itself ("London, Ontario" is in Canada).
 */
import placesJson from './lexicons/places.json';
import { countryIn, phrases } from './lexicon';

const CITIES: ReadonlyArray<{ country: string; pattern: RegExp }> = Object.entries(placesJson.cities).map(([country, list]) => ({ country, pattern: phrases(list, 'giu') }));

/** IATA airport code → the country of its airport. */
const AIRPORTS: ReadonlyMap<string, string> = new Map(Object.entries(placesJson.airports).flatMap(([country, codes]) => codes.map((code) => [code, country] as const)));

/** Where a city of the gazetteer is named in `text`, and its country: the first one named (the longest at one place). */
export function cityAt(text: string): { country: string; index: number; length: number } | undefined {
  let best: { country: string; index: number; length: number } | undefined;
  for (const { country, pattern } of CITIES) {
    pattern.lastIndex = 0;
    const m = pattern.exec(text);
    if (m && (!best || m.index < best.index || (m.index === best.index && m[0].length > best.length))) best = { country, index: m.index, length: m[0].length };
  }
  return best;
}

/** The country `text` names, else the country of the first city it names. */
export function placeIn(text: string): string | undefined {
  return countryIn(text) ?? cityAt(text)?.country;
}

/** The country of an airport by its IATA code ("DXB" → United Arab Emirates), if the table knows it. */
export function airportCountry(code: string): string | undefined {
  return AIRPORTS.get(code);
}
