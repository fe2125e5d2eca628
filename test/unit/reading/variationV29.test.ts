/**
 * Travel, entries, overstays and removal orders on the v29 variation set
 * (test/corpus/reading/{en,fr}/v29-*): trips told by flights (an e-ticket's legs by IATA code, a
 * boarding pass), cities that name their country, trips listed one per ";" in a wrapped sworn
 * declaration, passport stamps "Entry: date – city", the visit applied for told as visiting a
 * relative, and the look-alikes: a return leg, a booking date, a cancelled trip, a refusal's reason
 * that names the trip.
 */
import { readCorpusItem } from './corpusItem';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import { placeIn } from '../../../lambdas/agents/intake/reading/places';
import type { CaseFacts, TimelineEvent } from '../../../lambdas/contracts/caseFacts';

const events = (facts: CaseFacts, kinds: string[] = ['travel', 'entry', 'overstay', 'removal-order']) =>
  facts.timeline.filter((e: TimelineEvent) => kinds.includes(e.kind)).map((e) => ({ kind: e.kind, person: e.person, date: e.date?.iso, ...(e.country ? { country: e.country } : {}) }));

/** One text document read as an audit reads it. */
function read(text: string, name = 'letter.txt'): CaseFacts {
  return readCaseFacts([{ docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]);
}

describe('trips told by flights', () => {
  it("reads an e-ticket's outbound leg (IST → FCO, '12MAR2024') as the trip, not its return leg nor its issue date", () => {
    const trips = events(readCorpusItem('en/v29-eticket-iata-round-trip', 'eticket-receipt.pdf.txt').facts);
    expect(trips).toEqual([{ kind: 'travel', person: 'applicant', date: '2024-03-12', country: 'Italy' }]);
  });

  it('reads a French boarding pass « De : ALG Alger — À : ORY Paris-Orly » dated on the next line', () => {
    expect(events(readCorpusItem('fr/v29-carte-embarquement-alger-orly', 'carte-embarquement.pdf.txt').facts)).toEqual([{ kind: 'travel', person: 'applicant', date: '2023-07-17', country: 'France' }]);
  });

  it('reads a connection through a hub as one trip to the last airport, and no trip from codes without a flight number', () => {
    const trips = events(read('Flight EK 585  DAC-DXB  14NOV2022\nFlight EK 001  DXB-LHR  15NOV2022\nFlight EK 004  LHR-DXB  02DEC2022\nFlight EK 584  DXB-DAC  03DEC2022', 'itinerary.txt'));
    expect(trips).toEqual([{ kind: 'travel', person: 'applicant', date: '2022-11-14', country: 'United Kingdom' }]);
    expect(events(read('Office codes: DXB LHR, reviewed 14NOV2022.', 'memo.txt'))).toEqual([]);
  });
});

describe('places and lists of trips', () => {
  it('names the country of a city only where the text names no country', () => {
    expect(placeIn('two weeks in Seoul')).toBe('South Korea');
    expect(placeIn('à Marrakech')).toBe('Morocco');
    expect(placeIn('London, Ontario')).toBe('Canada');
    expect(placeIn('at the hospital')).toBeUndefined();
  });

  it("reads each trip of a sworn declaration's list, one per ';', wrapped between the country and its dates", () => {
    const trips = events(readCorpusItem('en/v29-statdec-trips-semicolons-wrapped', 'statutory-declaration.pdf.txt').facts);
    expect(trips).toEqual(
      expect.arrayContaining([
        { kind: 'travel', person: 'applicant', date: '2018-02-04', country: 'Chile' },
        { kind: 'travel', person: 'applicant', date: '2021-10', country: 'Mexico' },
        { kind: 'travel', person: 'applicant', date: '2023-07-02', country: 'United States' },
      ]),
    );
    // The refused UK visa led to no trip.
    expect(trips.some((e) => e.date === '2020')).toBe(false);
  });

  it('reads the same list in French, « du 11⏎au 15 novembre » dated at its start', () => {
    const trips = events(readCorpusItem('fr/v29-declaration-solennelle-voyages-points-virgules', 'declaration-solennelle.pdf.txt').facts);
    expect(trips).toEqual([
      { kind: 'travel', person: 'applicant', date: '2018-08-03', country: 'Nigeria' },
      { kind: 'travel', person: 'applicant', date: '2021-03', country: 'Belgium' },
      { kind: 'travel', person: 'applicant', date: '2023-11-11', country: 'Gabon' },
    ]);
  });

  it("reads a CV's TRAVEL bullets that name a city alone", () => {
    const trips = events(readCorpusItem('en/v29-cv-travel-cities', 'cv.docx.txt').facts);
    expect(trips).toEqual([
      { kind: 'travel', person: 'applicant', date: '2022-04-11', country: 'Malaysia' },
      { kind: 'travel', person: 'applicant', date: '2023-03', country: 'Kenya' },
      { kind: 'travel', person: 'applicant', date: '2024', country: 'Australia' },
    ]);
  });
});

describe('trips in letters, planned and cancelled', () => {
  it('reads a stay in a city dated by its own clause for both travellers, the visit applied for, and no cancelled trip', () => {
    const trips = events(readCorpusItem('en/v29-letter-trips-cities-cancelled', 'letter-of-explanation.txt').facts);
    expect(trips).toEqual(
      expect.arrayContaining([
        { kind: 'travel', person: 'applicant', date: '2023-04', country: 'South Korea' },
        { kind: 'travel', person: 'spouse-or-partner', date: '2023-04', country: 'South Korea' },
        { kind: 'travel', person: 'applicant', date: '2022-06-06', country: 'Portugal' },
        { kind: 'travel', person: 'applicant', date: '2025-08-03', country: 'Canada' },
      ]),
    );
    expect(trips.some((e) => e.date === '2024-12')).toBe(false);
  });

  it('reads « Je souhaite rendre visite à ma fille à Québec du … » as the trip applied for, and no trip a condition hedges', () => {
    const trips = events(readCorpusItem('fr/v29-lettre-villes-sans-pays', 'lettre-explication.txt').facts);
    expect(trips).toEqual(expect.arrayContaining([{ kind: 'travel', person: 'applicant', date: '2025-06-02', country: 'Canada' }]));
    expect(trips.some((e) => e.date === '2024-04')).toBe(false);
    expect(events(read('Si je rends visite à ma fille à Québec du 2 au 30 juin 2025, je reviendrai.'))).toEqual([]);
  });

  it("reads no trip from a refusal's reason that names the trip's purpose", () => {
    expect(events(read("Le 11 mars 2021, le consulat m'a opposé un refus de visa, au motif que l'objet de mon voyage n'était pas justifié."))).toEqual([]);
    expect(events(read('Purpose of visit: tourism, 3 to 17 August 2025'))).toEqual([{ kind: 'travel', person: 'applicant', date: '2025-08-03', country: 'Canada' }]);
  });

  it("reads the employer's letter's trips, not its travel policy nor the cancelled trip", () => {
    const trips = events(readCorpusItem('en/v29-employer-letter-travel-policy', 'employment-letter.pdf.txt').facts);
    expect(trips).toEqual([
      { kind: 'travel', person: 'applicant', date: '2023-10-09', country: 'Poland' },
      { kind: 'travel', person: 'applicant', date: '2025-05-05', country: 'Canada' },
    ]);
  });
});

describe('entries, overstays and removal orders', () => {
  it("reads passport stamps 'Entry: 03 MAY 2023 – Tbilisi' as entries by the city's country, the exits as none", () => {
    expect(events(readCorpusItem('en/v29-passport-stamps-tbilisi-dash', 'passport-stamps-translation.pdf.txt').facts)).toEqual([
      { kind: 'entry', person: 'applicant', date: '2023-05-03', country: 'Georgia' },
      { kind: 'entry', person: 'applicant', date: '2024-08-21', country: 'Turkey' },
    ]);
  });

  it('dates a removal ordered by a judge by its own clause, not the removal carried out in the next', () => {
    const read_ = events(readCorpusItem('en/v29-letter-us-overstay-removed', 'letter-of-explanation.txt').facts);
    expect(read_).toEqual(
      expect.arrayContaining([
        { kind: 'entry', person: 'applicant', date: '2015-01-11', country: 'United States' },
        { kind: 'overstay', person: 'applicant', date: '2015-07-10', country: 'United States' },
        { kind: 'removal-order', person: 'applicant', date: '2017-03-22', country: 'Colombia' },
      ]),
    );
    expect(read_.filter((e) => e.kind === 'removal-order')).toHaveLength(1);
  });

  it("reads the French letter's entry, overstay and « mesure d'interdiction de séjour », not the departure", () => {
    const read_ = events(readCorpusItem('fr/v29-lettre-entree-depassement-interdiction', 'lettre-explication.txt').facts);
    expect(read_).toEqual([
      { kind: 'entry', person: 'applicant', date: '2017-06-09', country: 'Canada' },
      { kind: 'overstay', person: 'applicant', date: '2017-12-08' },
      { kind: 'removal-order', person: 'applicant', date: '2018-05-14', country: 'Canada' },
    ]);
  });

  it('reads an overstay told as a stay some weeks past the visa, wrapped over lines', () => {
    expect(events(read('I also stayed in the\nUnited Kingdom two weeks past my visa in\nAugust 2016 because of a hospital stay.'), ['overstay'])).toEqual([
      { kind: 'overstay', person: 'applicant', date: '2016-08', country: 'United Kingdom' },
    ]);
  });
});
