/**
 * The reader on documents of the v13 variation set (test/corpus/reading/{en,fr}/v13-*): employment
 * and study periods told without a trigger word — a job told by its verb ("From 2016 to 2019 I
 * taught chemistry at …", « j'ai enseigné au lycée … »), LinkedIn and Europass CVs, French CV lines
 * that end with their dates, "Position held / Dates" blocks, experience letters, payslips and a
 * Record of Employment dated by their joining or first-day fields, transcripts, a registrar's letter,
 * a sponsor telling his wife's history in the third person — and the look-alikes that are no period:
 * a master's wished for, a certification's issue date, a pay period, a signature date, « Je n'ai
 * jamais travaillé au Canada ». Each event's quote is verbatim in the source.
 */
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import { readCorpusItem as read } from './corpusItem';

/** The timeline as "kind:person:start[→end]", sorted. */
const events = (facts: CaseFacts) => facts.timeline.map((e) => `${e.kind}:${e.person}:${e.date?.iso ?? '-'}${e.end ? `→${e.end.iso}` : ''}`).sort();

function expectQuotesVerbatim(facts: CaseFacts, text: string) {
  for (const e of facts.timeline) expect(text).toContain(e.evidence.quote);
}

describe('jobs and studies told by their verb, in letters and declarations', () => {
  it('reads "From 2016 to 2019 I taught chemistry at …" as a job and "moved to … as a laboratory analyst" as the next one; the master\'s wished for is no study', () => {
    const { facts, text } = read('en/v13-statement-taught-chemistry', 'statement-of-purpose.txt');
    expect(events(facts)).toEqual(['employment:applicant:2016→2019', 'employment:applicant:2020-01', 'study:applicant:2011→2015']);
    expectQuotesVerbatim(facts, text);
  });

  it('reads « j\'ai enseigné au lycée … de 2015 à 2020 », « je dirige le département » since a date, and a licence « obtenue en 2014 »', () => {
    const { facts, text } = read('fr/v13-lettre-enseigne-lycee', 'lettre-explicative.txt');
    expect(events(facts)).toEqual(['employment:applicant:2015→2020', 'employment:applicant:2020-09', 'study:applicant:2014']);
    expectQuotesVerbatim(facts, text);
  });

  it('reads « j\'ai fréquenté l\'Université », « j\'ai passé quatre ans à … en tant qu\'enquêtrice (2015-2019) », and no job from « Je n\'ai jamais travaillé au Canada »', () => {
    const { facts } = read('fr/v13-declaration-frequente', 'declaration-solennelle.docx.txt');
    expect(events(facts)).toEqual(['employment:applicant:2015→2019', 'employment:applicant:2019-10', 'study:applicant:2010→2014']);
  });

  it("reads 'I attended <college> from … to …', 'did a summer internship at … in 2007', 'Between 2009 and 2014 I was an accounts executive', 'have been teaching … since June 2014', and no job from 'never worked outside India'", () => {
    const { facts, text } = read('en/v13-affidavit-attended-teaching', 'affidavit.pdf.txt');
    expect(events(facts)).toEqual(['employment:applicant:2007', 'employment:applicant:2009→2014', 'employment:applicant:2014-06', 'study:applicant:2005→2008']);
    expectQuotesVerbatim(facts, text);
  });

  it("reads « baccalauréat obtenu au lycée … en 2007 », « j'ai effectué un stage … (2008) », « De 2009 à 2015, j'ai été comptable », « Depuis 2016, j'enseigne … au … »", () => {
    const { facts } = read('fr/v13-lettre-motivation-parcours', 'lettre-motivation.docx.txt');
    expect(events(facts)).toEqual(['employment:applicant:2008', 'employment:applicant:2009→2015', 'employment:applicant:2016', 'study:applicant:2007']);
  });

  it('reads "served <employer> as a Junior Engineer from … to …" beside "working with us in the capacity of … since …"', () => {
    const { facts } = read('en/v13-reference-capacity-since', 'experience-letter.pdf.txt');
    expect(events(facts)).toEqual(['employment:applicant:2013-06→2017-03', 'employment:applicant:2017-04-12']);
  });
});

describe('history told by someone else', () => {
  it("gives a sponsor's 'She then worked …' and 'Since 2021 Leila has taught …' to his wife, her sister's job to the sister, his own to him", () => {
    const { facts, text } = read('en/v13-sponsor-letter-she-then', 'letter-from-sponsor.txt');
    expect(events(facts)).toEqual([
      'employment:applicant:2014→2020',
      'employment:applicant:2021',
      'employment:other:2016',
      'employment:sponsor:2014',
      'study:applicant:2009→2013',
    ]);
    expectQuotesVerbatim(facts, text);
  });

  it('gives « Elle a ensuite travaillé … » and « Nathalie tient sa propre boutique » to the sponsor\'s wife, not to the brother named between', () => {
    const { facts } = read('fr/v13-lettre-garant-elle-ensuite', 'lettre-garant.txt');
    expect(events(facts)).toEqual([
      'employment:applicant:2012→2018',
      'employment:applicant:2019',
      'employment:other:2010',
      'employment:sponsor:2015',
      'study:applicant:2008→2011',
    ]);
  });
});

describe('CVs and profiles', () => {
  it("reads a LinkedIn profile's period lines under Experience and Education, and no study from a certification's 'Issued Jun 2022'", () => {
    const { facts, text } = read('en/v13-linkedin-profile', 'profile.pdf.txt');
    expect(events(facts)).toEqual(['employment:applicant:2017-07→2021-02', 'employment:applicant:2021-03', 'study:applicant:2012→2016']);
    expectQuotesVerbatim(facts, text);
  });

  it('reads Europass entries opening with a bracketed period, the one to "Current" with no end', () => {
    const { facts } = read('en/v13-europass-cv', 'cv-europass.docx.txt');
    expect(events(facts)).toEqual(['employment:applicant:2016-09-15→2019-02-28', 'employment:applicant:2019-03-01', 'study:applicant:2013-10-01→2016-06-30']);
  });

  it('reads French CV lines that end with their dates in parentheses (« Stage de fin d\'études chez … (6 mois, 2021) »)', () => {
    const { facts } = read('fr/v13-cv-stage-fin-etudes', 'cv.docx.txt');
    expect(events(facts)).toEqual([
      'employment:applicant:2019-09',
      'employment:applicant:2021',
      'employment:applicant:2022-03',
      'study:applicant:2016→2018',
      'study:applicant:2018→2021',
    ]);
  });

  it("reads a French LinkedIn profile's « janv. 2019 - aujourd'hui · 5 ans 11 mois » lines", () => {
    const { facts } = read('fr/v13-profil-linkedin', 'profil.pdf.txt');
    expect(events(facts)).toEqual(['employment:applicant:2014-09→2018-12', 'employment:applicant:2019-01', 'study:applicant:2012→2014']);
  });
});

describe('records dated by their fields', () => {
  it("dates a payslip's job at its Date of Joining, not at the month paid", () => {
    const { facts } = read('en/v13-payslip-date-of-joining', 'payslip-may-2024.pdf.txt');
    expect(events(facts)).toEqual(['employment:applicant:2019-08-01']);
  });

  it("reads a Record of Employment's first day worked and last day paid as one job", () => {
    const { facts } = read('en/v13-roe-first-last-day', 'roe.txt');
    expect(events(facts)).toEqual(['employment:applicant:2021-06-14→2023-09-29']);
  });

  it("reads « Date d'entrée » on a payslip as the job's start, not an entry to a country, and its « Période » as the month paid", () => {
    const { facts } = read('fr/v13-bulletin-paie-date-entree', 'bulletin-juin-2024.pdf.txt');
    expect(events(facts)).toEqual(['employment:applicant:2019-02-04']);
  });

  it("reads a transcript's dates of admission and graduation as one course of studies, not its term rows", () => {
    const { facts } = read('en/v13-transcript-admission-graduation', 'transcript.pdf.txt');
    expect(events(facts)).toEqual(['study:applicant:2013-06→2018-06-22']);
  });

  it('reads each « Employeur / Poste occupé / Période » block as one job, and not the signature date', () => {
    const { facts } = read('fr/v13-bloc-poste-occupe', 'renseignements-emploi.txt');
    expect(events(facts)).toEqual(['employment:applicant:2012-02→2017-11', 'employment:applicant:2017-12']);
  });
});

describe('certificates and attestations', () => {
  it("reads a bonafide certificate's academic year and an intern 'associated with us from … to …'; 'not on our regular payroll' is no second job", () => {
    expect(events(read('en/v13-bonafide-and-relieving', 'bonafide-certificate.txt').facts)).toEqual(['study:applicant:2024→2025']);
    expect(events(read('en/v13-bonafide-and-relieving', 'relieving-letter.txt').facts)).toEqual(['employment:applicant:2023-06-01→2023-07-31']);
  });

  it('reads « fait partie de nos effectifs depuis le 2 mai 2017 » and a diploma\'s « a suivi la formation du … au … », not their signature dates', () => {
    expect(events(read('fr/v13-attestation-effectifs-diplome', 'attestation-employeur.txt').facts)).toEqual(['employment:applicant:2017-05-02']);
    expect(events(read('fr/v13-attestation-effectifs-diplome', 'diplome.txt').facts)).toEqual(['study:applicant:2014-10-15→2016-07-30']);
  });
});

describe('acceptances', () => {
  it("reads the programme admitted to by its start date, and the earlier degree in parentheses after 'B.Sc.'", () => {
    const { facts } = read('en/v13-acceptance-start-date', 'letter-of-acceptance.txt');
    expect(events(facts)).toEqual(['study:applicant:2015→2019', 'study:applicant:2026-01-08']);
  });
});
