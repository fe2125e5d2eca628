/**
 * The modules that read employment and study periods told without a trigger word: labelled record
 * fields (events/periodFields.ts), CV and profile sections (events/cvEntries.ts), roles run or
 * titles held with a far "since" (events/heldRoles.ts), and the person a pronoun or a first name
 * stands for (events/carriedSubject.ts). Each is read through the real segmenter and document.
 */
import { cvEntries } from '../../../lambdas/agents/intake/reading/events/cvEntries';
import { heldRoles } from '../../../lambdas/agents/intake/reading/events/heldRoles';
import { periodFields } from '../../../lambdas/agents/intake/reading/events/periodFields';
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument, type ReadingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import { datesIn } from '../../../lambdas/agents/intake/reading/textReaders';
import type { TimelineEvent } from '../../../lambdas/contracts/caseFacts';
import type { DocumentType, ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

function doc(text: string, language: 'en' | 'fr' = 'en', type: DocumentType = 'other'): ReadingDocument {
  const extracted: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readingDocument(extracted, type, language);
}
const periods = (events: TimelineEvent[]) => events.map((e) => `${e.kind}:${e.person}:${e.date?.iso ?? '-'}${e.end ? `→${e.end.iso}` : ''}`);
const timeline = (text: string, language: 'en' | 'fr' = 'en', type: DocumentType = 'other', spousal = false) =>
  periods(readEvents({ doc: doc(text, language, type), spousal })).sort();

describe('periodFields: jobs and studies dated by labelled fields', () => {
  it('pairs a start field with the end field after it, whatever numbering the form puts before the label', () => {
    const d = doc('Block 10 First day worked: 2021-06-14\nBlock 11 Last day for which paid: 2023-09-29\nBlock 13 Occupation: cook');
    const read = periodFields(d, d.pages[0]);
    expect(periods(read.events)).toEqual(['employment:applicant:2021-06-14→2023-09-29']);
    expect([...read.claimed]).toEqual([0, 1]);
  });

  it('reads a "Dates:" line only in a block that names an employer or a school', () => {
    const job = doc('Name of employer: Acme Ltd\nPosition held: clerk\nDates: March 2018 – present');
    expect(periods(periodFields(job, job.pages[0]).events)).toEqual(['employment:applicant:2018-03']);
    const school = doc('Institution: Makerere University\nDates: 2012 – 2016');
    expect(periods(periodFields(school, school.pages[0]).events)).toEqual(['study:applicant:2012→2016']);
    const trip = doc('Destination: Lisbon\nDates: 3 – 17 August 2023');
    expect(periodFields(trip, trip.pages[0]).events).toEqual([]);
  });

  it("takes « Date d'entrée » for a job's start only beside a field that names the job", () => {
    const payslip = doc("Emploi : vendeuse\nDate d'entrée : 04/02/2019", 'fr');
    expect(periods(periodFields(payslip, payslip.pages[0]).events)).toEqual(['employment:applicant:2019-02-04']);
    const form = doc("Date d'entrée : 04/02/2019\nLieu d'entrée : Montréal", 'fr');
    expect(periodFields(form, form.pages[0]).events).toEqual([]);
  });

  it('opens a new block where a label comes again, as a PDF without blank lines lists two employers', () => {
    const d = doc('Employeur : A\nPériode : de 2012 à 2017\nEmployeur : B\nPériode : depuis 2018', 'fr');
    expect(periods(periodFields(d, d.pages[0]).events)).toEqual(['employment:applicant:2012→2017', 'employment:applicant:2018']);
  });

  it('yields nothing from a start field whose value holds no date', () => {
    const d = doc('Date of joining: see attached\nEmployer: Acme');
    expect(periodFields(d, d.pages[0]).events).toEqual([]);
  });
});

describe('cvEntries: CV and profile sections', () => {
  const cv = (text: string, language: 'en' | 'fr' = 'en') => {
    const d = doc(text, language);
    return periods(cvEntries(d, d.pages[0]));
  };

  it('reads a period line under a job or studies title, and stops at any other section title', () => {
    expect(cv('Experience\nAnalyst\nBank · Full-time\nJan 2019 - Present · 5 yrs\nCertifications\nScrum Master\nIssued Jun 2022\nEducation\n2010 - 2014')).toEqual([
      'employment:applicant:2019-01',
      'study:applicant:2010→2014',
    ]);
  });

  it('reads a Europass bracket and a closing parenthesis with a year alone', () => {
    expect(cv('WORK EXPERIENCE\n[ 01/03/2019 – Current ] Nurse')).toEqual(['employment:applicant:2019-03-01']);
    expect(cv('EXPÉRIENCES\nStage chez Danone, Lyon (6 mois, 2021)', 'fr')).toEqual(['employment:applicant:2021']);
  });

  it('reads nothing outside a section, nor prose lines, nor the date of birth under personal information', () => {
    expect(cv('Jan 2019 - Present · 5 yrs')).toEqual([]);
    expect(cv('PERSONAL INFORMATION\n14/05/1992')).toEqual([]);
    expect(cv(`Experience\n2019 ${'was a year of long and varied projects that taught me a great deal about the trade and its people, '.repeat(2)}`)).toEqual([]);
  });
});

describe('heldRoles: a role run or a title held, only where the sentence dates it', () => {
  const roles = (text: string) => heldRoles(text, datesIn(text)).map((r) => text.slice(r.index, r.index + r.length));

  it('reads a pronoun or a name running a unit, and a title with its "depuis" far after it', () => {
    expect(roles('Since 2019 I have been with a bank, where I lead a team of six.')).toEqual(['lead a team']);
    expect(roles('Depuis 2019, Nathalie tient sa propre boutique.')).toEqual(['tient sa propre boutique']);
    expect(roles("je suis chauffeur d'autobus à la Société de transport de Sherbrooke depuis 2015")).toHaveLength(1);
  });

  it('reads nothing undated, nor a verb without a person before it', () => {
    expect(roles('I lead a team of six.')).toEqual([]);
    expect(roles('The road leads a team of hikers to the lake in 2019.')).toEqual([]);
  });
});

describe('look-alikes of a job held', () => {
  it("reads no job from 'held a post-graduation work permit', and a job from 'held a post at …'", () => {
    expect(timeline('She held a post-graduation work permit from 2 May 2022 to 1 May 2025.')).toEqual([]);
    expect(timeline('He held a post at the ministry from 2010 to 2012.')).toEqual(['employment:applicant:2010→2012']);
  });
});

describe('carriedSubject: whose job a pronoun or a first name tells', () => {
  it('gives "She then worked" to the wife the paragraph named, in a sponsor\'s letter', () => {
    const text = 'I am writing in support of my application to sponsor my wife, Leila Haddad.\n\nLeila grew up in Beirut. She then worked as a nurse at a clinic from 2014 to 2020.';
    expect(timeline(text, 'en', 'submission-letter', true)).toEqual(['employment:applicant:2014→2020']);
  });

  it('does not carry across a blank line, nor past a person of the other gender', () => {
    const apart = 'I am writing in support of my application to sponsor my wife, Leila Haddad.\n\nShe then worked as a nurse at a clinic from 2014 to 2020.';
    expect(timeline(apart, 'en', 'submission-letter', true)).toEqual(['employment:sponsor:2014→2020']);
    const between = 'I am writing in support of my application to sponsor my wife, Leila Haddad.\n\nLeila has a brother. My brother is a driver. She worked as a nurse at a clinic from 2014 to 2020.';
    expect(timeline(between, 'en', 'submission-letter', true)).toEqual(['employment:sponsor:2014→2020']);
  });

  it('gives the sister her own job, named in her own sentence', () => {
    const text = "Je soussigné Éric Tremblay, parraine mon épouse, Nathalie Kouadio.\n\nSa sœur Awa travaille comme infirmière depuis 2016. Elle a ensuite travaillé comme comptable chez Orange de 2018 à 2020.";
    expect(timeline(text, 'fr', 'submission-letter', true)).toEqual(['employment:other:2016', 'employment:other:2018→2020']);
  });
});
