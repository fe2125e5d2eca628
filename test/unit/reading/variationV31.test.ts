/**
 * Refusals, decisions, applications and court events on the v31 set (test/corpus/reading/{en,fr}/v31-*):
 * refusals told twice by two years joined with "and", a refusal quoted or forwarded in an e-mail
 * (dated by the quoted message), « Refusé : <pays> <année> » as list entries, a tribunal's reasons
 * (the officer's refusal they recount, no decision of their own, the refused application no
 * application of its own), a title in capitals, a relative's charge and acquittal, a negation
 * carried along a list, and an answer whose question names the person.
 */
import { readCorpusFolder } from './corpusItem';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const events = (item: string, kinds = ['refusal', 'decision', 'application', 'charge', 'conviction', 'acquittal']) =>
  readCorpusFolder(item)
    .facts.timeline.filter((e) => kinds.includes(e.kind))
    .map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`);
const timelineOf = (text: string, name = 'y1.txt') => {
  const doc: ExtractedDocument = { docId: 'y1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readCaseFacts([doc]).timeline.map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`);
};

describe('a refusal told twice in one sentence', () => {
  it('reads "denied twice, in 2017 and in 2019" as two refusals, beside a third told by its month', () => {
    expect(events('en/v31-imm5257-background-denied-twice').sort()).toEqual(['refusal applicant 2017', 'refusal applicant 2019', 'refusal applicant 2022-03']);
  });

  it('reads "refused … in 2016 and again in 2018" and « refusée en 2016 et de nouveau en 2018 » as two refusals each', () => {
    expect(events('en/v31-statutory-declaration-refused-2016-again-2018', ['refusal'])).toEqual(['refusal applicant 2016', 'refusal applicant 2018']);
    expect(events('fr/v31-declaration-solennelle-deux-refus-accusation', ['refusal'])).toEqual(['refusal applicant 2016', 'refusal applicant 2018']);
  });

  it('reads no second refusal from a date joined with "and" that opens another clause, nor from an unrelated second date', () => {
    expect(timelineOf('I was refused a visa in 2016 and in 2018 I married Ana.').filter((e) => e.startsWith('refusal'))).toEqual(['refusal applicant 2016']);
    expect(timelineOf('My visa was refused in 2016, and I moved to Lima in 2018.').filter((e) => e.startsWith('refusal'))).toEqual(['refusal applicant 2016']);
  });

  it('reads each « Refusé : <pays> <année> » entry of a details line', () => {
    expect(events('fr/v31-questionnaire-refus-annee-seule')).toEqual(['refusal applicant 2019', 'refusal applicant 2021']);
  });
});

describe('a decision quoted or forwarded in an e-mail', () => {
  it('dates the refusal by the forwarded message, not by the forward, in English and French', () => {
    expect(events('en/v31-forwarded-portal-refusal-message')).toEqual(['refusal applicant 2024-06-18']);
    expect(events('fr/v31-courriel-transfere-refus')).toEqual(['refusal applicant 2025-02-04']);
  });

  it('dates a quote by the "On …, … wrote:" line above it', () => {
    const text = ['From: A. Client', 'Date: Mon, 3 Mar 2025 09:00', '', 'See below.', '', 'On Fri, 14 Feb 2025 at 10:02, IRCC wrote:', '> Your application has been refused.'].join('\n');
    expect(timelineOf(text)).toContain('refusal applicant 2025-02-14');
  });
});

describe("a tribunal's or a court's reasons", () => {
  it('reads the officer\'s refusal and the application they recount, and no decision of the Court', () => {
    expect(events('en/v31-federal-court-reasons-officer-refused')).toEqual(['application applicant 2024-10-03', 'refusal applicant 2025-01-15']);
    expect(events('fr/v31-decision-sai-agente-a-refuse')).toEqual(['application applicant 2023-11-09', 'refusal applicant 2024-08-22']);
  });

  it('reads the refusal an appeal is from, and no decision from the tribunal\'s "Date of decision"', () => {
    expect(events('en/v25-iad-reasons-quote-officer')).toEqual(['refusal applicant 2024-03-04']);
    expect(events('fr/v25-decision-sai-motifs-agente')).toEqual(['refusal applicant 2024-08-22']);
  });

  it('reads the application a refusal names as no application of its own (« du refus, le …, de la demande … présentée »)', () => {
    expect(events('fr/v17-decision-sai-cite-agent')).toEqual(['refusal applicant 2024-01-14']);
  });

  it('still reads an officer\'s "Date of decision" outside a tribunal\'s reasons', () => {
    expect(timelineOf('Immigration, Refugees and Citizenship Canada\n\nDate of decision: 14 May 2025\n\nYour application for a work permit has been approved.')).toContain('decision applicant 2025-05-14');
  });
});

describe('look-alikes that are no event', () => {
  it('reads a refusal form\'s title in capitals as no refusal dated by the sentence below it', () => {
    expect(events('fr/v31-refus-visa-belgique-cameroun')).toEqual(['application applicant 2024-06-14', 'refusal applicant 2024-07-02']);
  });

  it('carries a negation along a list: "never been arrested, charged or convicted" is no conviction', () => {
    expect(timelineOf('The applicant has never been arrested, charged or convicted in any country.')).toEqual([]);
    expect(timelineOf('He was arrested in May 2019, charged and convicted in 2020 of theft.').some((e) => e.startsWith('conviction'))).toBe(true);
  });

  it('reads « Accusé de réception » as no charge, and « j\'ai été accusé de vol le … » as one', () => {
    expect(timelineOf('Objet : Accusé de réception — demande de parrainage').some((e) => e.startsWith('charge'))).toBe(false);
    expect(timelineOf("En 2017, j'ai été accusé de vol le 3 mai 2017 à Lyon.")).toContain('charge applicant 2017-05-03');
  });

  it('reads a withdrawn application, a hedge and the law\'s text as no refusal', () => {
    expect(events('en/v31-email-withdrawn-application')).toEqual(['application applicant 2023-03-03']);
    expect(events('fr/v31-avis-demande-retiree')).toEqual(['application applicant 2025-01-09']);
    expect(events('fr/v31-formulaire-non-refus-texte-loi')).toEqual([]);
  });
});

describe('whose charge, acquittal or conviction', () => {
  it('gives "the applicant\'s brother, Devon …" and then "Devon was charged … and acquitted" to someone else', () => {
    expect(events('en/v31-submission-brother-acquitted')).toEqual(['charge other 2019-04-02', 'acquittal other 2019-11-15', 'application applicant 2022']);
  });

  it('gives an answer the person its question names (« Votre épouse … ? » / « — Oui : … condamnation en 2018 »)', () => {
    expect(events('fr/v17-questionnaire-membres-famille')).toEqual(['conviction spouse-or-partner 2018']);
  });

  it('reads a questionnaire the sponsor fills in: "your spouse" is the applicant', () => {
    expect(events('en/v31-client-questionnaire-spouse-convicted-2018')).toEqual(['conviction applicant 2018']);
    expect(events('fr/v31-questionnaire-famille-epoux-condamne')).toEqual(['conviction applicant 2018']);
  });
});
