import { rubricScoreOf, strategistGate } from '../../../lambdas/agents/strategist/strategistGate';
import { MemoryBlobs, codes, gateInput, intakeOutput, strategistOutput } from './gateFixtures';

async function check(mutate: (o: Record<string, any>) => void = () => undefined) {
  const blobs = new MemoryBlobs();
  const intake = intakeOutput(blobs);
  const output: Record<string, any> = strategistOutput();
  mutate(output);
  return strategistGate.check(gateInput({ workflowType: 'risk-audit', stageId: 'strategist', output, blobs, outputs: { intake } }));
}

describe('strategist gate', () => {
  it('passes a score reproducible from its rubric factors (a GIC in the evidence plan is no promise)', async () => {
    expect(await check()).toEqual([]);
  });

  it('computes the rubric score as round(100 × Σ weight·earned / Σ weight)', () => {
    expect(rubricScoreOf(strategistOutput().factors)).toBe(88);
    expect(rubricScoreOf([{ weight: 2, earned: 0.25 }, { weight: 1, earned: 0 }])).toBe(17);
    expect(rubricScoreOf([])).toBeUndefined();
  });

  it('fails a rubric score its factors do not give', async () => {
    const issues = await check((o) => {
      o.rubricScore = 70;
      o.defensibilityScore = 70;
    });
    expect(codes(issues)).toEqual(['strategist.rubric-score-mismatch']);
    expect(issues[0].suggestedFix).toBe('set rubricScore to 88, or correct the factors that are wrong');
  });

  it('fails a Defensibility Score that is not the rubric score plus the adjustment, clamped', async () => {
    expect(codes(await check((o) => { o.defensibilityScore = 90; }))).toEqual(['strategist.defensibility-score-mismatch']);
    expect(await check((o) => { o.modelAdjustment = { points: 5, reason: 'The letter of support is unusually specific.' }; o.defensibilityScore = 93; })).toEqual([]);
    expect(await check((o) => { o.modelAdjustment = { points: 10, reason: 'Strong ties.' }; o.factors = [{ ...o.factors[0] }]; o.rubricScore = 100; o.defensibilityScore = 100; })).toEqual([]);
  });

  it('fails an adjustment beyond ±10 points or without a reason', async () => {
    const tooBig = await check((o) => { o.modelAdjustment = { points: 15, reason: 'Looks good.' }; o.defensibilityScore = 100; });
    expect(codes(tooBig)).toContain('strategist.adjustment-out-of-range');
    const silent = await check((o) => { o.modelAdjustment = { points: -4, reason: '  ' }; o.defensibilityScore = 84; });
    expect(codes(silent)).toContain('strategist.adjustment-without-reason');
  });

  it('fails a score outside 0–100', async () => {
    const issues = await check((o) => { o.rubricScore = 120; o.defensibilityScore = 120; });
    expect(codes(issues)).toEqual(expect.arrayContaining(['strategist.score-out-of-range', 'strategist.schema']));
  });

  it.each([
    ['rationale', 'The application will be approved once the letter is added.'],
    ['confidenceReason', 'Le dossier est certain de réussir.'],
  ])('fails outcome-promising language in %s', async (field, text) => {
    const issues = await check((o) => { o[field] = text; });
    expect(codes(issues)).toEqual(['strategist.outcome-promise']);
  });

  it('fails a factor whose quote is not verbatim in the cited document', async () => {
    const issues = await check((o) => { o.factors[0].evidence[0].quote = 'was refused twice'; });
    expect(codes(issues)).toEqual(['strategist.evidence-not-verbatim']);
    expect(issues[0].evidence[0]).toBe('factors[0].evidence[0]');
  });

  it('fails an output that breaks the StrategistOutput contract, and warns when no factor was scored', async () => {
    expect(codes(await check((o) => { delete o.confidence; }))).toEqual(['strategist.schema']);
    const empty = await check((o) => { o.factors = []; });
    expect(empty).toEqual([expect.objectContaining({ code: 'strategist.no-factors', severity: 'warning' })]);
  });
});
