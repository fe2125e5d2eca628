import { getTiers, getWorkflow } from '../../../workflows/registry';
import { complete, StageNotRunnable, UnknownStage, runnableStages } from '../workflow/engine';
import type { Session } from '../session/sessionSchema';
import { failedStatus } from './stageStatus';
import type { SessionStore } from '../session/sessionStore';
import type { BlobStore } from '../storage/blobStore';
import { logger } from '../observability/logger';
import type { Agent, AgentContext, AgentResult, StageEvent, StageResult } from './stageContract';

export interface StageDeps {
  store: SessionStore;
  blobs: BlobStore;
  now?: () => Date;
}


function resultOf(session: Session, stage: string, hasLoop: boolean): StageResult {
  const result: StageResult = { auditId: session.auditId, stage, status: session.stageStatus[stage] ?? 'ok' };
  if (hasLoop) {
    result.verification = { passed: session.verificationStatus !== 'FAILED', iteration: session.verificationIterations };
  }
  return result;
}

/**
 * Runs one stage of an audit: checks it is runnable, runs the agent, and completes the stage through
 * the engine with an optimistic-locking write (re-read and re-applied on conflict). Idempotent: a stage
 * that is already complete (a retried or resumed execution) returns its stored result without re-running.
 */
export async function runStage(deps: StageDeps, agent: Agent, event: StageEvent): Promise<StageResult> {
  const now = deps.now ?? (() => new Date());
  const session = await deps.store.get(event.auditId);
  const workflow = getWorkflow(session.workflowType);
  const stage = workflow.stages.find((s) => s.id === event.stage);
  if (!stage) throw new UnknownStage(event.stage, workflow.type);
  if (session.completedStages.includes(stage.id)) return resultOf(session, stage.id, Boolean(stage.loop));
  const runnable = runnableStages(workflow, session).map((s) => s.id);
  if (!runnable.includes(stage.id)) throw new StageNotRunnable(stage.id, runnable);

  const startedAt = now().toISOString();
  const started = await deps.store.update(session.auditId, (s) => ({
    ...s,
    status: 'RUNNING',
    currentStage: stage.id,
    stageTimings: { ...s.stageTimings, [stage.id]: { startedAt } },
  }));
  await deps.store.appendEvent(session.auditId, { type: 'stage-started', stage: stage.id, detail: { agent: agent.name } });
  const log = logger.createChild({ persistentKeys: { auditId: session.auditId, stage: stage.id, workflow: workflow.type } });

  const ctx: AgentContext = {
    session: started,
    workflow,
    stage,
    tierFeatures: getTiers()[started.tier],
    store: deps.store,
    blobs: deps.blobs,
    now,
    outputOf: (id) => deps.store.readOutput(started, id),
  };

  let result: AgentResult<unknown>;
  try {
    result = await agent.run(ctx);
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    if (stage.critical || !agent.fallback) {
      log.error('critical stage failed', { error: error.name });
      await deps.store.appendEvent(session.auditId, { type: 'stage-failed', stage: stage.id, detail: { error: error.name, message: failedStatus(error.name, error.message) } });
      throw error;
    }
    log.warn('stage degraded to its safe default', { error: error.name });
    // Fail closed: a loop stage (the verifier) that could not run never counts as passing.
    result = { output: agent.fallback(ctx, error), status: failedStatus(error.name, error.message), loopConditionMet: stage.loop ? true : undefined };
  }

  const stageStatus = result.status ?? 'ok';
  let loopedBack = false;
  const saved = await deps.store.update(session.auditId, (s) => {
    if (s.completedStages.includes(stage.id)) return s; // a concurrent duplicate finished first
    const done = complete(workflow, s, stage.id, result.output, {
      tier: s.tier,
      now: now().toISOString(),
      startedAt,
      stageStatus,
      loopConditionMet: result.loopConditionMet,
    });
    loopedBack = done.loopedBack;
    const u = result.usage;
    return u
      ? {
          ...done.session,
          usage: {
            modelCalls: done.session.usage.modelCalls + (u.modelCalls ?? 0),
            inputTokens: done.session.usage.inputTokens + (u.inputTokens ?? 0),
            outputTokens: done.session.usage.outputTokens + (u.outputTokens ?? 0),
          },
        }
      : done.session;
  });
  const elapsedMs = Date.now() - Date.parse(startedAt);
  await deps.store.appendEvent(session.auditId, {
    type: loopedBack ? 'stage-looped-back' : 'stage-completed',
    stage: stage.id,
    detail: { status: stageStatus, elapsedMs, ...(stage.loop ? { iteration: saved.verificationIterations } : {}) },
  });
  log.info('stage completed', { status: stageStatus.split(':')[0], elapsedMs });
  const out: StageResult = { auditId: saved.auditId, stage: stage.id, status: stageStatus };
  if (stage.loop) out.verification = { passed: result.loopConditionMet !== true, iteration: saved.verificationIterations };
  return out;
}
