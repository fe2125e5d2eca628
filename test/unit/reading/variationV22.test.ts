/**
 * Studies and civil status on the v22 variation set (test/corpus/reading/{en,fr}/v22-*): a decree
 * made absolute (not the nisi's day), a divorce judgment and the later annotation of the marriage
 * act, an annulment, « dissous par divorce », « Marié(e) depuis », a certificate's solemnization
 * beside its registration and issue, a degree conferred, a diploma « obtenu à la session de »,
 * "Divorced 2018" in a cell, a form's previous union dated by its period, and the look-alikes a
 * reader must leave: birth dates, a planned ceremony, a certification under its own CV title.
 */
import { readCorpusItem } from './corpusItem';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';

const events = (facts: CaseFacts) => facts.timeline.map((e) => ({ kind: e.kind, person: e.person, date: e.date?.iso, ...(e.end ? { end: e.end.iso } : {}) }));
const ofKinds = (facts: CaseFacts, ...kinds: string[]) => events(facts).filter((e) => kinds.includes(e.kind));
const read = (text: string, name = 'doc.txt') => readCaseFacts([{ docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]);

describe('divorces as decrees, judgments and forms tell them', () => {
  it('dates a decree absolute by the day the nisi was made absolute, and keeps the marriage it dissolved', () => {
    const { facts } = readCorpusItem('en/v22-decree-nisi-made-absolute', 'decree-absolute.pdf.txt');
    expect(ofKinds(facts, 'divorce', 'marriage')).toEqual(
      expect.arrayContaining([
        { kind: 'divorce', person: 'applicant', date: '2019-05-20' },
        { kind: 'marriage', person: 'applicant', date: '2010-06-12' },
      ]),
    );
    expect(ofKinds(facts, 'divorce')).toHaveLength(1);
  });

  it('reads « le tribunal a prononcé le divorce » on the judgment day, and the marriage act annotated later is no marriage', () => {
    const { facts } = readCorpusItem('fr/v22-jugement-divorce-prononce-mention-marge', 'extrait-jugement-divorce.pdf.txt');
    expect(ofKinds(facts, 'divorce', 'marriage')).toEqual([
      { kind: 'marriage', person: 'applicant', date: '2013-07-18' },
      { kind: 'divorce', person: 'applicant', date: '2020-10-12' },
    ]);
  });

  it('reads an annulled marriage as its dissolution, and « dissous par divorce le … » in a form line', () => {
    expect(ofKinds(readCorpusItem('en/v22-letter-annulment-married-since', 'letter-of-explanation.txt').facts, 'divorce')).toEqual([{ kind: 'divorce', person: 'applicant', date: '2015-02-02' }]);
    const form = readCorpusItem('fr/v22-formulaire-famille-divorcee-annee-tableau', 'renseignements-famille.pdf.txt').facts;
    expect(ofKinds(form, 'divorce', 'marriage')).toEqual([
      { kind: 'marriage', person: 'applicant', date: '2010-06-12' },
      { kind: 'divorce', person: 'applicant', date: '2021-03-09' },
    ]);
  });

  it('dates "Divorced 2018" in a table cell by the year after it, not by the next cell’s period', () => {
    const facts = read('| Person | Name | Marital status | Education |\n| Applicant | Ines Diallo | Divorced 2018 | 2009–2013 BA Sociology |');
    expect(ofKinds(facts, 'divorce')).toEqual([{ kind: 'divorce', person: 'applicant', date: '2018' }]);
  });

  it('tells the sponsor’s earlier divorce from a year (« s’est terminé par un divorce en 2016 »)', () => {
    const { facts } = readCorpusItem('fr/v22-lettre-repondant-divorce-annee-rencontre', 'lettre-repondant.txt');
    expect(ofKinds(facts, 'divorce', 'cohabitation-end')).toEqual([{ kind: 'divorce', person: 'sponsor', date: '2016' }]);
  });
});

describe('marriages as certificates and forms tell them', () => {
  it('dates a certificate’s marriage by its solemnization, not its registration or the copy’s issue', () => {
    const { facts } = readCorpusItem('en/v22-marriage-certificate-solemnized-registered-issued', 'marriage-certificate.pdf.txt');
    expect(ofKinds(facts, 'marriage')).toEqual([{ kind: 'marriage', person: 'applicant', date: '2021-11-06' }]);
  });

  it('reads an acte « célébré le » past the spouses’ birth dates, and not the day the act was drawn up', () => {
    const { facts } = readCorpusItem('fr/v22-acte-mariage-celebre-dresse-delivre', 'acte-mariage.pdf.txt');
    expect(ofKinds(facts, 'marriage')).toEqual([{ kind: 'marriage', person: 'applicant', date: '2019-05-25' }]);
  });

  it('reads « Marié(e) depuis le … » and a customary marriage, not its later transcription', () => {
    expect(ofKinds(readCorpusItem('fr/v22-imm0008f-etat-matrimonial-marie-depuis', 'imm0008f.pdf.txt').facts, 'marriage')).toEqual([{ kind: 'marriage', person: 'applicant', date: '2017-09-02' }]);
    expect(ofKinds(readCorpusItem('fr/v22-attestation-mariage-coutumier-enregistre', 'attestation-mariage-coutumier.pdf.txt').facts, 'marriage')).toEqual([
      { kind: 'marriage', person: 'applicant', date: '2020-08-08' },
    ]);
  });

  it('leaves a religious ceremony planned for a later date, "could not live together" and a brother’s divorce as what they are', () => {
    const { facts } = readCorpusItem('en/v22-sponsor-letter-not-lived-together-religious-ceremony-planned', 'sponsor-letter.txt');
    expect(ofKinds(facts, 'marriage', 'divorce', 'cohabitation-start')).toEqual([
      { kind: 'marriage', person: 'applicant', date: '2024-04-06' },
      { kind: 'divorce', person: 'other', date: '2020' },
    ]);
  });

  it('dates a form’s previous union that ended in divorce by its period, and leaves a "Married" type with a period alone', () => {
    const dissolved = read('Pièce jointe no 3 — Union antérieure\nType de relation : mariage, dissous par divorce\nDu 2012-05-19 au 2019-11-04');
    expect(ofKinds(dissolved, 'marriage', 'divorce')).toEqual([
      { kind: 'marriage', person: 'applicant', date: '2012-05-19' },
      { kind: 'divorce', person: 'applicant', date: '2019-11-04' },
    ]);
    const current = read('Type of relationship: Married\nFrom: 2015-03-01');
    expect(ofKinds(current, 'marriage', 'divorce')).toEqual([]);
    // A birth date below the type is the former spouse's, no period.
    const born = read('Type of relationship: married, ended by divorce\nDate of birth: 1980-01-02');
    expect(ofKinds(born, 'marriage', 'divorce').filter((e) => e.date)).toEqual([]);
  });

  it('reads "married to <name>, <date>" as the marriage on that day', () => {
    const facts = read('Sponsor: married to Megan Louise Hart, 2010-05-15, divorced 2017-03-02 (Ontario Superior Court).');
    expect(ofKinds(facts, 'marriage')).toEqual([{ kind: 'marriage', person: 'applicant', date: '2010-05-15' }]);
  });
});

describe('studies told by their records', () => {
  it('dates a degree conferred at a convocation by its day, and a diploma « obtenu à la session de juillet 2019 » past the holder’s birth date', () => {
    expect(ofKinds(readCorpusItem('en/v22-degree-certificate-conferred-dhaka', 'degree-certificate.pdf.txt').facts, 'study')).toEqual([{ kind: 'study', person: 'applicant', date: '2019-03-09' }]);
    expect(ofKinds(readCorpusItem('fr/v22-diplome-licence-decerne-dakar', 'diplome-licence.pdf.txt').facts, 'study')).toEqual([{ kind: 'study', person: 'applicant', date: '2019-07' }]);
  });

  it('reads a CV’s education years and not a certification listed under its own title', () => {
    const { facts } = readCorpusItem('en/v22-cv-education-year-ranges-lagos', 'cv-adeyemi.docx.txt');
    expect(ofKinds(facts, 'study')).toEqual([
      { kind: 'study', person: 'applicant', date: '2014', end: '2018' },
      { kind: 'study', person: 'applicant', date: '2019', end: '2021' },
    ]);
  });

  it('dates an education block by its "From (YYYY-MM): … To (YYYY-MM): …" line, its columns closed up as a PDF gives them', () => {
    const facts = read(
      'EDUCATION\nFrom (YYYY-MM): 2011-09 To (YYYY-MM): 2015-06\nField of study: Civil Engineering\nSchool/Facility name: Universidad Nacional de Colombia',
      'imm5257.pdf',
    );
    expect(ofKinds(facts, 'study')).toEqual([{ kind: 'study', person: 'applicant', date: '2011-09', end: '2015-06' }]);
  });

  it('reads a sister’s enrolment as someone else’s studies and a wished-for master’s as no event', () => {
    const { facts } = readCorpusItem('fr/v22-lettre-motivation-etudes-soeur-inscrite', 'lettre-motivation.docx.txt');
    expect(ofKinds(facts, 'study')).toEqual([
      { kind: 'study', person: 'applicant', date: '2013', end: '2017' },
      { kind: 'study', person: 'other', date: '2021-09' },
    ]);
  });
});
