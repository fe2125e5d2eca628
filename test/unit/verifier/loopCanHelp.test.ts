import type { FailedCitation, VerifierOutput } from '../../../lambdas/contracts/verifierOutput';
import { loopCanHelp, noLoopReason } from '../../../lambdas/agents/verifier/loopCanHelp';

const failure = (citation: string, foundIn: string, issue: FailedCitation['issue'] = 'unverified'): FailedCitation => ({
  citation,
  issue,
  attempts: 1,
  detail: 'could not be verified offline',
  foundIn,
  recommendedAction: 'verify it on CanLII',
});
const run = (...failed: FailedCitation[]): VerifierOutput => ({ status: failed.length ? 'FAILED' : 'PASS', iteration: 1, checked: [], failed });

describe('whether another pass through the Detective could change a failed verification', () => {
  it('loops back for a citation an agent produced: the Detective can replace it', () => {
    expect(loopCanHelp(run(failure('2021 FC 9999', 'detective')), [])).toBe(true);
  });

  it("does not loop back when every failed citation is in the client's documents", () => {
    const output = run(failure('2022 FC 1734', 'document:draft-submission-letter.docx'), failure('2008 SCC 9', 'document:draft-submission-letter.docx', 'superseded'));
    expect(loopCanHelp(output, [])).toBe(false);
    expect(noLoopReason(output)).toMatch(/in the client's documents/);
  });

  it('stops when exactly the same agent citations failed again after a pass', () => {
    const first = run(failure('2021 FC 9999', 'detective'));
    const second = run(failure('2021 FC 9999', 'detective'), failure('2022 FC 1734', 'document:letter.pdf'));
    expect(loopCanHelp(second, [first])).toBe(false);
    expect(noLoopReason(second)).toMatch(/same citations failed again/);
  });

  it('goes on looping while the pass changed what fails', () => {
    const first = run(failure('2021 FC 9999', 'detective'));
    const second = run(failure('2020 FC 8888', 'detective'));
    expect(loopCanHelp(second, [first])).toBe(true);
  });
});
