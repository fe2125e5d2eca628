/**
 * Refusals, applications, decisions, criminal history and previous sponsorships on the v15
 * variation set (test/corpus/reading/{en,fr}/v15-*), read through the real reader: a refusal told in
 * passing and undated, someone else's refusal, the day a decision was made against the day it was
 * learned, charges and their outcomes (withdrawn, discharged, pardoned), certificates that show no
 * record, boilerplate that only says what may happen, previous undertakings and a sponsor's own
 * landing as a sponsored spouse.
 */
import { readCorpusFolder } from './corpusItem';
import type { TimelineEvent } from '../../../lambdas/contracts/caseFacts';


const readItem = readCorpusFolder;

/** The item's events of the kinds named, as "kind person date" (date "-" when none). */
function events(item: string, kinds: ReadonlyArray<TimelineEvent['kind']>): string[] {
  const { facts, text } = readItem(item);
  for (const e of facts.timeline) expect(text).toContain(e.evidence.quote);
  return facts.timeline.filter((e) => kinds.includes(e.kind)).map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`);
}

const CRIMINAL = ['charge', 'conviction', 'acquittal'] as const;
const DECISIONS = ['application', 'refusal', 'decision', 'notification'] as const;
const SPONSORSHIP = ['previous-sponsorship', 'sponsored-person-landed', 'landed-as-sponsored-partner'] as const;

describe('refusals told in passing, and whose they are', () => {
  it("reads the writer's earlier refusal with no date, and a cousin's as someone else's", () => {
    expect(events('en/v15-explanation-letter-turned-down-undated', ['refusal'])).toEqual(['refusal applicant -', 'refusal other -']);
  });

  it("reads « s'est soldée par un refus » as the applicant's undated refusal, and a brother's refusal as someone else's", () => {
    expect(events('fr/v15-lettre-explicative-refus-anterieur-sans-date', ['refusal'])).toEqual(['refusal applicant -', 'refusal other -']);
  });

  it("keeps a spouse's brother's refusal someone else's, though the sentence names the wife first", () => {
    expect(events('en/v15-statutory-declaration-brother-refused', ['refusal'])).toEqual(['refusal other 2019-11']);
  });

  it("reads 'X turned down my … application in September 2018' as the applicant's, and 'never refused entry' as nothing", () => {
    expect(events('en/v15-declaration-uk-refusal-and-sister', ['refusal'])).toEqual(['refusal applicant 2018-09', 'refusal other 2022']);
  });
});

describe('decisions, and the day they were learned', () => {
  it('dates the refusal on the day the decision was made and the notification on the day it was learned', () => {
    expect(events('en/v15-affidavit-decision-made-then-received', DECISIONS)).toEqual(['application applicant 2023-11-28', 'refusal applicant 2024-04-03', 'notification applicant 2024-04-19']);
  });

  it('reads « décision rendue le » and « notifiée le » in French, and no application in a leave application', () => {
    expect(events('fr/v15-memoire-decision-rendue-notifiee', DECISIONS)).toEqual(['refusal applicant 2024-06-04', 'notification applicant 2024-06-11']);
  });

  it('reads « ne lui a été communiquée que le » as the day the decision was communicated', () => {
    expect(events('fr/v15-lettre-avocat-demande-anterieure-communiquee', DECISIONS)).toEqual(['application applicant 2019', 'refusal applicant 2020-07-07', 'notification applicant 2020-07-15']);
  });

  it('reads an acknowledgement as the application received, never its warnings as refusals', () => {
    expect(events('en/v15-acknowledgement-may-be-refused', DECISIONS)).toEqual(['application applicant 2025-08-05']);
    expect(events('fr/v15-accuse-reception-pourrait-etre-refusee', DECISIONS)).toEqual(['application applicant 2025-01-14']);
  });
});

describe('criminal history and its outcomes', () => {
  it('reads a charge and the Crown withdrawing it as the charge and its end without conviction', () => {
    expect(events('en/v15-email-crown-withdrew-charge', CRIMINAL)).toEqual(['charge applicant 2020-10', 'acquittal applicant 2021-02-09']);
  });

  it('reads a guilty plea ended by an absolute discharge as no conviction (Criminal Code s. 730(3))', () => {
    const read = events('fr/v15-courriel-accusation-retiree-absolution', CRIMINAL);
    expect(read).toEqual(['charge applicant 2019-03', 'acquittal applicant 2019-09-12', 'acquittal applicant 2016-10-20']);
  });

  it('reads a court record ending in a conditional discharge as a charge and its outcome, never a conviction', () => {
    expect(events('en/v15-court-record-conditional-discharge', CRIMINAL)).toEqual(['charge applicant 2018-06-04', 'acquittal applicant 2018-11-21']);
  });

  it("reads « déclare X coupable … le condamne » as a conviction dated by the judgment's hearing", () => {
    expect(events('fr/v15-jugement-correctionnel-condamnation', CRIMINAL)).toContain('conviction applicant 2021-11-23');
  });

  it('takes no conviction from a record suspension granted for it later', () => {
    expect(events('en/v15-letter-record-suspension', CRIMINAL).map((e) => e.split(' ').slice(-1)[0])).toEqual(['2009-05-14']);
  });

  it("reads nothing from a police certificate of no record, a form's questions and warnings, or fees « acquittés »", () => {
    for (const item of ['en/v15-police-clearance-no-record', 'fr/v15-extrait-casier-neant', 'en/v15-schedule-a-tick-boxes-criminal-no', 'fr/v15-recu-droits-acquittes']) {
      expect(events(item, [...CRIMINAL, 'refusal'])).toEqual([]);
    }
  });

  it('reads the conviction an Annexe A discloses in its details, not the questions above', () => {
    expect(events('fr/v15-annexe-a-oui-condamnation-details', [...CRIMINAL, 'refusal'])).toEqual(['conviction applicant 2015-02-02']);
  });
});

describe('previous sponsorships and sponsors sponsored as partners', () => {
  it("reads a previous-undertakings table's row as the sponsorship and the former spouse's landing, its header as nothing", () => {
    expect(events('en/v15-imm1344-previous-undertakings-table', SPONSORSHIP)).toEqual(['previous-sponsorship sponsor 2015-03-19', 'sponsored-person-landed previous-spouse 2016-08-22']);
  });

  it("reads « j'ai signé un engagement pour parrainer mon ancienne conjointe » and her landing as the former spouse's", () => {
    expect(events('fr/v15-lettre-repondant-parrainage-anterieur', SPONSORSHIP)).toEqual(['previous-sponsorship sponsor 2014', 'sponsored-person-landed previous-spouse 2015-10-09']);
  });

  it("reads the landing of a sponsor who was sponsored as a spouse as their own (IRPR 130(3)), in a letter and in a form", () => {
    expect(events('en/v15-sponsor-letter-sponsored-himself', SPONSORSHIP)).toEqual(['landed-as-sponsored-partner sponsor 2017-06-30']);
    expect(events('fr/v15-formulaire-repondant-parraine-comme-epoux', SPONSORSHIP)).toEqual(['landed-as-sponsored-partner sponsor 2021-09-14']);
  });
});
