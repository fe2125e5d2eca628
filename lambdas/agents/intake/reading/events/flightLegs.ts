/**
 * Trips told by flights: an e-ticket's or an itinerary's legs ("TK1861  12MAR2024  IST  FCO"), a
 * boarding pass ("KQ100  NBO-LHR  05SEP2023", "Flight: EK 585  From: DHAKA (DAC)  To: DUBAI (DXB)" /
 * "Date: 14NOV2022", « Vol : AH1012  De : ALG Alger  À : ORY Paris-Orly » / « Date : 17/07/2023 »).
 * A leg is a line with a flight number and two airport codes the table knows (lexicons/places.json
 * `airports`: from, then to), dated by its own line or the next lines before the next flight. Legs
 * that connect (the next leaves from where the last landed, within a day) are one journey; the
 * first journey leaves from home, and a journey that lands back in that country is the return, no
 * second trip. Each other journey is a trip of the document's traveller, dated by its first leg.
 * A ticket's issue or booking date is on no flight's line, so it dates no trip.
 */
import type { FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import { airportCountry } from '../places';
import { datesIn, type DateInText } from '../textReaders';

/** A flight number: an airline's two-character code (a letter at least) and one to four digits ("EK 585", "AF718", "3U8695"). */
const FLIGHT_NUMBER = /(?<![A-Za-z0-9])(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])[ \t]?\d{1,4}[A-Z]?(?![A-Za-z0-9])/u;
/** Three capitals standing alone: an airport code when the table knows it. */
const CODE = /(?<![\p{L}])[A-Z]{3}(?![\p{L}])/gu;
/** How many lines after a flight's line may hold its date (a boarding pass's "Date:" line). */
const DATE_REACH = 2;

interface Leg {
  from: string;
  to: string;
  date: DateInText;
  start: number;
  end: number;
}

const plain = (d: DateInText): FactDate => ({ iso: d.iso, precision: d.precision, ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}) });

/** The legs of a page, in the page's order. */
function legsOf(text: string, order: ReadingDocument['dateOrder']): Leg[] {
  const lines: Array<{ text: string; start: number }> = [];
  let at = 0;
  for (const line of text.split('\n')) {
    lines.push({ text: line, start: at });
    at += line.length + 1;
  }
  const out: Leg[] = [];
  lines.forEach((line, i) => {
    if (!FLIGHT_NUMBER.test(line.text)) return;
    const countries = [...line.text.matchAll(CODE)].map((m) => airportCountry(m[0])).filter((c): c is string => c !== undefined);
    if (countries.length < 2) return;
    // Its own line's date, else the first date of the next lines before another flight's.
    let date = datesIn(line.text, order)[0];
    for (let j = i + 1; !date && j <= i + DATE_REACH && j < lines.length && !FLIGHT_NUMBER.test(lines[j].text); j++) date = datesIn(lines[j].text, order)[0];
    if (!date || date.precision !== 'day') return;
    out.push({ from: countries[0], to: countries[countries.length - 1], date, start: line.start, end: line.start + line.text.length });
  });
  return out;
}

/** Days between two ISO days. */
const daysBetween = (a: string, b: string) => Math.abs(Date.parse(b) - Date.parse(a)) / 86_400_000;

/** The trips a page's flights tell: one per journey away from home, the return none. */
export function flightTrips(doc: ReadingDocument, page: ReadingPage): TimelineEvent[] {
  const legs = legsOf(page.text, doc.dateOrder).sort((a, b) => a.date.iso.localeCompare(b.date.iso));
  if (legs.length === 0) return [];
  const journeys: Leg[][] = [];
  for (const leg of legs) {
    const last = journeys[journeys.length - 1]?.at(-1);
    if (last && last.to === leg.from && daysBetween(last.date.iso, leg.date.iso) <= 1) journeys[journeys.length - 1].push(leg);
    else journeys.push([leg]);
  }
  const home = journeys[0][0].from;
  const out: TimelineEvent[] = [];
  for (const journey of journeys) {
    const first = journey[0];
    const destination = journey[journey.length - 1].to;
    if (destination === home) continue;
    out.push({
      kind: 'travel',
      person: doc.author,
      date: plain(first.date),
      country: destination,
      evidence: quoteOf(doc, page, first.start, journey[journey.length - 1].end),
      confidence: 0.75,
      source: 'rules',
    });
  }
  return out;
}
