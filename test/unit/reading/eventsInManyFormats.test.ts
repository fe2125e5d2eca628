/**
 * The dated timeline read from documents of the v6 reading corpus (written for variation, not for
 * the reader): affidavits, "Field: value" forms, e-mails, court records, a consular notice, a
 * visa application centre's receipt, CV rows and travel lists, in English and French. Each event
 * carries whose it is, its date at the precision the document gives, and a verbatim quote; the
 * look-alikes (boilerplate warnings, a relative's refusal, a dismissed charge, a planned wedding,
 * a jurat or issue date) are no events.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { TimelineEvent } from '../../../lambdas/contracts/caseFacts';
import type { DocumentType, ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const CORPUS = join(__dirname, '../../corpus/reading');

function read(text: string, language: 'en' | 'fr', type: DocumentType = 'other', spousal = false): TimelineEvent[] {
  const doc: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, type, language), spousal });
}

/** A corpus document's events as "kind person date[..end] [@country]". */
function corpusEvents(path: string, type: DocumentType = 'other', spousal = false) {
  const language = path.startsWith('fr/') ? 'fr' : 'en';
  const text = readFileSync(join(CORPUS, path), 'utf8');
  const events = read(text, language, type, spousal);
  return { text, events, lines: events.map(line) };
}

const line = (e: TimelineEvent) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}${e.end ? `..${e.end.iso}` : ''}${e.country ? ` @${e.country}` : ''}`;

/** Every event's quote is the document's own words. */
function expectVerbatim(text: string, events: TimelineEvent[]) {
  const flat = text.replace(/\s+/g, ' ');
  for (const e of events) expect(flat).toContain(e.evidence.quote.replace(/\s+/g, ' '));
}

describe('relationship milestones in sworn statements (EN and FR)', () => {
  it("reads an affidavit's first messages, first meeting, a proposal to a named person and the wedding, not the jurat's date", () => {
    const { text, events, lines } = corpusEvents('en/v6-affidavit-relationship-milestones/affidavit.txt', 'other', true);
    expect(lines).toEqual(['first-contact applicant 2018-02-04', 'first-meeting applicant 2018-08-19', 'engagement applicant 2019-12-24', 'marriage applicant 2020-03-14']);
    expect(events.find((e) => e.kind === 'engagement')?.evidence.quote).toContain('I proposed to Inês on 24 December 2019');
    expectVerbatim(text, events);
  });

  it('reads a French declaration: first messages, first meeting, cohabitation since a month, engagement, marriage', () => {
    const { text, events, lines } = corpusEvents('fr/v6-declaration-solennelle-historique-couple/declaration.txt', 'other', true);
    expect(lines).toEqual([
      'first-contact applicant 2017-04-03',
      'first-meeting applicant 2017-07-28',
      'cohabitation-start applicant 2018-03',
      'engagement applicant 2019-02-14',
      'marriage applicant 2019-09-21',
    ]);
    expectVerbatim(text, events);
  });

  it('dates a season or a feast to its year only, and reads no marriage from a planned wedding', () => {
    const { events, lines } = corpusEvents('en/v6-timeline-vague-seasons/timeline.md', 'other', true);
    expect(lines).toEqual(['first-meeting applicant 2019', 'cohabitation-start applicant 2020-03', 'engagement applicant 2021']);
    expect(events[0].date?.precision).toBe('year');
  });
});

describe('marital history in form fields', () => {
  it('reads "Date of previous marriage" and "Date the previous marriage ended" as a marriage and a divorce (EN)', () => {
    const { lines } = corpusEvents('en/v6-form-fields-marital-history/relationship-form.txt', 'imm-5532', true);
    expect(lines).toEqual(['marriage applicant 2022-09-17', 'cohabitation-start applicant 2021-04-01', 'marriage applicant 2010-06-19', 'divorce applicant 2016-11-02']);
  });

  it('reads day-first numeric dates of a French form: "Date du divorce : 03/09/2016" is 3 September', () => {
    const { lines } = corpusEvents('fr/v6-formulaire-etat-civil-dates-numeriques/formulaire.txt', 'imm-5532', true);
    expect(lines).toEqual(['marriage applicant 2021-08-05', 'marriage applicant 2010-06-12', 'divorce applicant 2016-09-03']);
  });
});

describe("a sponsor's own history, told in the first person in a letter of no particular type", () => {
  it('reads the previous sponsorship and divorce as the sponsor\'s and the landing as the former spouse\'s (EN)', () => {
    const { text, events, lines } = corpusEvents('en/v6-sponsor-letter-previous-sponsorship/sponsor-letter.txt', 'submission-letter', true);
    // (Whose the separation "We separated in 2015" is, the sponsor's with the former wife, is not asserted: couple events are read as the couple's.)
    expect(lines.filter((l) => !l.startsWith('cohabitation-end'))).toEqual([
      'previous-sponsorship sponsor 2011',
      'sponsored-person-landed previous-spouse 2012-08-08',
      'divorce sponsor 2016-09-30',
      'cohabitation-start applicant 2021-02-01',
    ]);
    expectVerbatim(text, events);
  });

  it('does the same in French ("J\'ai parrainé mon ex-conjointe")', () => {
    const { lines } = corpusEvents('fr/v6-lettre-repondant-parrainage-anterieur/lettre-repondant.txt', 'submission-letter', true);
    expect(lines.filter((l) => !l.startsWith('cohabitation-end'))).toEqual(['previous-sponsorship sponsor 2012', 'sponsored-person-landed previous-spouse 2013-05-15', 'divorce sponsor 2017-11-07']);
  });
});

describe('refusals: whose, and boilerplate', () => {
  it("reads the writer's own refusal with a day-first date, and a brother's \"US visa\" refusal as someone else's", () => {
    const { lines } = corpusEvents('en/v6-email-refusals-own-and-brother/email-to-counsel.txt');
    // "travelled to London": the city names the trip's country (lexicons/places.json).
    expect(lines).toEqual(['refusal applicant 2019-03-12 @United Kingdom', 'travel applicant 2021-08 @United Kingdom', 'refusal other 2017 @United States']);
  });

  it("reads only the application's receipt from a visa centre's notice, none of its warnings (EN and FR)", () => {
    expect(corpusEvents('en/v6-vac-instructions-boilerplate/vac-acknowledgment.txt').lines).toEqual(['application applicant 2024-01-05']);
    expect(corpusEvents('fr/v6-avis-centre-visas-mentions-generales/accuse-reception.txt').lines).toEqual(['application applicant 2024-01-08']);
  });
});

describe('court records', () => {
  it('reads a charge and its dismissal as a charge and an acquittal: the dismissal date dates no charge, and there is no conviction', () => {
    const { text, events, lines } = corpusEvents('en/v6-us-court-dismissal/disposition.txt');
    expect(lines).toEqual(['charge applicant 2019-02-15', 'acquittal applicant 2019-06-28']);
    expectVerbatim(text, events);
  });

  it('reads a sworn information as the charge and the finding as the conviction (EN)', () => {
    const { lines } = corpusEvents('en/v6-court-record-conviction-sentence/court-record.pdf.txt');
    expect(lines).toContain('charge applicant 2014-06-02');
    expect(lines).toContain('conviction applicant 2014-10-09');
    expect(lines.some((l) => l.startsWith('acquittal'))).toBe(false);
  });

  it("dates an outcome stated without a date by the judgment the record's head names, and no other outcome by it", () => {
    const record = 'CROWN COURT AT LEEDS\nCertificate of outcome - Judgment of 12 March 2021\n\nDefendant: Ama Owusu\nThe jury returned a verdict of not guilty on the count of fraud by false representation.';
    expect(read(record, 'en').map(line)).toEqual(['acquittal applicant 2021-03-12']);
    const extract = 'TRIBUNAL CORRECTIONNEL DE NANTES\nExtrait des minutes - Jugement du 5 juin 2019\n\nLe prévenu a été déclaré coupable de recel et condamné à une amende.';
    expect(read(extract, 'fr').map(line)).toEqual(['conviction applicant 2019-06-05']);
    expect(read('Judgment of 12 March 2021\n\nThe accused was charged with theft.', 'en').map(line)).toEqual(['charge applicant -']);
  });

  it('reads a summons to appear and a "relaxe" as a charge and an acquittal, never a conviction (FR)', () => {
    const { lines } = corpusEvents('fr/v6-relaxe-tribunal-police/jugement-relaxe.txt');
    expect(lines).toEqual(['charge applicant 2018-01-10', 'acquittal applicant 2018-06-22']);
  });
});

describe('unlawful stays abroad', () => {
  it('reads an entry into another country, the stay past the visa and the order to leave the territory (FR)', () => {
    const { lines } = corpusEvents('fr/v6-declaration-sejour-irregulier-belgique/declaration-sejour.txt');
    expect(lines).toEqual(['entry applicant 2013-10-05 @Belgium', 'overstay applicant 2014-01..2015-04 @Belgium', 'removal-order applicant 2015-03-18']);
  });
});

describe('histories listed in form lines and CV rows', () => {
  it('reads each ";"-separated entry of a travel-history field as a trip, with its country and dates (EN and FR)', () => {
    expect(read('Previous travel: Japan, 10-24 May 2018 (tourism); Germany, September 2022 (conference).', 'en').map(line)).toEqual([
      'travel applicant 2018-05-10..2018-05-24 @Japan',
      'travel applicant 2022-09 @Germany',
    ]);
    expect(read('Voyages antérieurs : Tunisie, du 2 au 16 août 2019 (tourisme) ; Sénégal, décembre 2021.', 'fr').map(line)).toEqual([
      'travel applicant 2019-08-02..2019-08-16 @Tunisia',
      'travel applicant 2021-12 @Senegal',
    ]);
  });

  it('reads a line that opens with its period under an employment heading as a job', () => {
    expect(read('Employment history:\n2014-2017 Sales associate, Mega Stores', 'en').map(line)).toEqual(['employment applicant 2014..2017']);
  });

  it('reads no event from a plan or a purpose line dated by a year alone', () => {
    expect(read('We plan to get married in Sylhet next summer.', 'en')).toEqual([]);
    expect(read("Objet du voyage indiqué : rendre visite à mon fiancé ; nous prévoyons de nous marier en 2025.", 'fr')).toEqual([]);
  });
});

describe("a decision letter's own date", () => {
  const letter = (head: string) => `Embassy of Canada - Immigration Section\n\n${head}\n\nDear Applicant,\n\nI have reviewed your application for a work permit. Your application is refused.\n\nSincerely,\nVisa Officer`;

  it('dates the refusal it makes by a day printed flush right on a head line', () => {
    expect(read(letter('File: W300000001                                   14 October 2025'), 'en').map(line)).toEqual(['refusal applicant 2025-10-14']);
  });

  it("takes no head line naming another date (a birth date) for the letter's date", () => {
    expect(read(letter('Applicant date of birth                    14 October 1990'), 'en').map(line)).toEqual(['refusal applicant -']);
  });
});
