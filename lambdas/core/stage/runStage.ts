import { getTiers, getWorkflow } from '../../../workflows/registry';
import type { StageDefinition } from '../../../workflows/schema';
import { complete, StageNotRunnable, UnknownStage, runnableStages } from '../workflow/engine';
import type { Session, Usage } from '../session/sessionSchema';
import { evaluateGate } from '../gates/evaluateGate';
import type { GateCheck, GateInput } from '../gates/gateCheck';
import { GateFailed } from '../gates/gateErrors';
import { recordGateResult } from '../gates/gateLog';
import type { GateResult } from '../gates/gateSchema';
import { withGateNote } from '../gates/gateStatusNote';
import { failedStatus } from './stageStatus';
import type { SessionStore } from '../session/sessionStore';
import type { BlobStore } from '../storage/blobStore';
import { logger } from '../observability/logger';
import { countMetric, METRIC } from '../observability/metrics';
import { sumUsage, type UsageTotals } from '../model/accounting/usageTotals';
import { sharedModelRuntime, type ModelRuntime } from '../model/modelRuntime';
import { type AuditSettings, usableModelSettings } from '../settings/auditSettings';
import type { ModelCallRecord } from '../model/modelSession';
import { openStageModel } from '../model/stageModel';
import type { Agent, AgentContext, AgentResult, StageEvent, StageResult } from './stageContract';
import { returnFeedbackFor } from '../../review/reviewSteps';
import type { GateIssue } from '../gates/gateSchema';

/** A reviewer's return (issue 33) as the feedback the stage it names receives when it runs again. */
function reviewerFeedback(session: Session, stageId: string): GateIssue[] | undefined {
  const returned = returnFeedbackFor(session, stageId);
  if (!returned) return undefined;
  const note = returned.note ?? 'the reviewer returned the audit to this stage without a note';
  return [{ code: 'review.returned', message: note, evidence: [], severity: 'error', suggestedFix: note }];
}

/** An output that fails its gate in live mode gets one retry with the issues as feedback (DESIGN §5). */
export const MAX_GATE_ATTEMPTS = 2;

/** Adds `more` to `into` (usage of every attempt of a stage counts). */
function addUsage(into: Partial<Usage>, more: Partial<Usage> | undefined): Partial<Usage> {
  for (const key of ['modelCalls', 'inputTokens', 'outputTokens', 'estimatedCostUsd'] as const) {
    if (more?.[key] !== undefined) into[key] = (into[key] ?? 0) + (more[key] ?? 0);
  }
  return into;
}

/** The session with a stage's model usage added to the audit's totals and to the stage's own. */
function withStageUsage(session: Session, stageId: string, used: UsageTotals): Session {
  if (!used.modelCalls && !used.inputTokens && !used.outputTokens && !used.estimatedCostUsd) return session;
  return {
    ...session,
    usage: sumUsage(session.usage, used),
    usageByStage: { ...session.usageByStage, [stageId]: sumUsage(session.usageByStage?.[stageId], used) },
  };
}

export interface StageDeps {
  store: SessionStore;
  blobs: BlobStore;
  /** The audit's settings, read once by the entry point (Lambda handler, CLI command, local execution). */
  settings: AuditSettings;
  now?: () => Date;
  /** The model layer's runtime (providers, breaker, concurrency limit); default: the process's for `settings`. */
  models?: () => ModelRuntime;
}


/**
 * For a loop stage that is not runnable: the result its own earlier run returned when that run
 * completed it and sent the audit back (a retried invocation whose first response was lost).
 * The engine un-completed the loop's stages and archived this stage's output under
 * `<stage>@<iteration>`; the loop's first stage is runnable and has not started since.
 */
function loopedBackResult(session: Session, stage: StageDefinition, runnable: string[]): StageResult | undefined {
  if (!stage.loop || session.currentStage !== null) return undefined;
  const iteration = session.verificationIterations;
  if (!session.outputs[`${stage.id}@${iteration}`] || !runnable.includes(stage.loop.back_to)) return undefined;
  return {
    auditId: session.auditId,
    stage: stage.id,
    status: session.stageStatus[stage.id] ?? 'ok',
    verification: { passed: false, loopBack: true, iteration },
  };
}

/** True when an earlier run of this stage started and never ended (a failed, retried or interrupted attempt). */
function unfinishedEarlierRun(session: Session, stageId: string): boolean {
  const timing = session.stageTimings[stageId];
  return timing !== undefined && timing.endedAt === undefined;
}

function resultOf(session: Session, stage: string, hasLoop: boolean): StageResult {
  const result: StageResult = { auditId: session.auditId, stage, status: session.stageStatus[stage] ?? 'ok' };
  if (hasLoop) {
    // Stored and complete: had the engine looped back, this stage would not be among the completed ones.
    result.verification = { passed: session.verificationStatus !== 'FAILED', loopBack: false, iteration: session.verificationIterations };
  }
  return result;
}

/**
 * Runs one stage of an audit: checks it is runnable, runs the agent, runs the agent's gate on its output
 * (see lambdas/core/gates/README.md), and completes the stage through the engine with an
 * optimistic-locking write (re-read and re-applied on conflict). Idempotent, so Step Functions may
 * retry a Task and `case-audit resume` may run the state machine again from the start: a stage that
 * is already complete returns its stored result without re-running (a loop stage whose completion
 * sent the audit back returns that loop-back again), and a stage whose earlier run started but never
 * finished runs again from the session as it is, counted in `retries` with a `stage-retried` event.
 *
 * Gates, DESIGN §5: every result goes to the transparency log. In `live` mode a FAIL re-runs the agent
 * once with the issues as `ctx.feedback`; a second FAIL throws GateFailed and stops the audit, critical
 * stage or not (a safe default is for a stage that could not run, not for one whose output is wrong).
 * In `demo` mode a FAIL is noted on the stage status and the audit goes on. A WARN never retries.
 */
export async function runStage(deps: StageDeps, agent: Agent, event: StageEvent): Promise<StageResult> {
  const now = deps.now ?? (() => new Date());
  const session = await deps.store.get(event.auditId);
  const workflow = getWorkflow(session.workflowType);
  const stage = workflow.stages.find((s) => s.id === event.stage);
  if (!stage) throw new UnknownStage(event.stage, workflow.type);
  if (session.completedStages.includes(stage.id)) return resultOf(session, stage.id, Boolean(stage.loop));
  const runnable = runnableStages(workflow, session).map((s) => s.id);
  if (!runnable.includes(stage.id)) {
    const loopedBack = loopedBackResult(session, stage, runnable);
    if (loopedBack) return loopedBack;
    throw new StageNotRunnable(stage.id, runnable);
  }

  const startedAt = now().toISOString();
  // Elapsed time is measured on the monotonic clock: `now` may be an injected clock (an audit run
  // "as of" a past day), which says when, not how long.
  const startedMs = performance.now();
  const rerun = unfinishedEarlierRun(session, stage.id);
  const started = await deps.store.update(session.auditId, (s) => ({
    ...s,
    status: 'RUNNING',
    currentStage: stage.id,
    stageTimings: { ...s.stageTimings, [stage.id]: { startedAt } },
    retries: rerun ? { ...s.retries, [stage.id]: (s.retries[stage.id] ?? 0) + 1 } : s.retries,
  }), { current: session });
  if (rerun) {
    await deps.store.appendEvent(session.auditId, {
      type: 'stage-retried',
      stage: stage.id,
      detail: { reason: 'rerun', previousStartedAt: session.stageTimings[stage.id]!.startedAt },
    });
  }
  const returnedWith = reviewerFeedback(started, stage.id);
  await deps.store.appendEvent(session.auditId, { type: 'stage-started', stage: stage.id, detail: { agent: agent.name, ...(returnedWith ? { feedback: returnedWith.map((i) => i.code) } : {}) } });
  const log = logger.createChild({ persistentKeys: { auditId: session.auditId, stage: stage.id, workflow: workflow.type } });

  const tierFeatures = getTiers()[started.tier];
  // One model session for every attempt of this stage: the audit's budget counts them all.
  const model = openStageModel({
    session: started,
    agent: agent.name,
    stage: stage.id,
    budget: tierFeatures.modelBudget,
    runtime: deps.models ?? (() => sharedModelRuntime(usableModelSettings(deps.settings))),
    onCall: async (record: ModelCallRecord) => {
      // Ids, counts, tokens and cost only: never prompt, document or answer text.
      log.info('model call', { prompt: record.prompt, modelId: record.modelId, outcome: record.outcome, answers: record.answers, attempts: record.attempts, inputTokens: record.inputTokens, outputTokens: record.outputTokens, costUsd: record.costUsd, latencyMs: record.latencyMs, ...(record.error ? { error: record.error } : {}) });
      await deps.store.appendEvent(session.auditId, { type: 'model-call', stage: stage.id, detail: { ...record } });
    },
  });
  const ctx: AgentContext = {
    session: started,
    workflow,
    stage,
    tierFeatures,
    store: deps.store,
    blobs: deps.blobs,
    now,
    settings: deps.settings,
    outputOf: (id) => deps.store.readOutput(started, id),
    model,
    ...(returnedWith ? { feedback: returnedWith } : {}),
  };
  /** Keeps the stage's model usage on the session when the stage stops the audit (best effort: the failure matters more). */
  const keepUsageOfFailedStage = async () => {
    const used = model.usage();
    if (!used.modelCalls) return;
    await deps.store.update(session.auditId, (s) => withStageUsage(s, stage.id, used)).catch(() => undefined);
  };

  /** Runs the agent; a non-critical stage with a safe default degrades to it instead of failing. */
  const runAgent = async (runCtx: AgentContext): Promise<{ result: AgentResult<unknown>; degraded: boolean }> => {
    try {
      return { result: await agent.run(runCtx), degraded: false };
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      if (stage.critical || !agent.fallback) {
        log.error('critical stage failed', { error: error.name });
        await keepUsageOfFailedStage();
        await deps.store.appendEvent(session.auditId, { type: 'stage-failed', stage: stage.id, detail: { error: error.name, message: failedStatus(error.name, error.message) } });
        throw error;
      }
      log.warn('stage degraded to its safe default', { error: error.name });
      // Fail closed: a loop stage (the verifier) that could not run never counts as passing.
      return {
        result: { output: agent.fallback(runCtx, error), status: failedStatus(error.name, error.message), loopConditionMet: stage.loop ? true : undefined },
        degraded: true,
      };
    }
  };

  /** The session as this stage last wrote it: the next write starts from it instead of re-reading. */
  let latest = started;
  let { result, degraded } = await runAgent(ctx);
  const usage = addUsage({}, result.usage);

  // The gate (DESIGN §5): checks the agent's own output, never a safe default nor a stage that skipped itself.
  const gate: GateCheck = agent.gate ?? { agent: agent.name, check: async () => [] };
  const gateMode = started.gateMode ?? 'live';
  let gateResult: GateResult | undefined;
  for (let attempt = 1; !degraded && !(result.status ?? 'ok').startsWith('skipped:'); attempt++) {
    const input: GateInput = { output: result.output, stage, workflow, session: started, blobs: deps.blobs, outputOf: ctx.outputOf };
    gateResult = await evaluateGate(gate, input, attempt);
    await recordGateResult(deps.store, session.auditId, gateResult);
    await gate.onResult?.(input, gateResult).catch((e: unknown) => log.warn('could not add the gate result to the stage artefacts', { error: e instanceof Error ? e.name : 'Error' }));
    log.info('gate evaluated', {
      gate: gateResult.status,
      gateMode,
      attempt,
      issues: gateResult.issues.length,
      codes: [...new Set(gateResult.issues.map((i) => i.code))],
      elapsedMs: gateResult.elapsedMs,
    });
    if (gateResult.status !== 'FAIL' || gateMode === 'demo') break;
    if (attempt >= MAX_GATE_ATTEMPTS) {
      // Live mode is fail-closed: the audit stops here, whether or not the stage is critical.
      const error = new GateFailed(gateResult);
      log.error('stage output failed its gate again after a retry; the audit stops', { error: error.name });
      await keepUsageOfFailedStage();
      await deps.store.appendEvent(session.auditId, { type: 'stage-failed', stage: stage.id, detail: { error: error.name, message: failedStatus(error.name, error.message) } });
      throw error;
    }
    const retrying = await deps.store.update(session.auditId, (s) => ({ ...s, retries: { ...s.retries, [stage.id]: (s.retries[stage.id] ?? 0) + 1 } }), { current: latest });
    latest = retrying;
    await deps.store.appendEvent(session.auditId, {
      type: 'stage-retried',
      stage: stage.id,
      detail: { reason: 'gate', attempt: attempt + 1, issues: gateResult.issues.map((i) => i.code) },
    });
    ({ result, degraded } = await runAgent({ ...ctx, session: retrying, feedback: gateResult.issues }));
    addUsage(usage, result.usage);
  }

  const fallback = model.fallback();
  const agentStatus = result.status ?? 'ok';
  const stageStatus = gateResult && !degraded ? withGateNote(agentStatus, gateResult) : agentStatus;
  let loopedBack = false;
  const saved = await deps.store.update(session.auditId, (s) => {
    if (s.completedStages.includes(stage.id)) return s; // a concurrent duplicate finished first
    const done = complete(workflow, s, stage.id, result.output, {
      tier: s.tier,
      now: now().toISOString(),
      startedAt,
      elapsedMs: Math.round(performance.now() - startedMs),
      stageStatus,
      loopConditionMet: result.loopConditionMet,
      loopCanHelp: result.loopCanHelp,
    });
    loopedBack = done.loopedBack;
    // Usage an agent reported itself, plus what its model session counted (every attempt of the stage).
    const used = withStageUsage(done.session, stage.id, sumUsage(usage, model.usage()));
    // A model failure that sent a step back to rules marks the audit degraded (--json, the API, the report).
    return fallback ? { ...used, modelFallbacks: { ...used.modelFallbacks, [stage.id]: fallback } } : used;
  }, { current: latest });
  if (fallback) {
    countMetric(METRIC.modelFallback);
    log.warn('stage fell back to rules because the model failed', { reason: fallback.reason, error: fallback.error, steps: fallback.steps });
  }
  const elapsedMs = Math.round(performance.now() - startedMs);
  await deps.store.appendEvent(session.auditId, {
    type: loopedBack ? 'stage-looped-back' : 'stage-completed',
    stage: stage.id,
    detail: { status: stageStatus, elapsedMs, ...(stage.loop ? { iteration: saved.verificationIterations } : {}) },
  });
  log.info('stage completed', { status: stageStatus.split(':')[0], elapsedMs });
  const out: StageResult = { auditId: saved.auditId, stage: stage.id, status: stageStatus };
  if (stage.loop) out.verification = { passed: result.loopConditionMet !== true, loopBack: loopedBack, iteration: saved.verificationIterations };
  return out;
}
