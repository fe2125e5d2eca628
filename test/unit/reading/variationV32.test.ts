/**
 * Civil status and the relationship on the v32 variation set (test/corpus/reading/{en,fr}/v32-*):
 * whose divorce it is (a sponsor's own letter, a form's part, a declarant's sworn statement), a
 * previous-undertakings table whose columns a PDF closed up, the sponsor's own landing as a
 * sponsored spouse, first contact on an app, a cohabitation period that ended, and the look-alikes
 * that are no event (partners who cannot live together, a planned wedding, an anniversary, a
 * money transfer, the parents' marriage).
 */
import { readCorpusFolder } from './corpusItem';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const events = (item: string) => readCorpusFolder(item).facts.timeline.map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`);
const timelineOf = (text: string, name = 'letter.txt') => {
  const doc: ExtractedDocument = { docId: 'c1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readCaseFacts([doc]).timeline.map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`);
};

describe('whose divorce it is', () => {
  it("reads a sponsor's letter titled 'Sponsorship of my wife' as the sponsor's: his separation and divorce, then the couple's milestones", () => {
    const read = events('en/v32-sponsor-letter-earlier-marriage-separated-divorce');
    expect(read).toEqual(expect.arrayContaining(['divorce sponsor 2017-11-22', 'first-contact applicant 2021-01-09', 'first-meeting applicant 2021-04-20', 'marriage applicant 2023-05-05']));
    expect(read.some((e) => e.startsWith('divorce applicant'))).toBe(false);
  });

  it('gives « Objet : Parrainage de ma conjointe » the same reading in French', () => {
    const read = events('fr/v32-lettre-repondant-separes-divorce-tinder');
    expect(read).toEqual(expect.arrayContaining(['divorce sponsor 2017-01-09', 'first-contact applicant 2021-03-14', 'cohabitation-start applicant 2022-10-01']));
  });

  it("reads an IMM 5532's Part A divorce as the sponsor's and Part B's 'never married' as nothing", () => {
    for (const item of ['en/v32-relationship-form-parts-unnumbered', 'fr/v32-imm5532-parties-repondant-demandeur']) {
      const read = events(item);
      expect(read.filter((e) => e.startsWith('divorce'))).toEqual([expect.stringMatching(/^divorce sponsor /)]);
    }
  });

  it("reads a details answer in the sponsor's part (« Si oui, précisez : … divorce prononcé en 2015 ») as the sponsor's", () => {
    expect(events('fr/v17-imm5532-parties-par-personne')).toContain('divorce sponsor 2015');
  });

  it("keeps the applicant's own sworn declaration of her divorce hers", () => {
    expect(events('en/v32-applicant-affidavit-own-divorce')).toEqual(expect.arrayContaining(['marriage applicant 2006-12-09', 'cohabitation-end applicant 2015-07-01', 'divorce applicant 2017-05-18']));
    expect(events('fr/v32-declaration-demanderesse-propre-divorce')).toEqual(expect.arrayContaining(['divorce applicant 2016-09-27', 'cohabitation-end applicant 2014-03-15']));
  });

  it("gives a brother's divorce and the parents' marriage to someone else", () => {
    const read = events('en/v32-counsel-letter-brother-divorce-parents');
    expect(read).toEqual(expect.arrayContaining(['divorce other 2020', 'marriage other 1988', 'marriage applicant 2024-03-02']));
    expect(read).not.toContain('marriage applicant 1988');
  });
});

describe('previous sponsorships and landings', () => {
  it("reads a previous-undertakings table closed up to single spaces by its header's date columns, a wrapped header cell included", () => {
    const squeezed = [
      'ENGAGEMENTS ANTÉRIEURS DU RÉPONDANT',
      'Nom de la personne parrainée Lien avec le répondant Engagement signé Devenue résidente',
      'permanente',
      'Chantal Mbuyi Épouse 2010 2011',
      "L'engagement envers Mme Mbuyi a pris fin en 2014.",
    ].join('\n');
    const read = timelineOf(squeezed, 'engagements.pdf');
    expect(read).toEqual(expect.arrayContaining(['previous-sponsorship sponsor 2010', 'sponsored-person-landed previous-spouse 2011']));
    expect(read.some((e) => e.endsWith(' 2014'))).toBe(false);
  });

  it("reads no previous sponsorship from a squeezed row of someone who is no partner, only that person's landing", () => {
    const read = timelineOf(['Name of person sponsored Relationship Undertaking signed Became a permanent resident', 'Rosa Delgado Mother 2016-02-01 2017-05-09'].join('\n'));
    expect(read).toEqual(['sponsored-person-landed other 2017-05-09']);
  });

  it("dates the sponsor's divorce from a relationship cell 'Spouse (divorced 2021)'", () => {
    expect(events('en/v15-imm1344-previous-undertakings-table')).toContain('divorce sponsor 2021');
  });

  it('reads "I became a permanent resident on …, sponsored by my former husband" as the writer\'s own landing, not the former husband\'s', () => {
    for (const item of ['en/v32-sponsor-landed-sponsored-by-former-husband', 'fr/v32-repondante-devenue-resident-parrainee']) {
      const read = events(item);
      expect(read.filter((e) => e.startsWith('landed-as-sponsored-partner sponsor'))).toHaveLength(1);
      expect(read.some((e) => e.startsWith('sponsored-person-landed'))).toBe(false);
    }
  });

  it('still gives a former spouse who landed her own landing', () => {
    expect(timelineOf('I sponsored my former wife, who became a permanent resident on 2 September 2019.')).toContain('sponsored-person-landed previous-spouse 2019-09-02');
  });
});

describe('cohabitation', () => {
  it('reads a period of living together that ended as its start and its end', () => {
    expect(timelineOf('We lived together in Porto from 1 March 2022 until 30 September 2023, when I returned to Canada.')).toEqual(
      expect.arrayContaining(['cohabitation-start applicant 2022-03-01', 'cohabitation-end applicant 2023-09-30']),
    );
    expect(timelineOf('Nous vivons ensemble depuis le 1er septembre 2020.').some((e) => e.startsWith('cohabitation-end'))).toBe(false);
  });

  it('reads no cohabitation where the partners cannot live together, or a shared home of other people', () => {
    expect(events('fr/v32-partenaires-conjugaux-ne-peuvent-cohabiter').some((e) => e.startsWith('cohabitation'))).toBe(false);
    expect(events('en/v32-conjugal-submission-cannot-live-together').some((e) => e.startsWith('cohabitation'))).toBe(false);
    expect(timelineOf('The partners cannot live together in either country.')).toEqual([]);
  });
});

describe('the couple’s milestones and their look-alikes', () => {
  it('reads first contact on an app or site with its own date, apart from the first meeting', () => {
    expect(events('fr/v32-partenaires-conjugaux-ne-peuvent-cohabiter')).toEqual(expect.arrayContaining(['first-contact applicant 2019-05-11', 'first-meeting applicant 2019-09-20']));
  });

  it("reads « Il m'a demandée en mariage le … » as the engagement, and the wedding after it as the marriage", () => {
    const read = timelineOf("Il m'a demandée en mariage le 24 décembre 2019 et nous nous sommes mariés à Port-au-Prince le 5 juin 2021.");
    expect(read).toEqual(expect.arrayContaining(['engagement applicant 2019-12-24', 'marriage applicant 2021-06-05']));
    expect(read).not.toContain('marriage applicant 2019-12-24');
  });

  it('dates a marriage certificate by its celebration, not the record drawn up or the copy issued', () => {
    expect(events('fr/v32-acte-mariage-celebre-dresse-delivre').filter((e) => e.startsWith('marriage'))).toEqual(['marriage applicant 2021-06-12']);
    expect(events('en/v32-marriage-certificate-day-of-registered-issued').filter((e) => e.startsWith('marriage'))).toEqual(['marriage applicant 2020-02-14']);
  });

  it("reads no marriage from a host's planned wedding, and no engagement from a transfer's date or an anniversary", () => {
    for (const item of ['en/v32-invitation-planned-wedding-host', 'fr/v32-lettre-invitation-mariage-prevu']) expect(events(item).some((e) => e.startsWith('marriage') || e.startsWith('engagement'))).toBe(false);
    const mails = events('en/v32-email-thread-proposal-transfer-anniversary');
    expect(mails).not.toContain('engagement applicant 2022-03-03');
    expect(mails.some((e) => e.startsWith('first-meeting') || e.startsWith('marriage'))).toBe(false);
    expect(events('fr/v32-courriels-fiancailles-virement-anniversaire').filter((e) => e.startsWith('engagement') || e.startsWith('first-meeting'))).toEqual(['engagement applicant 2023-04-08']);
  });
});
