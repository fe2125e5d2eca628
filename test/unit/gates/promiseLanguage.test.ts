import { DISCLAIMER } from '../../../lambdas/agents/reporter/disclaimer';
import { promiseDetector, promiseIssues, proseOf } from '../../../lambdas/core/gates/checks/promiseLanguage';

const detector = promiseDetector();

describe('outcome-promising language', () => {
  describe.each(detector.phrases.map((p) => [p.id, p] as const))('phrase %s', (id, phrase) => {
    it.each(phrase.examples)('finds it in "%s"', (example) => {
      expect(detector.find(example).map((m) => m.phrase)).toContain(id);
    });
    if (phrase.counterExamples.length) {
      it.each(phrase.counterExamples)('finds no promise in "%s"', (text) => {
        expect(detector.find(text)).toEqual([]);
      });
    }
  });

  it('does not read the disclaimer ("does not guarantee …") as a promise', () => {
    expect(detector.find(DISCLAIMER)).toEqual([]);
  });

  it('finds a promise in the middle of a longer passage and reports the words as written', () => {
    const found = detector.find('The file is strong. With the new letter, the visa WILL BE APPROVED, and nothing else is needed.');
    expect(found).toEqual([expect.objectContaining({ phrase: 'en-will-be-approved', text: 'WILL BE APPROVED' })]);
  });

  it('reads the prose of an output but not the quotes in its evidence', () => {
    const output = {
      rationale: 'Approval is guaranteed.',
      factors: [{ finding: 'ok', evidence: [{ docId: 'a.txt', quote: 'my consultant said it will be approved' }] }],
    };
    const issues = promiseIssues(proseOf(output), 'strategist.outcome-promise');
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'strategist.outcome-promise', severity: 'error', evidence: ['rationale', '"Approval is guaranteed"'] });
    expect(issues[0].message).toContain('rationale promises an outcome (en-guarantee)');
  });
});
