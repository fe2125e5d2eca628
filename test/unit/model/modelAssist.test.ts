import { assist, assistNote, withStatusNote } from '../../../lambdas/core/model/modelAssist';
import { ModelBudgetExhausted, ModelCircuitOpen } from '../../../lambdas/core/model/modelErrors';
import { ScriptedModel } from './scriptedModel';

const ctx = (model?: ScriptedModel, feedback = false) => ({
  session: { auditId: 'aud-1' },
  stage: { id: 'judge' },
  ...(model ? { model } : {}),
  ...(feedback ? { feedback: [{ code: 'judge.x', message: 'm', evidence: [], severity: 'error' as const, suggestedFix: 'f' }] } : {}),
});

describe('a model-assisted step of an agent', () => {
  it('is off without a model, and then leaves the stage status exactly as the rules wrote it', async () => {
    const result = await assist(ctx(), 'step', async () => 1);
    expect(result).toEqual({ kind: 'off' });
    expect(withStatusNote('ok:REVISE', assistNote(result, 'x'))).toBe('ok:REVISE');
  });

  it('notes the model\'s part, or why the rules stand alone', async () => {
    const used = await assist(ctx(new ScriptedModel({})), 'step', async () => 'done');
    expect(withStatusNote('ok', assistNote(used, 'rationale written'))).toBe('ok:model: rationale written');
    const open = await assist(ctx(new ScriptedModel({})), 'step', async () => {
      throw new ModelCircuitOpen('bedrock:m', 20_000);
    });
    expect(withStatusNote('ok:REVISE', assistNote(open, ''))).toBe('ok:REVISE; model: circuit open (ModelCircuitOpen), rules only');
    const spent = await assist(ctx(new ScriptedModel({})), 'step', async () => {
      throw new ModelBudgetExhausted('calls', 12, 12);
    });
    expect(assistNote(spent, '')).toBe('model: budget exhausted (ModelBudgetExhausted), rules only');
    const bug = await assist(ctx(new ScriptedModel({})), 'step', async () => {
      throw new TypeError('boom');
    });
    expect(assistNote(bug, '')).toBe('model: unavailable (ModelUnavailable), rules only');
  });

  it('is not run again after a gate FAIL', async () => {
    let ran = false;
    const result = await assist(ctx(new ScriptedModel({}), true), 'step', async () => {
      ran = true;
    });
    expect(ran).toBe(false);
    expect(assistNote(result, '')).toBe('model: left out after the gate feedback, rules only');
  });

  it('never adds a note to a status that is not ok', () => {
    expect(withStatusNote('skipped:no documents', 'model: x')).toBe('skipped:no documents');
  });
});
