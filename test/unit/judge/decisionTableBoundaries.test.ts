import { decide, type DecisionInputs } from '../../../lambdas/agents/judge/decide';
import type { JudgedWorkflow } from '../../../lambdas/agents/judge/decisionTableSchema';
import { inputs } from './judgeFixtures';

/** [what the case is about, the inputs that differ from a strong verified file, outcome, row]. */
type Case = [string, Partial<DecisionInputs>, string, string];

function check(workflow: JudgedWorkflow, cases: Case[]) {
  const rows = cases.map(([name, overrides, outcome, rule]) => ({ name, overrides, outcome, rule }));
  it.each(rows)('$name gives $outcome by row $rule', ({ overrides, outcome, rule }) => {
    const given = inputs(overrides);
    const d = decide(workflow, given);
    expect({ outcome: d.outcome, rule: d.rule }).toEqual({ outcome, rule });
    expect(d.final).toBe(given.verification === 'PASS');
  });
}

describe('risk-audit decision table', () => {
  describe('score bands', () => {
    check('risk-audit', [
      ['score 0', { defensibilityScore: 0 }, 'HIGH-RISK', 'risk-low-score'],
      ['score 38', { defensibilityScore: 38 }, 'HIGH-RISK', 'risk-low-score'],
      ['score 39', { defensibilityScore: 39 }, 'HIGH-RISK', 'risk-low-score'],
      ['score 40', { defensibilityScore: 40 }, 'REVISE', 'risk-moderate-score'],
      ['score 41', { defensibilityScore: 41 }, 'REVISE', 'risk-moderate-score'],
      ['score 73', { defensibilityScore: 73 }, 'REVISE', 'risk-moderate-score'],
      ['score 74', { defensibilityScore: 74 }, 'REVISE', 'risk-moderate-score'],
      ['score 75', { defensibilityScore: 75 }, 'PROCEED', 'risk-proceed'],
      ['score 76', { defensibilityScore: 76 }, 'PROCEED', 'risk-proceed'],
      ['score 100', { defensibilityScore: 100 }, 'PROCEED', 'risk-proceed'],
      ['missing score', { defensibilityScore: null }, 'HIGH-RISK', 'risk-low-score'],
    ]);
  });
  describe('two high triggers on a weak score', () => {
    check('risk-audit', [
      ['score 39, 2 high', { defensibilityScore: 39, highTriggers: 2 }, 'HIGH-RISK', 'risk-low-score'],
      ['score 40, 2 high', { defensibilityScore: 40, highTriggers: 2 }, 'HIGH-RISK', 'risk-weak-score-several-high'],
      ['score 58, 2 high', { defensibilityScore: 58, highTriggers: 2 }, 'HIGH-RISK', 'risk-weak-score-several-high'],
      ['score 59, 2 high', { defensibilityScore: 59, highTriggers: 2 }, 'HIGH-RISK', 'risk-weak-score-several-high'],
      ['score 60, 2 high', { defensibilityScore: 60, highTriggers: 2 }, 'REVISE', 'risk-high-trigger'],
      ['score 61, 2 high', { defensibilityScore: 61, highTriggers: 2 }, 'REVISE', 'risk-high-trigger'],
      ['score 50, 1 high', { defensibilityScore: 50, highTriggers: 1 }, 'REVISE', 'risk-high-trigger'],
    ]);
  });
  describe('triggers, confidence and verification on a strong score', () => {
    check('risk-audit', [
      ['0 critical', { criticalTriggers: 0 }, 'PROCEED', 'risk-proceed'],
      ['1 critical', { criticalTriggers: 1 }, 'HIGH-RISK', 'risk-critical-trigger'],
      ['2 critical', { criticalTriggers: 2 }, 'HIGH-RISK', 'risk-critical-trigger'],
      ['0 high', { highTriggers: 0 }, 'PROCEED', 'risk-proceed'],
      ['1 high', { highTriggers: 1 }, 'REVISE', 'risk-high-trigger'],
      ['2 high', { highTriggers: 2 }, 'REVISE', 'risk-high-trigger'],
      ['high confidence', { confidence: 'high' }, 'PROCEED', 'risk-proceed'],
      ['medium confidence', { confidence: 'medium' }, 'PROCEED', 'risk-proceed'],
      ['low confidence', { confidence: 'low' }, 'REVISE', 'risk-low-confidence'],
      ['missing confidence', { confidence: null }, 'REVISE', 'risk-low-confidence'],
      ['verification PASS', { verification: 'PASS' }, 'PROCEED', 'risk-proceed'],
      ['verification INCOMPLETE', { verification: 'INCOMPLETE' }, 'REVISE', 'risk-verification-incomplete'],
      ['verification NOT_RUN', { verification: 'NOT_RUN' }, 'REVISE', 'risk-verification-not-run'],
      ['INCOMPLETE on a low score', { verification: 'INCOMPLETE', defensibilityScore: 30 }, 'HIGH-RISK', 'risk-low-score'],
      ['INCOMPLETE with a critical trigger', { verification: 'INCOMPLETE', criticalTriggers: 1 }, 'HIGH-RISK', 'risk-critical-trigger'],
    ]);
  });
});

describe('risk-audit: blocking compliance issues (critical or high)', () => {
  check('risk-audit', [
    ['0 blocking', { blockingComplianceIssues: 0 }, 'PROCEED', 'risk-proceed'],
    ['1 blocking', { blockingComplianceIssues: 1 }, 'REVISE', 'risk-blocking-compliance'],
    ['2 blocking', { blockingComplianceIssues: 2 }, 'REVISE', 'risk-blocking-compliance'],
    ['1 blocking on score 75', { blockingComplianceIssues: 1, defensibilityScore: 75 }, 'REVISE', 'risk-blocking-compliance'],
    ['1 blocking on score 60', { blockingComplianceIssues: 1, defensibilityScore: 60 }, 'REVISE', 'risk-blocking-compliance'],
    ['1 blocking, 1 high trigger', { blockingComplianceIssues: 1, highTriggers: 1 }, 'REVISE', 'risk-high-trigger'],
    ['1 blocking, 1 critical trigger', { blockingComplianceIssues: 1, criticalTriggers: 1 }, 'HIGH-RISK', 'risk-critical-trigger'],
    ['1 blocking on score 39', { blockingComplianceIssues: 1, defensibilityScore: 39 }, 'HIGH-RISK', 'risk-low-score'],
    ['1 blocking, INCOMPLETE', { blockingComplianceIssues: 1, verification: 'INCOMPLETE' }, 'REVISE', 'risk-verification-incomplete'],
    ['1 blocking, low confidence', { blockingComplianceIssues: 1, confidence: 'low' }, 'REVISE', 'risk-blocking-compliance'],
  ]);
});

describe('initial-assessment verdict table', () => {
  describe('score bands', () => {
    check('initial-assessment', [
      ['score 0', { defensibilityScore: 0 }, 'NO-GO', 'ia-low-score'],
      ['score 33', { defensibilityScore: 33 }, 'NO-GO', 'ia-low-score'],
      ['score 34', { defensibilityScore: 34 }, 'NO-GO', 'ia-low-score'],
      ['score 35', { defensibilityScore: 35 }, 'CAUTION', 'ia-moderate-score'],
      ['score 36', { defensibilityScore: 36 }, 'CAUTION', 'ia-moderate-score'],
      ['score 68', { defensibilityScore: 68 }, 'CAUTION', 'ia-moderate-score'],
      ['score 69', { defensibilityScore: 69 }, 'CAUTION', 'ia-moderate-score'],
      ['score 70', { defensibilityScore: 70 }, 'GO', 'ia-go'],
      ['score 71', { defensibilityScore: 71 }, 'GO', 'ia-go'],
      ['score 100', { defensibilityScore: 100 }, 'GO', 'ia-go'],
      ['missing score', { defensibilityScore: null }, 'NO-GO', 'ia-low-score'],
    ]);
  });
  describe('two high triggers on a weak score', () => {
    check('initial-assessment', [
      ['score 34, 2 high', { defensibilityScore: 34, highTriggers: 2 }, 'NO-GO', 'ia-low-score'],
      ['score 35, 2 high', { defensibilityScore: 35, highTriggers: 2 }, 'NO-GO', 'ia-weak-score-several-high'],
      ['score 48, 2 high', { defensibilityScore: 48, highTriggers: 2 }, 'NO-GO', 'ia-weak-score-several-high'],
      ['score 49, 2 high', { defensibilityScore: 49, highTriggers: 2 }, 'NO-GO', 'ia-weak-score-several-high'],
      ['score 50, 2 high', { defensibilityScore: 50, highTriggers: 2 }, 'CAUTION', 'ia-high-trigger'],
      ['score 51, 2 high', { defensibilityScore: 51, highTriggers: 2 }, 'CAUTION', 'ia-high-trigger'],
      ['score 40, 1 high', { defensibilityScore: 40, highTriggers: 1 }, 'CAUTION', 'ia-high-trigger'],
    ]);
  });
  describe('triggers, confidence and verification on a strong score', () => {
    check('initial-assessment', [
      ['0 critical', { criticalTriggers: 0 }, 'GO', 'ia-go'],
      ['1 critical', { criticalTriggers: 1 }, 'NO-GO', 'ia-critical-trigger'],
      ['2 critical', { criticalTriggers: 2 }, 'NO-GO', 'ia-critical-trigger'],
      ['0 high', { highTriggers: 0 }, 'GO', 'ia-go'],
      ['1 high', { highTriggers: 1 }, 'CAUTION', 'ia-high-trigger'],
      ['2 high', { highTriggers: 2 }, 'CAUTION', 'ia-high-trigger'],
      ['high confidence', { confidence: 'high' }, 'GO', 'ia-go'],
      ['medium confidence', { confidence: 'medium' }, 'GO', 'ia-go'],
      ['low confidence', { confidence: 'low' }, 'CAUTION', 'ia-low-confidence'],
      ['missing confidence', { confidence: null }, 'CAUTION', 'ia-low-confidence'],
      ['verification PASS', { verification: 'PASS' }, 'GO', 'ia-go'],
      ['verification INCOMPLETE', { verification: 'INCOMPLETE' }, 'CAUTION', 'ia-verification-incomplete'],
      ['verification NOT_RUN', { verification: 'NOT_RUN' }, 'CAUTION', 'ia-verification-not-run'],
      ['INCOMPLETE on a low score', { verification: 'INCOMPLETE', defensibilityScore: 20 }, 'NO-GO', 'ia-low-score'],
      ['INCOMPLETE with a critical trigger', { verification: 'INCOMPLETE', criticalTriggers: 2 }, 'NO-GO', 'ia-critical-trigger'],
    ]);
  });
});

describe('initial-assessment: blocking compliance issues (critical or high)', () => {
  check('initial-assessment', [
    ['0 blocking', { blockingComplianceIssues: 0 }, 'GO', 'ia-go'],
    ['1 blocking', { blockingComplianceIssues: 1 }, 'CAUTION', 'ia-blocking-compliance'],
    ['2 blocking', { blockingComplianceIssues: 2 }, 'CAUTION', 'ia-blocking-compliance'],
    ['1 blocking on score 70', { blockingComplianceIssues: 1, defensibilityScore: 70 }, 'CAUTION', 'ia-blocking-compliance'],
    ['1 blocking, 1 high trigger', { blockingComplianceIssues: 1, highTriggers: 1 }, 'CAUTION', 'ia-high-trigger'],
    ['1 blocking, 1 critical trigger', { blockingComplianceIssues: 1, criticalTriggers: 1 }, 'NO-GO', 'ia-critical-trigger'],
    ['1 blocking on score 34', { blockingComplianceIssues: 1, defensibilityScore: 34 }, 'NO-GO', 'ia-low-score'],
    ['1 blocking, NOT_RUN', { blockingComplianceIssues: 1, verification: 'NOT_RUN' }, 'CAUTION', 'ia-verification-not-run'],
  ]);
});

describe('final-review verdict table', () => {
  describe('score bands', () => {
    check('final-review', [
      ['score 0', { defensibilityScore: 0 }, 'REVISE', 'fr-below-approval-score'],
      ['score 78', { defensibilityScore: 78 }, 'REVISE', 'fr-below-approval-score'],
      ['score 79', { defensibilityScore: 79 }, 'REVISE', 'fr-below-approval-score'],
      ['score 80', { defensibilityScore: 80 }, 'APPROVE', 'fr-approve'],
      ['score 81', { defensibilityScore: 81 }, 'APPROVE', 'fr-approve'],
      ['score 100', { defensibilityScore: 100 }, 'APPROVE', 'fr-approve'],
      ['missing score', { defensibilityScore: null }, 'REVISE', 'fr-below-approval-score'],
    ]);
  });
  describe('triggers, confidence and verification on a strong score', () => {
    check('final-review', [
      ['0 critical', { criticalTriggers: 0 }, 'APPROVE', 'fr-approve'],
      ['1 critical', { criticalTriggers: 1 }, 'REVISE', 'fr-critical-trigger'],
      ['2 critical', { criticalTriggers: 2 }, 'REVISE', 'fr-critical-trigger'],
      ['0 high', { highTriggers: 0 }, 'APPROVE', 'fr-approve'],
      ['1 high', { highTriggers: 1 }, 'REVISE', 'fr-high-trigger'],
      ['2 high', { highTriggers: 2 }, 'REVISE', 'fr-high-trigger'],
      ['1 high on score 79', { highTriggers: 1, defensibilityScore: 79 }, 'REVISE', 'fr-high-trigger'],
      ['high confidence', { confidence: 'high' }, 'APPROVE', 'fr-approve'],
      ['medium confidence', { confidence: 'medium' }, 'APPROVE', 'fr-approve'],
      ['low confidence', { confidence: 'low' }, 'REVISE', 'fr-low-confidence'],
      ['missing confidence', { confidence: null }, 'REVISE', 'fr-low-confidence'],
      ['verification PASS', { verification: 'PASS' }, 'APPROVE', 'fr-approve'],
      ['verification INCOMPLETE', { verification: 'INCOMPLETE' }, 'REVISE', 'fr-verification-incomplete'],
      ['verification NOT_RUN', { verification: 'NOT_RUN' }, 'REVISE', 'fr-verification-not-run'],
      ['INCOMPLETE with a critical trigger', { verification: 'INCOMPLETE', criticalTriggers: 1 }, 'REVISE', 'fr-critical-trigger'],
    ]);
  });
});

describe('final-review: blocking compliance issues (critical or high)', () => {
  check('final-review', [
    ['0 blocking', { blockingComplianceIssues: 0 }, 'APPROVE', 'fr-approve'],
    ['1 blocking (e.g. a passport that expires before the program ends)', { blockingComplianceIssues: 1 }, 'REVISE', 'fr-blocking-compliance'],
    ['2 blocking', { blockingComplianceIssues: 2 }, 'REVISE', 'fr-blocking-compliance'],
    ['1 blocking on score 80', { blockingComplianceIssues: 1, defensibilityScore: 80 }, 'REVISE', 'fr-blocking-compliance'],
    ['1 blocking on score 79', { blockingComplianceIssues: 1, defensibilityScore: 79 }, 'REVISE', 'fr-blocking-compliance'],
    ['1 blocking, medium confidence', { blockingComplianceIssues: 1, confidence: 'medium' }, 'REVISE', 'fr-blocking-compliance'],
    ['1 blocking, 1 high trigger', { blockingComplianceIssues: 1, highTriggers: 1 }, 'REVISE', 'fr-high-trigger'],
    ['1 blocking, 1 critical trigger', { blockingComplianceIssues: 1, criticalTriggers: 1 }, 'REVISE', 'fr-critical-trigger'],
    ['1 blocking, INCOMPLETE', { blockingComplianceIssues: 1, verification: 'INCOMPLETE' }, 'REVISE', 'fr-verification-incomplete'],
  ]);
});

describe('refusal-analysis verdict table', () => {
  describe('score bands', () => {
    check('refusal-analysis', [
      ['score 0', { defensibilityScore: 0 }, 'ABANDON', 'ra-no-grounds'],
      ['score 23', { defensibilityScore: 23 }, 'ABANDON', 'ra-no-grounds'],
      ['score 24', { defensibilityScore: 24 }, 'ABANDON', 'ra-no-grounds'],
      ['score 25', { defensibilityScore: 25 }, 'REAPPLY', 'ra-weak-review-grounds'],
      ['score 26', { defensibilityScore: 26 }, 'REAPPLY', 'ra-weak-review-grounds'],
      ['score 68', { defensibilityScore: 68 }, 'REAPPLY', 'ra-weak-review-grounds'],
      ['score 69', { defensibilityScore: 69 }, 'REAPPLY', 'ra-weak-review-grounds'],
      ['score 70', { defensibilityScore: 70 }, 'APPEAL', 'ra-strong-review-grounds'],
      ['score 71', { defensibilityScore: 71 }, 'APPEAL', 'ra-strong-review-grounds'],
      ['score 100', { defensibilityScore: 100 }, 'APPEAL', 'ra-strong-review-grounds'],
      ['missing score', { defensibilityScore: null }, 'REAPPLY', 'ra-no-score'],
      ['missing score, INCOMPLETE', { defensibilityScore: null, verification: 'INCOMPLETE' }, 'REAPPLY', 'ra-no-score'],
      ['missing score, 1 critical against the file', { defensibilityScore: null, criticalTriggers: 1 }, 'REAPPLY', 'ra-no-score'],
      ['missing score, refused for misrepresentation with no ground of review', { defensibilityScore: null, challengedGrounds: { critical: 1, high: 0 } }, 'ABANDON', 'ra-misrepresentation-no-grounds'],
    ]);
  });
  describe('high triggers', () => {
    check('refusal-analysis', [
      ['score 90, 0 high', { highTriggers: 0 }, 'APPEAL', 'ra-strong-review-grounds'],
      ['score 90, 1 high', { highTriggers: 1 }, 'APPEAL', 'ra-strong-review-grounds'],
      ['score 90, 2 high', { highTriggers: 2 }, 'REAPPLY', 'ra-refusal-grounds-stand'],
      ['score 70, 2 high', { defensibilityScore: 70, highTriggers: 2 }, 'REAPPLY', 'ra-refusal-grounds-stand'],
      ['score 50, 2 high', { defensibilityScore: 50, highTriggers: 2 }, 'REAPPLY', 'ra-weak-review-grounds'],
      ['score 20, 2 high', { defensibilityScore: 20, highTriggers: 2 }, 'ABANDON', 'ra-no-grounds'],
    ]);
  });
  describe('critical triggers, confidence and verification on a strong score', () => {
    check('refusal-analysis', [
      ['0 critical', { criticalTriggers: 0 }, 'APPEAL', 'ra-strong-review-grounds'],
      ['1 critical against the file (e.g. an undisclosed earlier refusal)', { criticalTriggers: 1 }, 'REAPPLY', 'ra-default'],
      ['refused for misrepresentation, no ground of review', { challengedGrounds: { critical: 1, high: 0 } }, 'ABANDON', 'ra-misrepresentation-no-grounds'],
      ['refused for misrepresentation on evidence never put to the applicant (a strong ground)', { challengedGrounds: { critical: 1, high: 0 }, reviewGrounds: { strong: 1, arguable: 0 } }, 'APPEAL', 'ra-strong-grounds'],
      ['refused for misrepresentation, an arguable ground, score 60', { defensibilityScore: 60, challengedGrounds: { critical: 1, high: 0 }, reviewGrounds: { strong: 0, arguable: 1 } }, 'APPEAL', 'ra-misrepresentation-arguable-grounds'],
      ['high confidence', { confidence: 'high' }, 'APPEAL', 'ra-strong-review-grounds'],
      ['medium confidence', { confidence: 'medium' }, 'APPEAL', 'ra-strong-review-grounds'],
      ['low confidence', { confidence: 'low' }, 'REAPPLY', 'ra-low-confidence'],
      ['missing confidence', { confidence: null }, 'REAPPLY', 'ra-low-confidence'],
      ['verification PASS', { verification: 'PASS' }, 'APPEAL', 'ra-strong-review-grounds'],
      ['verification INCOMPLETE (a citation to fix, not the verdict)', { verification: 'INCOMPLETE' }, 'APPEAL', 'ra-strong-review-grounds'],
      ['verification NOT_RUN', { verification: 'NOT_RUN' }, 'APPEAL', 'ra-strong-review-grounds'],
      ['INCOMPLETE on a score of 10', { verification: 'INCOMPLETE', defensibilityScore: 10 }, 'ABANDON', 'ra-no-grounds'],
      ['no complete gatekeeper review', { gatekeeperReviewed: false }, 'REAPPLY', 'ra-default'],
      ['no complete gatekeeper review on a score of 10', { gatekeeperReviewed: false, defensibilityScore: 10 }, 'ABANDON', 'ra-no-grounds'],
    ]);
  });
});

describe('refusal-analysis: bars, deadlines and grounds of review', () => {
  check('refusal-analysis', [
    ['a statutory bar the facts establish', { decisiveBars: 1 }, 'REAPPLY', 'ra-decisive-bar'],
    ['a statutory bar beside a strong ground', { decisiveBars: 1, reviewGrounds: { strong: 1, arguable: 0 } }, 'REAPPLY', 'ra-decisive-bar'],
    ['the leave deadline passed', { deadlinePassed: true }, 'REAPPLY', 'ra-deadline-passed'],
    ['the leave deadline passed on a file with nothing to build on', { deadlinePassed: true, defensibilityScore: 10 }, 'ABANDON', 'ra-no-grounds'],
    ['a strong ground on a middling score', { defensibilityScore: 40, reviewGrounds: { strong: 1, arguable: 0 } }, 'APPEAL', 'ra-strong-grounds'],
    ['an arguable ground, score 50', { defensibilityScore: 50, reviewGrounds: { strong: 0, arguable: 1 } }, 'APPEAL', 'ra-arguable-grounds'],
    ['an arguable ground, score 49', { defensibilityScore: 49, reviewGrounds: { strong: 0, arguable: 1 } }, 'REAPPLY', 'ra-weak-review-grounds'],
    ['refused for misrepresentation, an arguable ground on a weak score: a challenge is the only route', { defensibilityScore: 30, challengedGrounds: { critical: 1, high: 0 }, reviewGrounds: { strong: 0, arguable: 1 } }, 'APPEAL', 'ra-misrepresentation-arguable-grounds'],
    ['an arguable ground, low confidence', { defensibilityScore: 60, confidence: 'low', reviewGrounds: { strong: 0, arguable: 1 } }, 'REAPPLY', 'ra-low-confidence'],
    // A spouse refused for a relationship in bad faith (IRPR 4(1)): a new application meets the same
    // finding, so with an arguable ground the finding is challenged, whatever the score of the refused file.
    ['refused for a relationship in bad faith, an arguable ground on a weak score: challenge the finding', { defensibilityScore: 30, challengedGrounds: { critical: 0, high: 1 }, challengedFindings: 1, reviewGrounds: { strong: 0, arguable: 1 } }, 'APPEAL', 'ra-serious-finding-arguable-grounds'],
    ['refused for a relationship in bad faith with no ground of review: nothing to challenge it with', { defensibilityScore: 30, challengedGrounds: { critical: 0, high: 1 }, challengedFindings: 1 }, 'REAPPLY', 'ra-weak-review-grounds'],
    ['refused for a relationship in bad faith, an arguable ground, but the appeal deadline passed', { defensibilityScore: 30, deadlinePassed: true, challengedGrounds: { critical: 0, high: 1 }, challengedFindings: 1, reviewGrounds: { strong: 0, arguable: 1 } }, 'REAPPLY', 'ra-deadline-passed'],
    ['a refusal on no finding about the person (e.g. ties), an arguable ground on a weak score', { defensibilityScore: 30, reviewGrounds: { strong: 0, arguable: 1 } }, 'REAPPLY', 'ra-weak-review-grounds'],
    // A statutory bar relied on by the officer (e.g. IRPR 117(9)(b)) is a high ground of the refusal but no finding about the person.
    ['refused on a high ground that is no finding about the person, an arguable ground on a weak score', { defensibilityScore: 30, challengedGrounds: { critical: 0, high: 1 }, reviewGrounds: { strong: 0, arguable: 1 } }, 'REAPPLY', 'ra-weak-review-grounds'],
  ]);
});

describe('every table: statutory bars and passed deadlines decide first', () => {
  check('risk-audit', [
    ['a bar on a strong file', { decisiveBars: 1 }, 'HIGH-RISK', 'risk-decisive-bar'],
    ['a passed deadline on a strong file', { deadlinePassed: true }, 'HIGH-RISK', 'risk-deadline-passed'],
  ]);
  check('initial-assessment', [
    ['a bar on a strong file', { decisiveBars: 1 }, 'NO-GO', 'ia-decisive-bar'],
    ['a bar on low confidence stays NO-GO (a bar is not a matter of evidence weight)', { decisiveBars: 1, confidence: 'low' }, 'NO-GO', 'ia-decisive-bar'],
    ['a passed deadline', { deadlinePassed: true }, 'NO-GO', 'ia-deadline-passed'],
  ]);
  check('final-review', [
    ['a bar on a strong file', { decisiveBars: 1 }, 'REVISE', 'fr-decisive-bar'],
    ['a passed deadline', { deadlinePassed: true }, 'REVISE', 'fr-deadline-passed'],
  ]);
});

describe('refusal-analysis: compliance issues do not change the route', () => {
  check('refusal-analysis', [
    ['0 blocking', { blockingComplianceIssues: 0 }, 'APPEAL', 'ra-strong-review-grounds'],
    ['1 blocking', { blockingComplianceIssues: 1 }, 'APPEAL', 'ra-strong-review-grounds'],
    ['2 blocking', { blockingComplianceIssues: 2 }, 'APPEAL', 'ra-strong-review-grounds'],
    ['1 blocking on score 69', { blockingComplianceIssues: 1, defensibilityScore: 69 }, 'REAPPLY', 'ra-weak-review-grounds'],
  ]);
});

describe('rationale of a decision', () => {
  it('fills the row template with the actual inputs', () => {
    expect(decide('risk-audit', inputs({ defensibilityScore: 74 })).rationale).toBe(
      'The defensibility score (74) is in the moderate band (40 to 74); strengthen the weak factors named in the evidence plan before filing.',
    );
    expect(decide('initial-assessment', inputs({ defensibilityScore: 40, highTriggers: 2 })).rationale).toContain('the gatekeeper found 2 high-severity refusal triggers');
    expect(decide('final-review', inputs({ criticalTriggers: 1 })).rationale).toContain('The gatekeeper found 1 critical refusal trigger;');
    expect(decide('refusal-analysis', inputs({ highTriggers: 1, confidence: 'medium' })).rationale).toContain(
      'is 70 or more with medium confidence and the gatekeeper found 1 high-severity refusal trigger and no critical one against the file',
    );
  });

  it('counts blocking compliance issues in words', () => {
    expect(decide('final-review', inputs({ blockingComplianceIssues: 1 })).rationale).toMatch(/^The gatekeeper found 1 blocking compliance issue \(critical or high severity/);
    expect(decide('risk-audit', inputs({ blockingComplianceIssues: 2 })).rationale).toMatch(/^The gatekeeper found 2 blocking compliance issues \(critical or high severity/);
    expect(decide('final-review', inputs()).rationale).toContain('no critical or high-severity refusal trigger and no blocking compliance issue');
  });

  it('says when the score was missing and how it was counted', () => {
    expect(decide('initial-assessment', inputs({ defensibilityScore: null })).rationale).toContain('The defensibility score (missing, counted as 0) is below 35');
  });
});
