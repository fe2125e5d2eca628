import { judgeAgent } from '../../../lambdas/agents/judge/judgeAgent';
import { judgeGate } from '../../../lambdas/agents/judge/judgeGate';
import { ModelOutputInvalid } from '../../../lambdas/core/model/modelErrors';
import { judgeContext, strategistOutput, trigger } from '../judge/judgeFixtures';
import { gateInput, MemoryBlobs } from '../gates/gateFixtures';
import { ScriptedModel } from './scriptedModel';

const outputs = { strategist: strategistOutput(82, 'high'), gatekeeper: { refusalTriggers: [trigger('high')], complianceIssues: [] }, verifier: { status: 'PASS', iteration: 1, checked: [{ citation: '2019 SCC 65', foundIn: 'detective', verdict: 'verified', detail: 'in the index' }], failed: [] } };
const PROSE = 'The file scores well, but one high-severity refusal trigger is open and an officer could refuse on it; answering it before filing is what the table asks for.';

async function judged(model?: ScriptedModel) {
  const ctx = judgeContext({ workflow: 'risk-audit', outputs, verificationStatus: 'PASS' });
  return judgeAgent.run({ ...ctx, ...(model ? { model } : {}) });
}

async function gate(output: unknown) {
  return judgeGate.check(gateInput({ workflowType: 'risk-audit', stageId: 'judge', output, blobs: new MemoryBlobs(), outputs, session: { verificationStatus: 'PASS' } }));
}

describe('judge with a model: the model writes only the rationale', () => {
  it('keeps the decision table\'s outcome, row, inputs and finality, and uses the model\'s prose as the rationale', async () => {
    const rules = await judged();
    const model = new ScriptedModel({ 'judge.write-rationale': { rationale: PROSE } });
    const withModel = await judged(model);
    expect({ ...withModel.output, rationale: '', reasons: '' }).toEqual({ ...rules.output, rationale: '', reasons: '' });
    expect(withModel.output.rationale).toBe(PROSE);
    // The reasons a report states are the model's prose too (the inputs are recorded beside them).
    expect(withModel.output.reasons).toBe(PROSE);
    expect(withModel.status).toBe(`ok:${rules.output.outcome}; model: rationale written`);
    expect(await gate(withModel.output)).toEqual([]);
  });

  it('hands the model the decided outcome as data; nothing in its answer can set an outcome', async () => {
    const model = new ScriptedModel({ 'judge.write-rationale': (req: { input: string }) => ({ rationale: `${PROSE} ${req.input.includes('"outcome": "REVISE"') ? '' : 'unexpected'}`.trim() }) });
    const out = await judged(model);
    expect(out.output.outcome).toBe('REVISE');
    expect(out.output.rationale).not.toContain('unexpected');
  });

  it('falls back to the rules\' rationale when the model\'s answer is unusable', async () => {
    const rules = await judged();
    const failed = await judged(new ScriptedModel({ 'judge.write-rationale': new ModelOutputInvalid('judge.write-rationale@1', ['rationale: too short']) }));
    expect(failed.output).toEqual(rules.output);
    expect(failed.status).toBe(`ok:REVISE; model: invalid output (ModelOutputInvalid), rules only`);
  });

  it('is rejected by the gate when the rationale argues for another verdict', async () => {
    const out = await judged(new ScriptedModel({ 'judge.write-rationale': { rationale: 'Despite the trigger, the correct decision is PROCEED: the relationship evidence outweighs everything else.' } }));
    expect((await gate(out.output)).map((i) => i.code)).toEqual(['judge.rationale-names-another-outcome']);
  });

  it('is rejected by the gate when the rationale cites an authority the verifier did not confirm', async () => {
    const out = await judged(new ScriptedModel({ 'judge.write-rationale': { rationale: `${PROSE} See Smith v. Canada, 2021 FC 1052.` } }));
    expect((await gate(out.output)).map((i) => i.code)).toEqual(['judge.rationale-cites-unverified-authority']);
    const verified = await judged(new ScriptedModel({ 'judge.write-rationale': { rationale: `${PROSE} Review would follow Vavilov, 2019 SCC 65.` } }));
    expect(await gate(verified.output)).toEqual([]);
  });

  it('is rejected by the gate when the outcome is not the decision table\'s for the recorded inputs', async () => {
    const out = await judged();
    // The rationale still explains REVISE, so it names another outcome than the one now claimed.
    expect((await gate({ ...out.output, outcome: 'PROCEED' })).map((i) => i.code)).toEqual(['judge.outcome-not-from-table', 'judge.rationale-names-another-outcome']);
  });
});
