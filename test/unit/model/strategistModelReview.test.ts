import { strategistAgent } from '../../../lambdas/agents/strategist/strategistAgent';
import { ScoreReviewAnswer } from '../../../lambdas/agents/strategist/scoreReview';
import { ModelThrottled } from '../../../lambdas/core/model/modelErrors';
import { StrategistOutput } from '../../../lambdas/contracts/strategistOutput';
import { strategistGate } from '../../../lambdas/agents/strategist/strategistGate';
import { WHIRLWIND_SPOUSAL } from '../strategist/spousalCaseTexts';
import { intakeOf, jsonBlobs, strategistContext } from '../strategist/strategistFixtures';
import { ScriptedModel } from './scriptedModel';
import { gateInput, MemoryBlobs } from '../gates/gateFixtures';

const review = { points: -4, reason: 'The two statements give different accounts of how the couple met.', credibilityNotes: [{ kind: 'weakness', note: 'The proposal is described differently in the two letters.' }] };

async function run(model?: ScriptedModel, feedback = false) {
  const { intake, extracted } = await intakeOf(WHIRLWIND_SPOUSAL);
  const ctx = strategistContext({ intake, blobs: jsonBlobs(extracted) });
  return strategistAgent.run({ ...ctx, ...(model ? { model } : {}), ...(feedback ? { feedback: [{ code: 'strategist.x', message: 'm', evidence: [], severity: 'error' as const, suggestedFix: 'f' }] } : {}) });
}

describe('strategist with a model: a bounded adjustment with a reason', () => {
  it('records the adjustment and scores rubric + points, leaving the rubric untouched', async () => {
    const rules = await run();
    const model = new ScriptedModel({ 'strategist.adjust-score': review });
    const adjusted = await run(model);

    expect(adjusted.output.rubricScore).toBe(rules.output.rubricScore);
    expect(adjusted.output.factors).toEqual(rules.output.factors);
    expect(adjusted.output.modelAdjustment).toEqual({ points: -4, reason: `${review.reason} Credibility notes: (1, weakness) ${review.credibilityNotes[0].note}` });
    expect(adjusted.output.defensibilityScore).toBe(Math.max(0, rules.output.rubricScore - 4));
    expect(adjusted.status).toBe(`ok:score ${adjusted.output.defensibilityScore}, confidence ${adjusted.output.confidence}; model: adjusted -4`);
    expect(StrategistOutput.safeParse(adjusted.output).success).toBe(true);
  });

  it('sends the documents as delimited data and the rubric result as data, never asking for a score', async () => {
    const model = new ScriptedModel({ 'strategist.adjust-score': review });
    await run(model);
    const input = model.requests[0].input;
    expect(input).toMatch(/<<<DATA [0-9a-f]{12} "rubric result">>>/);
    expect(input).toMatch(/<<<DOCUMENT [0-9a-f]{12} id="[^"]+" name="[^"]+" type="[^"]+">>>/);
  });

  it('cannot move the score by more than 10 points: such an answer never reaches the output', () => {
    expect(ScoreReviewAnswer.safeParse({ ...review, points: 15 }).success).toBe(false);
    expect(ScoreReviewAnswer.safeParse({ ...review, points: 2.5 }).success).toBe(false);
    expect(ScoreReviewAnswer.safeParse({ ...review, reason: '' }).success).toBe(false);
  });

  it('keeps the rules-only result, saying so in the status, when the model fails', async () => {
    const rules = await run();
    const failed = await run(new ScriptedModel({ 'strategist.adjust-score': new ModelThrottled('slow down') }));
    expect(failed.output).toEqual(rules.output);
    expect(failed.status).toBe(`${rules.status}; model: throttled (ModelThrottled), rules only`);
  });

  it('leaves the model out when the stage re-runs after a gate FAIL', async () => {
    const model = new ScriptedModel({ 'strategist.adjust-score': review });
    const retried = await run(model, true);
    expect(model.requests).toHaveLength(0);
    expect(retried.output.modelAdjustment).toBeNull();
    expect(retried.status).toMatch(/; model: left out after the gate feedback, rules only$/);
  });

  it('is rejected by the gate when the model\'s reason brings in an authority nobody researched', async () => {
    const adjusted = await run(new ScriptedModel({ 'strategist.adjust-score': { ...review, reason: 'As held in Smith v. Canada, 2021 FC 9999, such accounts are not credible.' } }));
    const issues = await strategistGate.check(gateInput({ workflowType: 'risk-audit', stageId: 'strategist', output: adjusted.output, blobs: new MemoryBlobs(), outputs: {} }));
    expect(issues.map((i) => i.code)).toContain('strategist.adjustment-cites-unresearched-authority');
  });
});
