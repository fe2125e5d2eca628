import { caseDocuments } from '../../../lambdas/agents/gatekeeper/consistency/caseDocuments';
import { checkConsistency } from '../../../lambdas/agents/gatekeeper/consistency/checkConsistency';
import { bundledSeverityRules } from '../../../lambdas/agents/gatekeeper/findings/severityRules';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { DocumentType } from '../../../lambdas/contracts/intakeOutput';
import { readableDoc } from '../../fixtures/documents/extractedDocs';

const TODAY = { year: 2026, month: 1, day: 10 };

function check(files: Array<{ name: string; type: DocumentType; text: string }>) {
  const extracted = files.map((f) => readableDoc(f.name, f.text));
  const summaries = files.map((f) => ({ docId: f.name, name: f.name, status: 'ok' as const, statusDetail: '', type: f.type, typeReason: 'test', pages: 1, characters: f.text.length }));
  const facts = readCaseFacts(extracted, { types: new Map(files.map((f) => [f.name, { type: f.type, confidence: 0.9, signals: ['test'] }])) });
  return checkConsistency(caseDocuments(extracted, summaries), bundledSeverityRules(), { applicationType: 'visitor-visa', today: TODAY, facts });
}

const FORM_NO_CRIMINALITY =
  'APPLICATION FOR TEMPORARY RESIDENT VISA\n\nHave you ever committed, been arrested for, been charged with or convicted of any criminal offence in any country or territory?\nNo\n';
const COURT_RECORD = 'COURT OF KING\'S BENCH — CERTIFICATE OF DISPOSITION\nThe accused was charged with theft under $5,000 on 4 April 2019.\nOn 2 October 2019 the accused was acquitted.';

describe('consistency: the form\'s answers against the case-fact model', () => {
  it('a "No" to the criminality question beside a court record of a charge is a finding, even though the charge ended in an acquittal', () => {
    const result = check([
      { name: 'imm5257.txt', type: 'imm-5257', text: FORM_NO_CRIMINALITY },
      { name: 'court-record.txt', type: 'other', text: COURT_RECORD },
    ]);
    const finding = result.findings.find((f) => f.code === 'criminality-undisclosed');
    expect(finding).toMatchObject({ severity: 'critical', provision: 'IRPA 40(1)(a)' });
    expect(finding?.summary).toMatch(/imm5257\.txt answers "No".*court-record\.txt shows a charge or conviction \(2019-04-04\).*even when it ended in an acquittal/);
    expect(finding?.evidence.map((e) => e.docId)).toEqual(['imm5257.txt', 'court-record.txt']);
    expect(result.triggers).toContainEqual(expect.objectContaining({ provision: 'IRPA 40(1)(a)', source: 'consistency:criminality-undisclosed' }));
  });

  it('a "No" to the criminality question with nothing in the record is no finding', () => {
    const result = check([{ name: 'imm5257.txt', type: 'imm-5257', text: FORM_NO_CRIMINALITY }]);
    expect(result.findings.filter((f) => f.code === 'criminality-undisclosed')).toEqual([]);
  });

  it('a sworn declaration that discloses a refusal left off the form is not read as a denial of any refusal', () => {
    const declaration =
      'STATUTORY DECLARATION\n\nI, Tomasz Wójcik, solemnly declare that:\n\n' +
      '1. My application form says that I had never been refused a visa. That answer was wrong.\n' +
      '2. I was refused a visitor visa to Australia in August 2016, and I should have said so.\n\n' +
      'Declared at Gdańsk on 3 March 2024.';
    const result = check([
      { name: 'declaration.txt', type: 'other', text: declaration },
      { name: 'refusal-2016.txt', type: 'refusal-letter', text: 'Date: 22 August 2016\nDear Applicant,\nYour application for a visitor visa is refused.' },
    ]);
    const denials = result.findings.filter((f) => f.code.startsWith('never-refused') && f.summary.startsWith('declaration.txt'));
    expect(denials).toEqual([]);
  });
});
