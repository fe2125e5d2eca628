/**
 * Employment on the v30 variation set (test/corpus/reading/{en,fr}/v30-*): a job told however it is
 * told — GCMS shorthand ("PA emp as … since 2019", "SP", « Conj. »), a payslip's "Designation:",
 * an ROE's « Premier jour de travail », a host's « Je suis infirmière … depuis 2012 », CV lines that
 * open with « Depuis mars 2017 », a form's « Profession » block — and its look-alikes: the job an
 * application asks for or a refusal doubts ("interest in working in Canada", "unable to perform the
 * work"), a plan to find work.
 */
import { readCorpusFolder } from './corpusItem';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

// Whole folders are read through extraction and typing: slow on a loaded machine.
jest.setTimeout(60_000);

const jobs = (facts: CaseFacts) =>
  facts.timeline.filter((e) => e.kind === 'employment').map((e) => ({ person: e.person, date: e.date?.iso, ...(e.end ? { end: e.end.iso } : {}) }));

/** One text document, read as an audit reads it. */
function read(text: string, name = 'letter.txt'): CaseFacts {
  const doc: ExtractedDocument = { docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readCaseFacts([doc]);
}

describe('v30 items: whose job, however it is told', () => {
  it('reads GCMS shorthand: "PA emp as sales exec … since 2019" is the applicant\'s, "SP emp as teacher … since 2016" the spouse\'s', () => {
    const read = jobs(readCorpusFolder('en/v30-gcms-emp-shorthand').facts);
    expect(read).toEqual(expect.arrayContaining([{ person: 'applicant', date: '2019' }, { person: 'spouse-or-partner', date: '2016' }]));
    expect(read).not.toContainEqual({ person: 'applicant', date: '2016' });
  });

  it('reads « DP employé comme comptable … depuis 2017 » and « Conj. travaille comme coiffeuse … depuis 2019 » as the applicant\'s and the spouse\'s', () => {
    const read = jobs(readCorpusFolder('fr/v30-notes-smgc-abreviations-emploi').facts);
    expect(read).toEqual(expect.arrayContaining([{ person: 'applicant', date: '2017' }, { person: 'spouse-or-partner', date: '2019' }]));
    expect(read).not.toContainEqual({ person: 'applicant', date: '2019' });
  });

  it('gives the host\'s own « Je suis infirmière … depuis 2012 » to the inviter and the invited mother\'s job to the applicant', () => {
    const read = jobs(readCorpusFolder('fr/v30-invitation-hote-infirmiere-depuis').facts);
    expect(read).toEqual(expect.arrayContaining([{ person: 'inviter', date: '2012' }, { person: 'applicant', date: '1998' }]));
    expect(read).not.toContainEqual({ person: 'applicant', date: '2012' });
  });

  it('reads a payslip\'s "Designation:" as the job held, undated, and not the month it pays', () => {
    const facts = readCorpusFolder('en/v30-payslip-designation-no-hire-date').facts;
    const job = facts.timeline.filter((e) => e.kind === 'employment');
    expect(job).toHaveLength(1);
    expect(job[0]).toMatchObject({ person: 'applicant' });
    expect(job[0].date).toBeUndefined();
    expect(job[0].detail).toMatch(/Shift Supervisor/);
  });

  it('dates a French ROE by « Premier jour de travail » to « Dernier jour payé »', () => {
    expect(jobs(readCorpusFolder('fr/v30-releve-emploi-service-canada').facts)).toEqual([{ person: 'applicant', date: '2020-08-17', end: '2025-01-10' }]);
  });

  it('reads a form\'s « Depuis : 2018-03 » in a block that names the job by « Profession : »', () => {
    expect(jobs(readCorpusFolder('fr/v30-formulaire-emploi-propose-et-actuel').facts)).toContainEqual({ person: 'applicant', date: '2018-03' });
  });

  it('reads a work-permit form\'s "Duration of expected employment: From … To …" as the job applied for, beside the current job "From: 2019-06"', () => {
    expect(jobs(readCorpusFolder('en/v30-wp-form-intended-job-and-current').facts)).toEqual(
      expect.arrayContaining([{ person: 'applicant', date: '2026-04-06', end: '2028-04-05' }, { person: 'applicant', date: '2019-06' }]),
    );
  });

  it('reads the working-holiday job and "I have been a barista at … since June 2022"', () => {
    expect(jobs(readCorpusFolder('en/v30-working-holiday-job').facts)).toEqual(expect.arrayContaining([{ person: 'applicant', date: '2021-11', end: '2022-04' }, { person: 'applicant', date: '2022-06' }]));
  });
});

describe('look-alikes: the job asked for, doubted or wished for is no job held', () => {
  it('reads no job from a refusal that doubts the applicant can perform the work', () => {
    expect(jobs(readCorpusFolder('en/v30-refusal-not-satisfied-perform-work').facts)).toEqual([]);
    expect(jobs(readCorpusFolder('en/v25-refusal-ability-to-perform').facts)).toEqual([]);
  });

  it('reads no job from a fairness letter about the work permit applied for', () => {
    expect(jobs(readCorpusFolder('en/v25-fairness-letter-site-visit').facts)).toEqual([]);
  });

  it('reads no job from "interest in working", "a work permit to work as" or "hopes to find work as", and still reads a job held', () => {
    expect(jobs(read('Thank you for your interest in working in Canada.'))).toEqual([]);
    expect(jobs(read('You applied for a work permit to work as a welder in Regina.'))).toEqual([]);
    expect(jobs(read('Once she arrives she hopes to find work as a nurse in Winnipeg.'))).toEqual([]);
    expect(jobs(read('I have worked as a nurse at Mercy Hospital since 2014.'))).toEqual([{ person: 'applicant', date: '2014' }]);
  });

  it('gives the sponsor\'s own job to the sponsor and none to the applicant\'s plan', () => {
    const read = jobs(readCorpusFolder('en/v30-sponsor-letter-own-job-wife-plan').facts);
    expect(read).toEqual(expect.arrayContaining([{ person: 'sponsor', date: '2013' }, { person: 'applicant', date: '2012', end: '2024' }]));
    expect(read).toHaveLength(2);
  });
});

describe("an employer's letter: the writer's own job is someone else's", () => {
  it('reads "a permanent employee of ours since …" as the applicant\'s and the signatory\'s "I joined the company in 2004" as someone else\'s', () => {
    const read = jobs(readCorpusFolder('en/v20-letter-employee-since-officer-cadet').facts);
    expect(read).toEqual(expect.arrayContaining([{ person: 'applicant', date: '2016-09-12' }, { person: 'other', date: '2004' }]));
    expect(read).not.toContainEqual({ person: 'applicant', date: '2004' });
  });
});

describe('French jobs told with an adverb, a city or a leading « Depuis »', () => {
  it('reads « Je travaille actuellement comme … depuis septembre 2018 » and « travaille à Montréal depuis 2022 »', () => {
    expect(jobs(read('Je travaille actuellement comme technicien de laboratoire à Liège, depuis septembre 2018.'))).toEqual([{ person: 'applicant', date: '2018-09' }]);
    expect(jobs(read('Elle travaille à Montréal depuis 2022 sous un permis de travail fermé.'))).toEqual([{ person: 'applicant', date: '2022' }]);
  });

  it('reads « occupe depuis février 2025 un poste d\'ingénieure » and no job from « souhaite trouver un emploi »', () => {
    expect(jobs(read("Mon épouse occupe depuis février 2025 un poste d'ingénieure de procédés à Sherbrooke."))).toHaveLength(1);
    expect(jobs(read('À son arrivée, il souhaite trouver un emploi dans la restauration.'))).toEqual([]);
  });

  it('reads a CV line that opens with « Depuis mars 2017 » under « Expérience professionnelle »', () => {
    expect(jobs(read('EXPÉRIENCE PROFESSIONNELLE\nDepuis mars 2017 Analyste crédit senior, Banque du Littoral, Douala\n2014 - 2017 Chargé de clientèle, Banque Atlantique\n', 'cv.txt'))).toEqual(
      expect.arrayContaining([{ person: 'applicant', date: '2017-03' }, { person: 'applicant', date: '2014', end: '2017' }]),
    );
  });
});
