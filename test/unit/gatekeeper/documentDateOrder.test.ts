import { caseDocuments } from '../../../lambdas/agents/gatekeeper/consistency/caseDocuments';
import { checkConsistency } from '../../../lambdas/agents/gatekeeper/consistency/checkConsistency';
import { bundledSeverityRules } from '../../../lambdas/agents/gatekeeper/findings/severityRules';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import { readableDoc } from '../../fixtures/documents/extractedDocs';

const TODAY = { year: 2026, month: 1, day: 10 };

function marriageFindings(certificateDate: string) {
  const files = [
    { name: 'certificate.txt', type: 'marriage-certificate' as const, text: `CERTIFICATE OF MARRIAGE\nRegistered on: 28/04/2021\nDate of marriage: 03/04/2021\nPlace of marriage: Cebu City` },
    { name: 'relationship.txt', type: 'imm-5532' as const, text: `RELATIONSHIP INFORMATION AND SPONSORSHIP EVALUATION\nDate of marriage: ${certificateDate}` },
  ];
  const extracted = files.map((f) => readableDoc(f.name, f.text));
  const summaries = files.map((f) => ({ docId: f.name, name: f.name, status: 'ok' as const, statusDetail: '', type: f.type, typeReason: 'test', pages: 1, characters: f.text.length }));
  const facts = readCaseFacts(extracted, { types: new Map(files.map((f) => [f.name, { type: f.type, confidence: 0.9, signals: ['test'] }])) });
  return checkConsistency(caseDocuments(extracted, summaries), bundledSeverityRules(), { applicationType: 'spousal-sponsorship', today: TODAY, facts }).findings.filter((f) => f.code === 'marriage-date-mismatch');
}

describe('consistency reads a numeric date in its document\'s own order', () => {
  it('03/04/2021 in a day-first certificate is 3 April: the same day as "3 April 2021" elsewhere', () => {
    expect(marriageFindings('3 April 2021')).toEqual([]);
  });

  it('and it differs from "4 March 2021", which is a finding', () => {
    expect(marriageFindings('4 March 2021')).toHaveLength(1);
  });
});
