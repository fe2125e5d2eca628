/**
 * Express Entry eligibility from the documents themselves: the rules reader fills the case facts, the
 * legal rules count them. Documents written for these specs (no bundled example, no corpus file).
 */
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import { analyseCase } from '../../../lambdas/law/analyseCase';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const doc = (name: string, text: string): ExtractedDocument => ({ docId: name, name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 });

function legal(asOf: string, ...docs: ExtractedDocument[]) {
  const facts = readCaseFacts(docs);
  return analyseCase({ facts, applicationType: 'permanent-residence', workflowType: 'risk-audit', documents: facts.documents.map((d) => d.type), asOf });
}

const PROFILE = doc('profile.txt', 'Express Entry profile summary\nProfile number: E008877665\nProgram: Canadian Experience Class');
const SCORES = doc('celpip.txt', 'CELPIP - Official Score Report\nCELPIP-General Test\nTest date: 12 January 2026\nListening 9   Reading 8   Writing 8   Speaking 9');
const LETTER = doc(
  'reference.txt',
  'Northgate Robotics Inc., 90 Queen Street, Kitchener, Ontario\n\nEmployment reference\n\nMs. L. Haddad has worked for us as a Software Tester (NOC 22222) since 9 January 2024, 35 hours per week.',
);
const ENROLMENT = doc('enrolment.txt', 'Office of the Registrar\nMs. L. Haddad was enrolled as a full-time student from 4 September 2023 to 30 April 2025 (Diploma in Software Testing).');

describe('a Canadian experience file read from its documents', () => {
  it('flags IRPR 87.1(2)(a) when the only Canadian work overlapped full-time study until too recently', () => {
    const found = legal('2026-03-02', PROFILE, SCORES, LETTER, ENROLMENT).findings.find((f) => f.provision === 'IRPR 87.1(2)(a)');
    expect(found).toMatchObject({ status: 'engaged', decisive: true });
    expect(found!.facts.map((e) => e.docId)).toEqual(expect.arrayContaining(['reference.txt', 'enrolment.txt']));
  });

  it('finds nothing to flag once a year has passed since the studies ended', () => {
    expect(legal('2026-05-01', PROFILE, SCORES, LETTER, ENROLMENT).findings).toEqual([]);
  });
});
