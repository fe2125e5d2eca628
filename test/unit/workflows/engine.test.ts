import { complete, next, status, StageNotRunnable } from '../../../lambdas/core/workflow/engine';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import type { WorkflowDefinition } from '../../../workflows/schema';
import { getWorkflow } from '../../../workflows/registry';

const now = '2026-11-22T10:00:00.000Z';
function newSession(workflowType: Session['workflowType'], tier: Session['tier'] = 'pro'): Session {
  return {
    auditId: 'aud-1', caseId: 'case-1', owner: 'local', workflowType, tier, model: 'none', gateMode: 'live',
    status: 'RUNNING', currentStage: null, completedStages: [], outputs: {}, stageStatus: {}, stageTimings: {},
    retries: {}, verificationIterations: 0, usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0 },
    version: 0, startedAt: now, updatedAt: now,
  };
}

/** Drives a workflow to the end, failing verification on the listed verifier runs (1-based). */
function drive(def: WorkflowDefinition, session: Session, failVerificationOn: number[] = []) {
  const order: string[] = [];
  let s = session;
  for (let guard = 0; guard < 50; guard++) {
    const n = next(def, s);
    if (n.status === 'complete') break;
    order.push(n.stage.stage);
    const isLoop = def.stages.find((st) => st.id === n.stage.stage)?.loop;
    const run = s.verificationIterations + 1;
    s = complete(def, s, n.stage.stage, { ran: n.stage.stage }, { tier: s.tier, now, loopConditionMet: isLoop ? failVerificationOn.includes(run) : undefined }).session;
  }
  return { order, session: s };
}

describe('workflow engine', () => {
  it('runs stages in depends_on order', () => {
    const { order, session } = drive(getWorkflow('initial-assessment'), newSession('initial-assessment'));
    expect(order).toEqual(['intake', 'detective', 'strategist', 'gatekeeper', 'verifier', 'judge', 'reporter']);
    expect(session.status).toBe('SUCCEEDED');
  });

  it('refuses to complete a stage that is not runnable', () => {
    const def = getWorkflow('document-list');
    expect(() => complete(def, newSession('document-list'), 'reporter', {}, { tier: 'guest', now })).toThrow(StageNotRunnable);
    expect(() => complete(def, newSession('document-list'), 'reporter', {}, { tier: 'guest', now })).toThrow(
      "stage 'reporter' is not runnable now; runnable: intake",
    );
    const done = drive(def, newSession('document-list')).session;
    expect(() => complete(def, done, 'intake', {}, { tier: 'guest', now })).toThrow('the workflow is complete');
  });

  it('reports progress as completed, total and a whole percentage', () => {
    const def = getWorkflow('risk-audit');
    let s = newSession('risk-audit');
    expect(next(def, s)).toMatchObject({ status: 'runnable', stage: { stage: 'intake', agent: 'intake' }, progress: { completed: 0, total: 7, percentage: 0 } });
    s = complete(def, s, 'intake', {}, { tier: 'pro', now }).session;
    s = complete(def, s, 'detective', {}, { tier: 'pro', now }).session;
    expect(status(def, s)).toMatchObject({ currentStage: 'strategist', completedStages: ['intake', 'detective'], totalStages: 7, progress: { completed: 2, total: 7, percentage: 28 }, isComplete: false });
  });

  it('stores the output and status atomically with completion', () => {
    const def = getWorkflow('document-list');
    const { session } = complete(def, newSession('document-list'), 'intake', { documents: 3 }, { tier: 'guest', now, stageStatus: 'ok:1 of 3 documents could not be read' });
    expect(session.completedStages).toEqual(['intake']);
    expect(session.outputs.intake).toEqual({ inline: { documents: 3 } });
    expect(session.stageStatus.intake).toBe('ok:1 of 3 documents could not be read');
  });

  it.each([
    ['guest', 1],
    ['pro', 2],
    ['ultra', 3],
  ] as const)('loops back to the detective when citations fail, at most the %s maximum (%i runs), then ends INCOMPLETE', (tier, max) => {
    const def = getWorkflow('risk-audit');
    const { order, session } = drive(def, newSession('risk-audit', tier), [1, 2, 3]);
    expect(order.filter((s) => s === 'verifier')).toHaveLength(max);
    expect(order.filter((s) => s === 'detective')).toHaveLength(max);
    expect(session.verificationIterations).toBe(max);
    expect(session.status).toBe('INCOMPLETE');
    expect(Object.keys(session.outputs).filter((k) => k.startsWith('verifier@'))).toHaveLength(max - 1);
  });

  it('ends SUCCEEDED when a later verification passes', () => {
    const { order, session } = drive(getWorkflow('refusal-analysis'), newSession('refusal-analysis', 'pro'), [1]);
    expect(order).toEqual(['intake', 'detective', 'strategist', 'gatekeeper', 'verifier', 'detective', 'strategist', 'gatekeeper', 'verifier', 'judge', 'reporter']);
    expect(session.status).toBe('SUCCEEDED');
    expect(session.verificationStatus).toBe('PASS');
  });
});
