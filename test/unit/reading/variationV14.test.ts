/**
 * Travel, entries, overstays, removal orders and the relationship timeline on the v14 variation set
 * (test/corpus/reading/{en,fr}/v14-*), read through the real reader: passport stamps and border
 * crossing logs, trips told as stays, « ordonnance de renvoi » and « mesure d’expulsion », a removal
 * record's fields, relationship answers in prose and in forms, and the negatives (a friend's or a
 * cousin's wedding, a wedding only planned, "we have not yet lived together").
 */
import { readCorpusFolder } from './corpusItem';
import type { CaseFacts, TimelineEvent } from '../../../lambdas/contracts/caseFacts';



const readItem = (item: string): CaseFacts => readCorpusFolder(item).facts;

/** The timeline as "kind person date", in the order read. */
const timeline = (item: string) => readItem(item).timeline.map((e: TimelineEvent) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`);

describe('travel and entries (v14)', () => {
  it('reads each entry stamp of a certified transcription, not the exits or the visa foil (EN)', () => {
    expect(timeline('en/v14-passport-stamps-certified-copy')).toEqual(['entry applicant 2020-01-03', 'entry applicant 2022-04-12']);
  });

  it("reads « Cachet d'entrée » lines as entries, in France then in Morocco (FR)", () => {
    const facts = readItem('fr/v14-passeport-cachets-traduction');
    expect(facts.timeline.map((e) => [e.kind, e.date?.iso, e.country])).toEqual([
      ['entry', '2021-03-12', 'France'],
      ['entry', '2023-01-05', 'Morocco'],
    ]);
  });

  it("reads a border agency's history by its « Entrée » rows only (FR)", () => {
    expect(timeline('fr/v14-releve-entrees-sorties-asfc')).toEqual(['entry applicant 2019-07-04', 'entry applicant 2022-06-18']);
  });

  it('reads « séjour touristique en Espagne du 3 au 17 août 2022 » and ten days at an aunt\'s in Morocco, and no trip to a country never visited (FR)', () => {
    const facts = readItem('fr/v14-declaration-sejours-espagne-maroc');
    expect(facts.timeline.map((e) => [e.kind, e.date?.iso, e.end?.iso, e.country])).toEqual([
      ['travel', '2019-04', undefined, 'Morocco'],
      ['travel', '2022-08-03', '2022-08-17', 'Spain'],
    ]);
  });

  it("reads a mother's earlier stays in Canada, from September (not November) 2019 and « de nouveau en juillet 2022 », beside the visit applied for (FR)", () => {
    expect(timeline('fr/v14-invitation-visites-anterieures-ete')).toEqual(['travel applicant 2024-06-15', 'entry applicant 2019-09', 'entry applicant 2022-07']);
  });
});

describe('overstays and removal orders (v14)', () => {
  it('reads an entry, the stay past the authorized period, and the « ordonnance de renvoi », not the removal carried out (FR)', () => {
    expect(timeline('fr/v14-declaration-ordonnance-renvoi-canada')).toEqual(['entry applicant 2014-02-02', 'overstay applicant 2014-08-02', 'removal-order applicant 2016-03-09']);
  });

  it("reads « mesure d’expulsion » written with a typographic apostrophe, and the brother's « mesure d’exclusion » as someone else's (FR)", () => {
    const facts = readItem('fr/v14-lettre-avocate-mesure-expulsion');
    const removals = facts.timeline.filter((e) => e.kind === 'removal-order').map((e) => `${e.person} ${e.date?.iso}`);
    expect(removals).toEqual(['applicant 2017-05-22', 'other 2019-02-04']);
    expect(facts.timeline.find((e) => e.kind === 'overstay')).toMatchObject({ date: { iso: '2015-08-31' }, country: 'Canada' });
  });

  it("reads a removal record's order by its 'Date order made' field, once (EN), and an ASFC notice's « Date de la mesure » (FR)", () => {
    expect(timeline('en/v14-removal-record-fields')).toEqual(['removal-order applicant 2020-03-16']);
    expect(timeline('fr/v14-avis-mesure-exclusion-asfc')).toEqual(['removal-order applicant 2019-11-04']);
  });

  it("reads 'after my leave to remain ran out … I stayed on' as an overstay and 'a removal decision made on' as the order, not as a decision (EN)", () => {
    expect(timeline('en/v14-affidavit-uk-overstay-removed')).toEqual(['entry applicant 2012-09-10', 'overstay applicant 2015-03-31', 'removal-order applicant 2016-12-02']);
  });
});

describe('the relationship timeline (v14)', () => {
  it('reads « fait connaissance sur Instagram », « vus pour la première fois », the engagement in Dakar and the civil marriage, and no cohabitation (FR)', () => {
    const events = timeline('fr/v14-lettre-relation-fiancailles-dakar');
    expect(events).toEqual(['first-contact applicant 2020-01', 'first-meeting applicant 2020-08-08', 'engagement applicant 2020-12', 'marriage applicant 2021-05-15']);
    expect(events.some((e) => e.startsWith('cohabitation'))).toBe(false);
  });

  it('reads « partageons le même logement depuis », « cessé de vivre ensemble » and « repris la vie commune » (FR)', () => {
    expect(timeline('fr/v14-lettre-conjoints-meme-logement-separation')).toEqual([
      'cohabitation-start applicant 2018-06-01',
      'cohabitation-end applicant 2021-03',
      'cohabitation-start applicant 2021-07',
    ]);
  });

  it("reads a cousin's wedding as someone else's and the couple's own only planned wedding as nothing (FR), and a best friend's likewise (EN)", () => {
    expect(timeline('fr/v14-courriel-mariage-cousine-projet')).toEqual(['marriage other 2023-07-03']);
    expect(timeline('en/v14-email-friends-wedding-planning')).toEqual(['marriage other 2023-02-09']);
  });

  it("reads an app match, a face-to-face first meeting with the flight to Calgary as an entry, and 'Daniel proposed on …' (EN)", () => {
    expect(timeline('en/v14-relationship-story-matched-proposed')).toEqual([
      'first-contact applicant 2019-03',
      'first-meeting applicant 2019-08-02',
      'entry applicant 2019-08-02',
      'engagement applicant 2019-12-31',
      'marriage applicant 2021-05-14',
    ]);
  });

  it("reads the sponsor's separation from her ex-husband and her divorce as the sponsor's, and her holiday as her own trip (EN)", () => {
    expect(timeline('en/v14-sponsor-letter-ex-separation-divorce')).toEqual([
      'cohabitation-end sponsor 2013-10',
      'divorce sponsor 2015-07-07',
      'travel sponsor 2018-02',
      'first-meeting applicant 2018-02-17',
    ]);
  });

  it('reads each answer of a relationship questionnaire, « commencé à vivre ensemble » included (FR)', () => {
    expect(timeline('fr/v14-questionnaire-relation-reponses')).toEqual([
      'first-contact applicant 2019-02-14',
      'first-meeting applicant 2019-06-22',
      'cohabitation-start applicant 2020-01-10',
      'engagement applicant 2020-09-05',
      'marriage applicant 2021-06-12',
    ]);
  });
});
