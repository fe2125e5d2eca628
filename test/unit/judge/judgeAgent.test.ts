import { judgeAgent, NoDecisionTable } from '../../../lambdas/agents/judge/judgeAgent';
import { UnreadableComplianceIssues, UnreadableRefusalTriggers, verificationStateOf } from '../../../lambdas/agents/judge/gatherJudgeInputs';
import { findPromiseLanguage } from '../../../lambdas/agents/judge/rationaleTemplate';
import { JudgeOutput } from '../../../lambdas/contracts/judgeOutput';
import { logger } from '../../../lambdas/core/observability/logger';
import { complianceIssue, judgeContext, strategistOutput, trigger, type JudgeScenario } from './judgeFixtures';

type Sev = 'critical' | 'high' | 'medium' | 'low';

const gatekeeperWith = (...severities: Sev[]) => ({
  checklist: { applicationType: 'visitor-visa', present: [], missing: [], problem: [], otherDocuments: [] },
  injectionAttempts: [],
  refusalTriggers: severities.map((s) => trigger(s)),
  complianceIssues: [] as unknown[],
});

/** A gatekeeper output with no refusal trigger and compliance issues of the given severities. */
const gatekeeperWithIssues = (...severities: Sev[]) => ({ ...gatekeeperWith(), complianceIssues: severities.map((s) => complianceIssue(s)) });

async function judge(s: JudgeScenario) {
  const ctx = judgeContext(s);
  const result = await judgeAgent.run(ctx);
  // Whatever the judge returns is a valid JudgeOutput.
  expect(JudgeOutput.parse(result.output)).toEqual(result.output);
  return { ...result, reads: ctx.reads };
}

describe('judge agent', () => {
  beforeEach(() => jest.spyOn(logger, 'info').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('gives GO for a strong, verified initial assessment with no serious trigger, as a final verdict', async () => {
    const result = await judge({
      workflow: 'initial-assessment',
      outputs: { strategist: strategistOutput(82, 'high'), gatekeeper: gatekeeperWith('medium', 'low') },
      verificationStatus: 'PASS',
    });
    expect(result.status).toBe('ok:GO');
    expect(result.output).toEqual({
      kind: 'verdict',
      outcome: 'GO',
      rule: 'ia-go',
      rationale: expect.any(String),
      // What a report states: the reasons without the inputs list (the appendix shows them).
      reasons: expect.stringMatching(/^GO: The defensibility score \(82\)/),
      final: true,
      inputs: { defensibilityScore: 82, confidence: 'high', criticalTriggers: 0, highTriggers: 0, blockingComplianceIssues: 0, verification: 'PASS' },
    });
    expect(result.reads.sort()).toEqual(['gatekeeper', 'intake', 'strategist']);
    expect(result.output!.rationale).toContain('Inputs considered:');
    expect(result.output!.reasons).not.toContain('Inputs considered');
  });

  it('writes a rationale that names the row and every input, and promises nothing', async () => {
    const { output } = await judge({
      workflow: 'final-review',
      outputs: { strategist: strategistOutput(84, 'medium'), gatekeeper: gatekeeperWith('high') },
      verificationStatus: 'PASS',
    });
    expect(output.outcome).toBe('REVISE');
    expect(output.rationale).toBe(
      'REVISE: The gatekeeper found 1 high-severity refusal trigger (IRPR 216(1)(b): a high ground given by the test); answer each one in the application before it is submitted. ' +
        'Inputs considered: defensibility score 84; strategist confidence medium; no critical refusal trigger, 1 high-severity refusal trigger and no blocking compliance issue (critical or high) from the gatekeeper; citation verification passed.',
    );
    expect(findPromiseLanguage(output.rationale)).toBeUndefined();
  });

  it('makes a decision, not a verdict, in a risk audit', async () => {
    const result = await judge({
      workflow: 'risk-audit',
      outputs: { strategist: strategistOutput(77, 'medium'), gatekeeper: gatekeeperWith() },
      verificationStatus: 'PASS',
    });
    expect(result.output).toMatchObject({ kind: 'decision', outcome: 'PROCEED', rule: 'risk-proceed', final: true });
    expect(result.status).toBe('ok:PROCEED');
  });

  it('counts critical and high triggers by severity and ignores medium and low ones', async () => {
    const { output, status } = await judge({
      workflow: 'refusal-analysis',
      outputs: { strategist: strategistOutput(88, 'high'), gatekeeper: gatekeeperWith('critical', 'high', 'high', 'medium', 'low') },
      verificationStatus: 'PASS',
    });
    expect(output.inputs).toMatchObject({ criticalTriggers: 1, highTriggers: 2 });
    expect(output).toMatchObject({ outcome: 'REAPPLY', rule: 'ra-refusal-grounds-stand' });
    expect(status).toBe('ok:REAPPLY');
  });

  it('gives REVISE, not APPROVE, to a strong verified final review whose passport expires before the stay ends', async () => {
    const { output, status } = await judge({
      workflow: 'final-review',
      outputs: { strategist: strategistOutput(88, 'high'), gatekeeper: gatekeeperWithIssues('high') },
      verificationStatus: 'PASS',
    });
    expect(output).toMatchObject({ outcome: 'REVISE', rule: 'fr-blocking-compliance', final: true });
    expect(output.inputs).toMatchObject({ criticalTriggers: 0, highTriggers: 0, blockingComplianceIssues: 1 });
    expect(output.rationale).toContain('The gatekeeper found 1 blocking compliance issue (critical or high severity');
    expect(output.rationale).toContain('1 blocking compliance issue (critical or high) from the gatekeeper');
    expect(status).toBe('ok:REVISE');
  });

  it('counts critical and high compliance issues as blocking and ignores medium and low ones', async () => {
    const counted = await judge({ workflow: 'risk-audit', outputs: { strategist: strategistOutput(90, 'high'), gatekeeper: gatekeeperWithIssues('critical', 'high', 'medium', 'low') }, verificationStatus: 'PASS' });
    expect(counted.output.inputs.blockingComplianceIssues).toBe(2);
    expect(counted.output).toMatchObject({ outcome: 'REVISE', rule: 'risk-blocking-compliance' });
    const minor = await judge({ workflow: 'risk-audit', outputs: { strategist: strategistOutput(90, 'high'), gatekeeper: gatekeeperWithIssues('medium', 'low') }, verificationStatus: 'PASS' });
    expect(minor.output.inputs.blockingComplianceIssues).toBe(0);
    expect(minor.output).toMatchObject({ outcome: 'PROCEED', rule: 'risk-proceed' });
  });

  it('does not read an unrecognised refused kind as an unknown file in a refusal analysis: the refusal rubric applies whatever was refused', async () => {
    const intake = { applicationType: 'unknown' };
    const refusal = await judge({ workflow: 'refusal-analysis', outputs: { intake, strategist: strategistOutput(90, 'high'), gatekeeper: gatekeeperWith() }, verificationStatus: 'PASS' });
    expect(refusal.output.inputs.applicationTypeKnown).toBe(true);
    const audit = await judge({ workflow: 'risk-audit', outputs: { intake, strategist: strategistOutput(90, 'high'), gatekeeper: gatekeeperWith() }, verificationStatus: 'PASS' });
    expect(audit.output.inputs.applicationTypeKnown).toBe(false);
  });

  it('keeps APPEAL open in a refusal analysis with a blocking compliance issue: it bars a filing, not a court challenge', async () => {
    const { output } = await judge({ workflow: 'refusal-analysis', outputs: { strategist: strategistOutput(90, 'high'), gatekeeper: gatekeeperWithIssues('high') }, verificationStatus: 'PASS' });
    expect(output).toMatchObject({ outcome: 'APPEAL', rule: 'ra-strong-review-grounds' });
    expect(output.inputs.blockingComplianceIssues).toBe(1);
  });

  it('reads a FAILED verification as INCOMPLETE: the cautious outcome, provisional, and it says why', async () => {
    const { output, status } = await judge({
      workflow: 'initial-assessment',
      outputs: { strategist: strategistOutput(95, 'high'), gatekeeper: gatekeeperWith() },
      verificationStatus: 'FAILED',
    });
    expect(output).toMatchObject({ outcome: 'CAUTION', rule: 'ia-verification-incomplete', final: false });
    expect(output.inputs.verification).toBe('INCOMPLETE');
    expect(output.rationale).toContain('citation verification incomplete');
    expect(output.rationale).toContain('This outcome is provisional until a person reviews the citations that could not be verified.');
    expect(status).toBe('ok:CAUTION');
  });

  it('reads an audit whose verifier never ran as NOT_RUN, and marks the outcome provisional', async () => {
    const { output } = await judge({
      workflow: 'final-review',
      outputs: { strategist: strategistOutput(95, 'high'), gatekeeper: gatekeeperWith() },
    });
    expect(output).toMatchObject({ outcome: 'REVISE', rule: 'fr-verification-not-run', final: false });
    expect(output.inputs.verification).toBe('NOT_RUN');
    expect(output.rationale).toContain('This outcome is provisional: no citation in this audit has been verified.');
  });

  it('maps the session’s verification status: PASS → PASS, FAILED → INCOMPLETE, absent → NOT_RUN', () => {
    expect(verificationStateOf({ verificationStatus: 'PASS' })).toBe('PASS');
    expect(verificationStateOf({ verificationStatus: 'FAILED' })).toBe('INCOMPLETE');
    expect(verificationStateOf({})).toBe('NOT_RUN');
  });

  it('decides without the strategist, counting the missing score as the most cautious, and says so', async () => {
    const { output } = await judge({ workflow: 'risk-audit', outputs: { gatekeeper: gatekeeperWith() }, verificationStatus: 'PASS' });
    // Without a score nothing carries a confident HIGH-RISK: the cautious outcome, provisional, says what to check.
    expect(output).toMatchObject({ outcome: 'REVISE', rule: 'risk-low-score', final: true, provisional: { instead: 'HIGH-RISK' } });
    expect(output.inputs).toMatchObject({ defensibilityScore: null, confidence: null });
    expect(output.rationale).toContain('The strategist produced no output, so the defensibility score counts as 0 and the confidence as low.');
    expect(output.rationale).toContain('defensibility score missing, counted as 0');
  });

  it('never gives a go-ahead without a score in any judged workflow', async () => {
    for (const workflow of ['risk-audit', 'initial-assessment', 'final-review', 'refusal-analysis'] as const) {
      const { output } = await judge({ workflow, outputs: { gatekeeper: gatekeeperWith() }, verificationStatus: 'PASS' });
      expect(['PROCEED', 'GO', 'APPROVE', 'APPEAL']).not.toContain(output.outcome);
    }
  });

  it('treats an unusable score in the strategist’s output as missing, and says so', async () => {
    const broken = { ...strategistOutput(70, 'high'), defensibilityScore: 170 };
    const { output } = await judge({ workflow: 'initial-assessment', outputs: { strategist: broken, gatekeeper: gatekeeperWith() }, verificationStatus: 'PASS' });
    expect(output.inputs).toMatchObject({ defensibilityScore: null, confidence: 'high' });
    expect(output.outcome).toBe('NO-GO');
    expect(output.rationale).toContain("The strategist's output has no usable defensibility score, so the score counts as 0.");
  });

  it('decides when the gatekeeper gave no refusal-trigger list, and says none were counted', async () => {
    const legacyGatekeeper = { checklist: gatekeeperWith().checklist, injectionAttempts: [] };
    const { output } = await judge({ workflow: 'initial-assessment', outputs: { strategist: strategistOutput(60, 'high'), gatekeeper: legacyGatekeeper }, verificationStatus: 'PASS' });
    expect(output.inputs).toMatchObject({ criticalTriggers: 0, highTriggers: 0, blockingComplianceIssues: 0 });
    expect(output.rationale).toContain('The gatekeeper reported no list of refusal triggers, so none were counted.');
  });

  it('counts no blocking compliance issue when the gatekeeper gave no list of them, and says so', async () => {
    const { complianceIssues: _none, ...withoutList } = gatekeeperWith();
    const { output } = await judge({ workflow: 'final-review', outputs: { strategist: strategistOutput(90, 'high'), gatekeeper: withoutList }, verificationStatus: 'PASS' });
    expect(output.inputs.blockingComplianceIssues).toBe(0);
    expect(output.rationale).toContain('The gatekeeper reported no list of compliance issues, so none were counted as blocking (0).');
  });

  it('decides when the gatekeeper produced no output at all, counting the missing review as a blocking compliance issue, and says so', async () => {
    const { output } = await judge({ workflow: 'final-review', outputs: { strategist: strategistOutput(60, 'high') }, verificationStatus: 'PASS' });
    expect(output.inputs).toMatchObject({ criticalTriggers: 0, highTriggers: 0, blockingComplianceIssues: 1 });
    expect(output.rationale).toContain(
      'The gatekeeper produced no output, so the file was not checked for refusal triggers, missing documents or inconsistencies: ' +
        'none were counted, and the missing review counts as 1 blocking compliance issue (gatekeeper review unavailable), so the file cannot be cleared to go ahead.',
    );
  });

  it.each([
    ['risk-audit', 'PROCEED', 'REVISE', 'risk-blocking-compliance'],
    ['initial-assessment', 'GO', 'CAUTION', 'ia-blocking-compliance'],
    ['final-review', 'APPROVE', 'REVISE', 'fr-blocking-compliance'],
  ] as const)('never gives %s its go-ahead (%s) without a gatekeeper review, however high the score', async (workflow, goAhead, cautious, row) => {
    for (const score of [90, 95, 100]) {
      const reviewed = await judge({ workflow, outputs: { strategist: strategistOutput(score, 'high'), gatekeeper: gatekeeperWith() }, verificationStatus: 'PASS' });
      // With the review, this file gets the go-ahead: only the missing output changes the outcome below.
      expect(reviewed.output.outcome).toBe(goAhead);
      const { output, status } = await judge({ workflow, outputs: { strategist: strategistOutput(score, 'high') }, verificationStatus: 'PASS' });
      expect(output).toMatchObject({ outcome: cautious, rule: row, final: true });
      expect(status).toBe(`ok:${cautious}`);
      expect(output.rationale).toContain('The gatekeeper found 1 blocking compliance issue');
    }
  });

  it('never recommends APPEAL in a refusal analysis without a complete gatekeeper review, however high the score', async () => {
    const reviewed = await judge({ workflow: 'refusal-analysis', outputs: { strategist: strategistOutput(95, 'high'), gatekeeper: gatekeeperWith() }, verificationStatus: 'PASS' });
    expect(reviewed.output.outcome).toBe('APPEAL');
    expect(reviewed.output.inputs.gatekeeperReviewed).toBeUndefined();
    const missing = await judge({ workflow: 'refusal-analysis', outputs: { strategist: strategistOutput(95, 'high') }, verificationStatus: 'PASS' });
    expect(missing.output).toMatchObject({ outcome: 'REAPPLY', rule: 'ra-default', inputs: { gatekeeperReviewed: false } });
    expect(missing.output.rationale).toContain('Without a complete gatekeeper review, the decision table gives no go-ahead.');
    const degraded = await judge({
      workflow: 'refusal-analysis',
      outputs: { strategist: strategistOutput(95, 'high'), gatekeeper: gatekeeperWith() },
      verificationStatus: 'PASS',
      stageStatus: { strategist: 'ok', gatekeeper: 'failed:GatekeeperError:the checklist could not be read' },
    });
    expect(degraded.output).toMatchObject({ outcome: 'REAPPLY', inputs: { gatekeeperReviewed: false } });
  });

  it('names stages that degraded to their safe default, without their error text', async () => {
    const { output } = await judge({
      workflow: 'refusal-analysis',
      outputs: { strategist: strategistOutput(50, 'medium'), gatekeeper: gatekeeperWith() },
      verificationStatus: 'PASS',
      stageStatus: { strategist: 'ok', gatekeeper: 'failed:ChecklistError:could not read passport.pdf' },
    });
    expect(output.rationale).toContain('The gatekeeper stage did not complete normally; its findings may be incomplete.');
    expect(output.rationale).not.toContain('passport.pdf');
    expect(output.rationale).not.toContain('strategist stage did not complete');
  });

  it('stops, rather than guess, when the gatekeeper’s refusal triggers cannot be counted', async () => {
    const ctx = judgeContext({
      workflow: 'initial-assessment',
      outputs: { strategist: strategistOutput(90, 'high'), gatekeeper: { refusalTriggers: [{ provision: 'IRPA 40(1)(a)', severity: 'severe' }] } },
      verificationStatus: 'PASS',
    });
    await expect(judgeAgent.run(ctx)).rejects.toThrow(UnreadableRefusalTriggers);
    await expect(judgeAgent.run(ctx)).rejects.toThrow(/refusal triggers cannot be counted \(0\.severity: /);
  });

  it('stops, rather than guess, when the gatekeeper’s compliance issues cannot be counted', async () => {
    const ctx = judgeContext({
      workflow: 'final-review',
      outputs: { strategist: strategistOutput(90, 'high'), gatekeeper: { ...gatekeeperWith(), complianceIssues: [{ code: 'passport-expired', severity: 'urgent' }] } },
      verificationStatus: 'PASS',
    });
    await expect(judgeAgent.run(ctx)).rejects.toThrow(UnreadableComplianceIssues);
    await expect(judgeAgent.run(ctx)).rejects.toThrow(/compliance issues cannot be counted \(0\.severity: /);
  });

  it('has no fallback that could invent a verdict', () => {
    expect(judgeAgent.fallback).toBeUndefined();
  });

  it('refuses to run in a workflow that has no decision table', async () => {
    await expect(judgeAgent.run(judgeContext({ workflow: 'document-list' }))).rejects.toThrow(NoDecisionTable);
  });

  it('logs the outcome and row but no text from the file', async () => {
    const info = jest.spyOn(logger, 'info').mockImplementation(() => undefined);
    await judge({ workflow: 'initial-assessment', outputs: { strategist: strategistOutput(82, 'high'), gatekeeper: gatekeeperWith('high') }, verificationStatus: 'PASS' });
    expect(info).toHaveBeenCalledWith('judge decided', expect.objectContaining({ outcome: 'CAUTION', rule: 'ia-high-trigger', workflow: 'initial-assessment' }));
    expect(JSON.stringify(info.mock.calls)).not.toContain('ground given by the test');
  });
});

describe('judge handler', () => {
  it('is a stage handler built from the judge agent', async () => {
    const { handler } = await import('../../../lambdas/agents/judge/handler');
    expect(typeof handler).toBe('function');
  });
});
