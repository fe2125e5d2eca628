/**
 * Travel history: earlier trips abroad with their dates and timely returns, especially to countries
 * with strict visa regimes; an overstay or removal is adverse; a stated first trip abroad is weak.
 * Trips, overstays and removals come from the case-fact model (travel and entry events, in English or
 * French, dated to the day, the month or the year; a Yes to the overstay or removal question). The
 * reader does not yet read the lines of a form's travel-history table, so those are still read here;
 * a first trip abroad states that something did not happen, which no fact records.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { pagesExcept, type CaseFile } from '../../text/caseFile';
import { readDates } from '../../../../core/text/dates';
import { distinctEvidence, quoteLine } from '../../text/evidenceQuotes';
import { OTHER_DESTINATIONS, SIGNIFICANT_DESTINATIONS } from '../../text/places';
import { declarationsOf, eventsOf } from '../../facts/fileFacts';
import { sectionLines } from '../../text/sections';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

export interface Trip {
  destination: string;
  significant: boolean;
  evidence?: Evidence;
}

const TRAVEL_HEADING = /travel history|previous travel|trips abroad|historique de voyages?|voyages antérieurs/i;
const NO_TRAVEL = /\b(?:never travel(?:l)?ed (?:abroad|outside)|no (?:previous|prior) travel|(?:this is|it will be) my first (?:trip|travel) abroad|n'ai jamais voyagé)\b/i;

const OFFICER_DOCS = ['refusal-letter', 'gcms-notes'] as const;

function destinationOf(place: string): { destination: string; significant: boolean } | undefined {
  const significant = SIGNIFICANT_DESTINATIONS.find(([, pattern]) => pattern.test(place));
  const destination = significant?.[0] ?? OTHER_DESTINATIONS.exec(place)?.[0];
  return destination ? { destination, significant: !!significant && significant[0] !== 'Canada' } : undefined;
}

/**
 * The applicant's trips abroad: travel and entry events with a country (one date is enough: "June
 * 2018 — Paris, France"), then lines under a travel-history heading with a date and a destination.
 * The officer's own notes are not the applicant's history.
 */
export function listedTrips(file: CaseFile): Trip[] {
  const home = [file.profile.citizenship?.value, file.profile.countryOfResidence?.value].filter((v): v is string => !!v).map((v) => v.toLowerCase());
  const own = new Set(pagesExcept(file, OFFICER_DOCS).map((p) => p.doc.docId));
  const trips: Trip[] = [];
  for (const e of eventsOf(file, ['travel', 'entry'], 'applicant')) {
    const place = e.country && destinationOf(e.country);
    if (!place || !e.date || !own.has(e.evidence.docId) || home.some((h) => place.destination.toLowerCase().includes(h))) continue;
    trips.push({ ...place, evidence: e.evidence });
  }
  for (const line of sectionLines(pagesExcept(file, OFFICER_DOCS), TRAVEL_HEADING)) {
    const place = readDates(line.text).length ? destinationOf(line.text) : undefined;
    const evidence = place && quoteLine(line.ref, line.start, line.end);
    if (!place || home.some((h) => place.destination.toLowerCase().includes(h))) continue;
    // A line the fact model already gave as a trip is one trip.
    if (evidence && trips.some((t) => t.evidence?.docId === evidence.docId && (evidence.quote.includes(t.evidence.quote) || t.evidence.quote.includes(evidence.quote)))) continue;
    trips.push({ ...place, evidence });
  }
  return trips;
}

export const travelHistory: SignalFinder = (file: CaseFile): Signal => {
  const pages = pagesExcept(file, OFFICER_DOCS);
  const overstays = [
    ...eventsOf(file, ['overstay', 'removal-order'], 'applicant'),
    ...[...declarationsOf(file, 'overstay', 'applicant'), ...declarationsOf(file, 'removal', 'applicant')].filter((d) => d.answer === 'yes'),
  ].map((f) => f.evidence);
  if (overstays.length) return { rating: 'adverse', finding: 'The file records an overstay, removal or order to leave.', evidence: distinctEvidence(overstays, 2) };
  const trips = listedTrips(file);
  const significant = trips.filter((t) => t.significant);
  if (trips.length) {
    const destinations = [...new Set(trips.map((t) => t.destination))];
    const finding = `${trips.length} earlier trip(s) abroad are listed (${destinations.join(', ')})${significant.length ? `, ${significant.length} to countries with strict visa regimes` : ''}.`;
    const evidence = distinctEvidence([...significant, ...trips].map((t) => t.evidence), 3);
    return { rating: significant.length && trips.length >= 2 ? 'strong' : 'adequate', finding, evidence };
  }
  const none = findStatements(pages, NO_TRAVEL).filter((s) => !s.question && !s.negated);
  if (none.length) return { rating: 'weak', finding: 'The applicant has not travelled abroad before.', evidence: distinctEvidence(none.map(quoteStatement), 1) };
  return noEvidence('No travel history is given.');
};
