import { caseDocuments } from '../../../lambdas/agents/gatekeeper/consistency/caseDocuments';
import { bundledConsistencyRules } from '../../../lambdas/agents/gatekeeper/consistency/consistencyRules';
import { checkEmploymentLetters } from '../../../lambdas/agents/gatekeeper/consistency/employmentLetters';
import { PeopleIndex } from '../../../lambdas/agents/gatekeeper/consistency/people';
import type { CaseFacts, Party, TimelineEvent } from '../../../lambdas/contracts/caseFacts';
import type { DocumentType } from '../../../lambdas/contracts/intakeOutput';
import { readableDoc } from '../../fixtures/documents/extractedDocs';

const FORM_ROW = '2019-04 to present   Staff nurse, Marikina Valley Hospital, Marikina City';
const LETTER_SENTENCE = 'This certifies that Ms. Lourdes Anne Villanueva has been employed by Marikina Valley Hospital since 3 January 2021 in the position of Staff Nurse.';
const FILES: Array<{ name: string; type: DocumentType; text: string }> = [
  { name: 'form', type: 'imm-5669', text: `Family name: VILLANUEVA\nGiven name(s): Lourdes Anne\nPERSONAL HISTORY\n${FORM_ROW}` },
  { name: 'letter', type: 'employment-letter', text: `MARIKINA VALLEY HOSPITAL\nDate: 2024-08-30\n${LETTER_SENTENCE}` },
];

const job = (docId: string, quote: string, date: string, detail?: string, end?: string): TimelineEvent => ({
  kind: 'employment',
  person: 'applicant',
  date: { iso: date, precision: date.length === 7 ? 'month' : 'day' },
  ...(end ? { end: { iso: end, precision: 'day' as const } } : {}),
  ...(detail ? { detail } : {}),
  evidence: { docId, page: 1, quote },
  confidence: 0.8,
  source: 'rules',
});
const EMPLOYER: Party = { role: 'employer', name: 'Marikina Valley Hospital', evidence: { docId: 'letter', page: 1, quote: 'MARIKINA VALLEY HOSPITAL' }, confidence: 0.9, source: 'rules' };

function check(timeline: TimelineEvent[], parties: Party[] = [EMPLOYER]) {
  const extracted = FILES.map((f) => readableDoc(`${f.name}.txt`, f.text, f.name));
  const docs = caseDocuments(extracted, FILES.map((f) => ({ docId: f.name, name: `${f.name}.txt`, status: 'ok' as const, statusDetail: '', type: f.type, typeReason: 'test', pages: 1, characters: f.text.length })));
  const facts: CaseFacts = {
    documents: [
      { docId: 'form', type: 'imm-5669', typeConfidence: 0.9, typeSignals: [], language: 'en' },
      { docId: 'letter', type: 'employment-letter', typeConfidence: 0.9, typeSignals: [], language: 'en', dated: { iso: '2024-08-30', precision: 'day' } },
    ],
    parties,
    application: { kind: 'spousal-sponsorship', subKinds: [], reason: 'test', applicantLocation: 'outside-canada', isRefusal: false, evidence: [], confidence: 0.9 },
    timeline,
    declarations: [],
    money: [],
    officerFindings: [],
    conflicts: [],
  };
  const rules = bundledConsistencyRules();
  return checkEmploymentLetters(facts, docs, new PeopleIndex(docs, rules.names), rules.employment);
}

describe('employment letters against the declared history, on the case-fact model', () => {
  it('a letter dating the job later than the form declares is a finding quoting the declared row and the letter’s sentence', () => {
    const declared = job('form', FORM_ROW, '2019-04', 'Staff nurse, Marikina Valley Hospital, Marikina City');
    const vouched = job('letter', LETTER_SENTENCE, '2021-01-03', 'Staff Nurse');
    const [issue, ...rest] = check([declared, vouched]);
    expect(rest).toEqual([]);
    expect(issue.code).toBe('employment-period-contradicted');
    expect(issue.summary).toMatch(/form\.txt declares 2019-04 to present .* but letter\.txt disagrees on the start \(2019-04 on the form, 2021-01-03 in the letter\)/);
    expect(issue.evidence).toEqual([declared.evidence, vouched.evidence]);
  });

  it('a job the form says is current, which the letter (written later) says ended, is a finding on the end', () => {
    const issues = check([job('form', FORM_ROW, '2019-04', 'Staff nurse, Marikina Valley Hospital, Marikina City'), job('letter', LETTER_SENTENCE, '2019-04-01', 'Staff Nurse', '2022-12-31')]);
    expect(issues.map((i) => i.summary)).toEqual([expect.stringMatching(/still employed on the form, left on 2022-12-31 according to the letter/)]);
  });

  it('a position the declared job does not name is a finding; the same title in other words is not', () => {
    const declared = job('form', FORM_ROW, '2019-04', 'Staff nurse, Marikina Valley Hospital, Marikina City');
    expect(check([declared, job('letter', LETTER_SENTENCE, '2019-04-01', 'Housekeeping Attendant')]).map((i) => i.code)).toEqual(['employment-position-contradicted']);
    expect(check([declared, job('letter', LETTER_SENTENCE, '2019-04-01', 'Nurse')])).toEqual([]);
  });

  it('a letter from an employer the history does not name, or about another person’s job, is compared with nothing', () => {
    const declared = job('form', FORM_ROW, '2019-04', 'Staff nurse, Marikina Valley Hospital, Marikina City');
    const vouched = job('letter', LETTER_SENTENCE, '2021-01-03', 'Staff Nurse');
    const otherEmployer = { ...EMPLOYER, name: 'Quezon Logistics Corporation' };
    expect(check([declared, vouched], [otherEmployer])).toEqual([]);
    expect(check([declared, { ...vouched, person: 'other' }])).toEqual([]);
  });
});
