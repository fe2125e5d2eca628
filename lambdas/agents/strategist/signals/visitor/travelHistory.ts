/**
 * Travel history: earlier trips abroad with their dates and timely returns, especially to countries
 * with strict visa regimes; an overstay or removal is adverse; a stated first trip abroad is weak.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { pagesExcept, type CaseFile } from '../../text/caseFile';
import { readDates } from '../../../../core/text/dates';
import { distinctEvidence, quoteLine } from '../../text/evidenceQuotes';
import { OTHER_DESTINATIONS, SIGNIFICANT_DESTINATIONS } from '../../text/places';
import { answersAbout, quoteAnswer } from '../../text/questionAnswers';
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
const OVERSTAY_QUESTION = /\b(?:remained beyond|overstay|ordered to leave|deported|removed from|denied entry|resté au-delà)\b/i;
const OVERSTAY_STATEMENT = /\b(?:overstayed|remained beyond (?:the|my) (?:authorized|permitted) stay|was deported|was removed from)\b/i;
const NO_TRAVEL = /\b(?:never travel(?:l)?ed (?:abroad|outside)|no (?:previous|prior) travel|(?:this is|it will be) my first (?:trip|travel) abroad|n'ai jamais voyagé)\b/i;

/**
 * Trips listed under a travel-history heading: a line with a date and a destination. One date is
 * enough: forms and letters often give a trip a single month ("June 2018 — Paris, France") or a
 * period the reader already joins ("2019–2021").
 */
export function listedTrips(file: CaseFile): Trip[] {
  const home = [file.profile.citizenship?.value, file.profile.countryOfResidence?.value].filter((v): v is string => !!v).map((v) => v.toLowerCase());
  const trips: Trip[] = [];
  for (const line of sectionLines(pagesExcept(file, ['refusal-letter', 'gcms-notes']), TRAVEL_HEADING)) {
    if (readDates(line.text).length === 0) continue;
    const significant = SIGNIFICANT_DESTINATIONS.find(([, pattern]) => pattern.test(line.text));
    const other = OTHER_DESTINATIONS.exec(line.text);
    const destination = significant?.[0] ?? other?.[0];
    if (!destination || home.some((h) => destination.toLowerCase().includes(h))) continue;
    trips.push({ destination, significant: !!significant && significant[0] !== 'Canada', evidence: quoteLine(line.ref, line.start, line.end) });
  }
  return trips;
}

export const travelHistory: SignalFinder = (file: CaseFile): Signal => {
  const pages = pagesExcept(file, ['refusal-letter', 'gcms-notes']);
  const overstays = [
    // A question that also asks about refusals ("refused a visa, denied entry or ordered to leave") says nothing on its own about an overstay.
    ...answersAbout(pages, OVERSTAY_QUESTION).filter((a) => a.answer === 'yes' && !/\brefus/i.test(a.question)).map(quoteAnswer),
    ...findStatements(pages, OVERSTAY_STATEMENT).filter((s) => !s.question && !s.negated).map(quoteStatement),
  ].filter((e): e is Evidence => !!e);
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
