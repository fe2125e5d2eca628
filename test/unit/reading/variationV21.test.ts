/**
 * Travel, entries, overstays and removal orders on the v21 variation set
 * (test/corpus/reading/{en,fr}/v21-*): travel tables run together by a transcription or a PDF's
 * text layer, month-year and year-only dates, trips in prose and in a list after a colon, whose trip
 * (the sponsor's, the inviter's, a relative's, a couple's), border records (an I-94 history, a
 * Japanese landing permission, « ENTRÉE » rows), removal-order forms dated by their own field, and
 * look-alikes that are no trip (the application's own destination, an undated plan, a birth country).
 */
import { readCorpusFolder } from './corpusItem';
import type { CaseFacts, EventKind } from '../../../lambdas/contracts/caseFacts';

const KINDS = new Set<EventKind>(['travel', 'entry', 'overstay', 'removal-order']);
/** The item's travel, entry, overstay and removal-order events as "kind person date". */
const events = (item: string) =>
  readCorpusFolder(item)
    .facts.timeline.filter((e) => KINDS.has(e.kind))
    .map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`)
    .sort();
const countries = (facts: CaseFacts, kind: EventKind) => facts.timeline.filter((e) => e.kind === kind).map((e) => e.country);

describe('travel tables whose columns a transcription or a PDF ran together', () => {
  it("reads 'Country / From / To / Purpose' rows with month-year and year-only dates, not the birth country", () => {
    expect(events('en/v21-imm5257-travel-month-year')).toEqual(['travel applicant 2017', 'travel applicant 2019-06', 'travel applicant 2021-12']);
    expect(countries(readCorpusFolder('en/v21-imm5257-travel-month-year').facts, 'travel')).not.toContain('Syria');
  });

  it('reads rows whose columns the PDF closed up to single spaces (EN and FR)', () => {
    expect(events('en/v21-pdf-squeezed-travel-table')).toEqual(['travel applicant 2018-02-11', 'travel applicant 2019-11-03', 'travel applicant 2022-07-30']);
    expect(events('fr/v21-pdf-tableau-voyages-comprime')).toEqual(['travel applicant 2018-03-02', 'travel applicant 2019-12-20', 'travel applicant 2023-05-11']);
  });

  it('reads « Pays | Du | Au | But » rows dated « juin 2019 », 08/2021 and a year alone', () => {
    expect(events('fr/v21-formulaire-voyages-mois-annee')).toEqual(['travel applicant 2017', 'travel applicant 2019-06', 'travel applicant 2021-08']);
  });
});

describe('trips told in prose, and whose they are', () => {
  it("reads a couple's trip as both travellers', a list after 'Other trips:', and no trip from a denial", () => {
    const read = events('en/v21-letter-trips-prose');
    expect(read).toEqual(expect.arrayContaining(['travel applicant 2022-03', 'travel spouse-or-partner 2022-03', 'travel applicant 2019-12', 'travel applicant 2018']));
    expect(countries(readCorpusFolder('en/v21-letter-trips-prose').facts, 'travel')).not.toContain('United States');
  });

  it("reads « Mon mari et moi avons séjourné en Italie du 3 au 17 août 2021 » as each spouse's trip", () => {
    expect(events('fr/v21-lettre-sejours-prose')).toEqual(['travel applicant 2018-05', 'travel applicant 2021-08-03', 'travel applicant 2022', 'travel spouse-or-partner 2021-08-03']);
  });

  it("gives a sponsor's letter's trips to the sponsor, her 'She visited …' to the applicant and a brother's trip to someone else", () => {
    expect(events('en/v21-sponsor-letter-whose-trips')).toEqual(['travel applicant 2021-06', 'travel other 2022-08', 'travel sponsor 2022-08', 'travel sponsor 2022-12-18']);
  });

  it("reads « Ma sœur Julie m'a accompagnée au Sénégal » as the sister's trip and « il a fait un voyage en Mauritanie » as the applicant's", () => {
    expect(events('fr/v21-lettre-repondante-voyages')).toEqual(['travel applicant 2021', 'travel other 2023-07', 'travel sponsor 2022-12-20', 'travel sponsor 2023-07']);
  });

  it("reads the host's own trip (« je me suis moi-même rendu au Cameroun ») as the inviter's, the invitee's earlier visit as an entry", () => {
    expect(events('fr/v21-lettre-invitation-voyage-hote')).toEqual(['entry applicant 2019', 'travel applicant 2025-08-15', 'travel inviter 2023-04']);
    expect(events('en/v21-invitation-host-own-trip')).toEqual(['entry applicant 2018-05-05', 'travel applicant 2025-07-01', 'travel inviter 2022-12']);
  });

  it("gives 'Mr. Okafor landed in Canada' and « M. Gagnon … a immigré au Canada » to the sponsor the subject line names", () => {
    expect(events('en/v21-counsel-letter-landed-admitted')).toEqual(['entry applicant 2023-06-03', 'entry sponsor 2014-08-12', 'travel applicant 2019']);
    expect(events('fr/v21-lettre-avocate-entree-statut')).toEqual(['entry applicant 2022-08-28', 'entry sponsor 2008', 'travel applicant 2019']);
  });
});

describe('entries, overstays and removal orders', () => {
  it('reads an admission as a visitor, the stay beyond it, the departure order on its own day and a later trip', () => {
    expect(events('en/v21-letter-admitted-overstay-departure-order')).toEqual([
      'entry applicant 2016-05-14',
      'overstay applicant 2016-11-13',
      'removal-order applicant 2017-03-02',
      'travel applicant 2019-09',
    ]);
    expect(events('fr/v21-lettre-entree-depassement-exclusion')).toEqual(['entry applicant 2015-07-09', 'overstay applicant 2016-01-08', 'removal-order applicant 2016-05-17']);
  });

  it("dates a removal-order form's order by its 'Date made:' field, not by its enforcement, and reads its ground as an overstay", () => {
    expect(events('en/v21-exclusion-order-form')).toEqual(['overstay applicant -', 'removal-order applicant 2021-09-22']);
    expect(events('fr/v21-fiche-mesure-expulsion')).toEqual(['removal-order applicant 2018-11-06']);
  });

  it("reads an I-94 history's arrivals, a landing permission and « ENTRÉE » rows as entries, and no departure", () => {
    expect(events('en/v21-us-i94-travel-history')).toEqual(['entry applicant 2019-07-21', 'entry applicant 2023-03-29']);
    expect(events('en/v21-passport-pages-japan-malaysia')).toEqual(['entry applicant 2019-04-20', 'entry applicant 2022-12-03']);
    expect(events('fr/v21-releve-asfc-entrees')).toEqual(['entry applicant 2017-06-30', 'entry applicant 2022-02-14']);
    expect(events('fr/v21-tampons-passeport')).toEqual(['entry applicant 2019-02-14', 'entry applicant 2022-06-05']);
  });
});

describe('look-alikes that are no trip', () => {
  it('reads nothing from an undated wish, a flight number, a birth country or the application’s own destination (EN and FR)', () => {
    expect(events('en/v21-email-undated-plans-lookalikes')).toEqual([]);
    expect(events('fr/v21-courriel-sosies-voyage')).toEqual([]);
  });
});
