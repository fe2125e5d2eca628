import { decide, type DecisionInputs } from '../../../lambdas/agents/judge/decide';
import { JUDGED_WORKFLOWS, type JudgedWorkflow } from '../../../lambdas/agents/judge/decisionTableSchema';
import { getDecisionTables } from '../../../lambdas/agents/judge/loadDecisionTables';
import { findPromiseLanguage } from '../../../lambdas/agents/judge/rationaleTemplate';
import { getWorkflow } from '../../../workflows/registry';
import { everyInput, everyLegalInput, inputs } from './judgeFixtures';

const GO_AHEAD_BY_NAME = ['GO', 'APPROVE', 'PROCEED'];
const isGoAhead = (workflow: JudgedWorkflow, outcome: string) => getDecisionTables().tables[workflow].outcomes[outcome].goAhead;

/** Least to most favourable for the client, per table. */
const RANK: Record<JudgedWorkflow, string[]> = {
  'risk-audit': ['HIGH-RISK', 'REVISE', 'PROCEED'],
  'initial-assessment': ['NO-GO', 'CAUTION', 'GO'],
  'final-review': ['REVISE', 'APPROVE'],
  'refusal-analysis': ['ABANDON', 'REAPPLY', 'APPEAL'],
};
/**
 * Rank of the outcome the table's rows give (before thin evidence turns an adverse one into the
 * provisional cautious outcome: that guard is tested on its own below).
 */
const rank = (workflow: JudgedWorkflow, i: DecisionInputs) => {
  const d = decide(workflow, i);
  return RANK[workflow].indexOf(d.provisional?.instead ?? d.outcome);
};
const verificationBlocks = (workflow: JudgedWorkflow) => getDecisionTables().tables[workflow].verificationBlocksGoAhead;
const allInputs = (workflow: JudgedWorkflow) => [...everyInput(), ...everyLegalInput(workflow === 'refusal-analysis')];

/** Collects the inputs for which `bad` says something; the test then expects none. */
function violations(all: Iterable<DecisionInputs>, bad: (given: DecisionInputs) => string | false): string[] {
  const found: string[] = [];
  for (const given of all) {
    const problem = bad(given);
    if (problem) found.push(`${JSON.stringify(given)}: ${problem}`);
  }
  return found.slice(0, 10);
}

describe.each(JUDGED_WORKFLOWS)('decision table %s over every input', (workflow) => {
  it('never gives GO, APPROVE, PROCEED or any other go-ahead when verification is INCOMPLETE (refusal analysis: only a provisional APPEAL), and marks the outcome provisional', () => {
    const seen = new Set<string>();
    let checked = 0;
    const found = violations(everyInput(['INCOMPLETE']), (given) => {
      checked++;
      const d = decide(workflow, given);
      seen.add(d.outcome);
      if (GO_AHEAD_BY_NAME.includes(d.outcome)) return `gave the go-ahead ${d.outcome} (row ${d.rule})`;
      if (verificationBlocks(workflow) && isGoAhead(workflow, d.outcome)) return `gave the go-ahead ${d.outcome} (row ${d.rule})`;
      return d.final ? 'marked final' : false;
    });
    expect(found).toEqual([]);
    expect(checked).toBe(102 * 3 * 3 * 3 * 4); // scores 0–100 and missing × 0–2 critical × 0–2 high × 0–2 blocking compliance issues × 4 confidences
    expect(seen).toContain(getDecisionTables().tables[workflow].cautiousOutcome);
  });

  it('gives the cautious outcome under INCOMPLETE for a strong file with no adverse finding (refusal analysis: a provisional APPEAL — an unverified citation is a fix, not the verdict)', () => {
    const table = getDecisionTables().tables[workflow];
    for (let score = 75; score <= 100; score++) {
      const d = decide(workflow, inputs({ defensibilityScore: score, verification: 'INCOMPLETE' }));
      expect(d.outcome).toBe(table.verificationBlocksGoAhead ? table.cautiousOutcome : 'APPEAL');
      expect(d.final).toBe(false);
    }
  });

  it('never gives a go-ahead with a statutory bar engaged or a governing deadline passed', () => {
    const found = violations(everyLegalInput(workflow === 'refusal-analysis'), (given) => {
      if (!given.decisiveBars && !given.deadlinePassed) return false;
      const d = decide(workflow, given);
      return isGoAhead(workflow, d.outcome) ? `gave ${d.outcome} (row ${d.rule})` : false;
    });
    expect(found).toEqual([]);
  });

  it('never gives a confident adverse outcome on thin evidence (low confidence or an unrecognised type) unless a bar or a passed deadline decided it: the cautious outcome, provisional, with what to check', () => {
    const table = getDecisionTables().tables[workflow];
    const found = violations(allInputs(workflow), (given) => {
      const thin = given.confidence === 'low' || given.confidence === null;
      if (!thin) return false;
      const d = decide(workflow, given);
      if (!table.outcomes[d.outcome].adverse) return d.provisional && d.outcome !== table.cautiousOutcome ? `provisional ${d.outcome}` : false;
      return given.decisiveBars || given.deadlinePassed ? false : `gave ${d.outcome} (row ${d.rule}) on low confidence`;
    });
    expect(found).toEqual([]);
    if (!Object.values(table.outcomes).some((o) => o.adverse)) return; // final-review has no adverse outcome to guard
    const unknownType = decide(workflow, inputs({ defensibilityScore: 0, confidence: 'low', applicationTypeKnown: false }));
    expect(unknownType.outcome).toBe(table.cautiousOutcome);
    expect(unknownType.provisional).toMatchObject({ reason: expect.stringMatching(/application type/), check: expect.any(String) });
  });

  it('never gives a go-ahead with a critical trigger, whatever the verification status', () => {
    const found = violations(everyInput(), (given) => {
      const d = decide(workflow, given);
      return given.criticalTriggers > 0 && isGoAhead(workflow, d.outcome) ? `gave ${d.outcome} (row ${d.rule})` : false;
    });
    expect(found).toEqual([]);
  });

  it('never gives a go-ahead to file (PROCEED, GO, APPROVE) with a blocking compliance issue, whatever else the file shows', () => {
    const blocks = getDecisionTables().tables[workflow].complianceIssuesBlockGoAhead;
    const found = violations(everyInput(), (given) => {
      if (given.blockingComplianceIssues === 0) return false;
      const d = decide(workflow, given);
      if (GO_AHEAD_BY_NAME.includes(d.outcome)) return `gave ${d.outcome} (row ${d.rule})`;
      return blocks && isGoAhead(workflow, d.outcome) ? `gave the go-ahead ${d.outcome} (row ${d.rule})` : false;
    });
    expect(found).toEqual([]);
    expect(blocks).toBe(workflow !== 'refusal-analysis');
  });

  it('never gives a go-ahead without a score, or (except a provisional APPEAL) without a passed verification', () => {
    const found = violations(everyInput(), (given) => {
      if (given.defensibilityScore !== null && (given.verification === 'PASS' || !verificationBlocks(workflow))) return false;
      const d = decide(workflow, given);
      return isGoAhead(workflow, d.outcome) ? `gave ${d.outcome} (row ${d.rule})` : false;
    });
    expect(found).toEqual([]);
  });

  it('gives one of the workflow definition’s outcomes for every input, final only when verification passed, with a filled, promise-free rationale', () => {
    const outcomes = getWorkflow(workflow).outcomes;
    const found = violations(everyInput(), (given) => {
      const d = decide(workflow, given);
      if (!outcomes.includes(d.outcome)) return `unknown outcome ${d.outcome}`;
      if (d.final !== (given.verification === 'PASS')) return `final is ${d.final}`;
      if (/[{}]/.test(d.rationale)) return `unfilled placeholder in "${d.rationale}"`;
      const promise = findPromiseLanguage(d.rationale);
      return promise ? `promise language "${promise}"` : false;
    });
    expect(found).toEqual([]);
  });

  it('reaches every row except the catch-all for some input (no row is hidden by the rows above it)', () => {
    const reached = new Set<string>();
    for (const given of allInputs(workflow)) reached.add(decide(workflow, given).rule);
    const rows = getDecisionTables().tables[workflow].rows;
    expect(rows.slice(0, -1).map((r) => r.id).filter((id) => !reached.has(id))).toEqual([]);
  });

  it('never gives a less favourable outcome to a higher score, all else equal', () => {
    const found = violations(everyInput(), (given) => {
      if (given.defensibilityScore === null || given.defensibilityScore === 100) return false;
      const higher = { ...given, defensibilityScore: given.defensibilityScore + 1 };
      return rank(workflow, higher) < rank(workflow, given) ? `score +1 gives ${decide(workflow, higher).outcome}` : false;
    });
    expect(found).toEqual([]);
  });

  it('never gives a more favourable outcome for an extra critical or high trigger, an extra blocking compliance issue, lower confidence, a weaker verification, a statutory bar or a passed deadline', () => {
    const lowerConfidence: Record<string, DecisionInputs['confidence']> = { high: 'medium', medium: 'low' };
    const found = violations(allInputs(workflow), (given) => {
      const here = rank(workflow, given);
      const worse: Array<[string, DecisionInputs]> = [
        ['one more critical trigger', { ...given, criticalTriggers: given.criticalTriggers + 1 }],
        ['one more high trigger', { ...given, highTriggers: given.highTriggers + 1 }],
        ['one more blocking compliance issue', { ...given, blockingComplianceIssues: given.blockingComplianceIssues + 1 }],
      ];
      const lower = given.confidence ? lowerConfidence[given.confidence] : undefined;
      if (lower) worse.push(['lower confidence', { ...given, confidence: lower }]);
      if (given.verification === 'PASS') {
        worse.push(['verification INCOMPLETE', { ...given, verification: 'INCOMPLETE' }]);
        worse.push(['verification NOT_RUN', { ...given, verification: 'NOT_RUN' }]);
      }
      if (!given.decisiveBars) worse.push(['a statutory bar', { ...given, decisiveBars: 1 }]);
      if (!given.deadlinePassed) worse.push(['a passed deadline', { ...given, deadlinePassed: true }]);
      const better = worse.find(([, w]) => rank(workflow, w) > here);
      return better ? `${better[0]} improved the outcome to ${decide(workflow, better[1]).outcome}` : false;
    });
    expect(found).toEqual([]);
  });
});

describe('refusal-analysis and compliance issues', () => {
  it('recommends the same route whatever the compliance issues: a court challenge reviews the refused decision, not the next filing', () => {
    const found = violations(everyInput(), (given) => {
      if (given.blockingComplianceIssues === 0) return false;
      const without = decide('refusal-analysis', { ...given, blockingComplianceIssues: 0 });
      const withIssues = decide('refusal-analysis', given);
      return withIssues.rule !== without.rule ? `row ${withIssues.rule} instead of ${without.rule}` : false;
    });
    expect(found).toEqual([]);
  });
});
