import type { StageDefinition, Tier, WorkflowDefinition } from '../../../workflows/schema';
import { ancestorsOf } from '../../../workflows/loadWorkflow';
import type { Session, StageStatus } from '../session/sessionSchema';
import { DeterministicError } from '../errors/deterministicError';

/**
 * The workflow engine (DESIGN §2): pure functions over a session, driven only by the definition.
 * Persistence is the caller's job (the session store writes the returned session conditionally).
 */

export interface Progress {
  completed: number;
  total: number;
  percentage: number;
}

export interface StageInfo {
  stage: string;
  agent: StageDefinition['agent'];
  description: string;
}

export type NextResult =
  | { status: 'runnable'; stage: StageInfo; runnable: StageInfo[]; progress: Progress }
  | { status: 'complete'; progress: Progress };

export interface StatusResult {
  currentStage: string | null;
  completedStages: string[];
  totalStages: number;
  progress: Progress;
  isComplete: boolean;
  verificationIterations: number;
}

/** `complete` was asked to finish a stage that is not runnable now. */
export class StageNotRunnable extends DeterministicError {
  override readonly name = 'StageNotRunnable';
  constructor(
    readonly stage: string,
    readonly runnable: string[],
  ) {
    super(
      runnable.length
        ? `stage '${stage}' is not runnable now; runnable: ${runnable.join(', ')}`
        : `stage '${stage}' is not runnable: the workflow is complete`,
    );
  }
}

export class UnknownStage extends DeterministicError {
  override readonly name = 'UnknownStage';
  constructor(
    readonly stage: string,
    readonly workflow: string,
  ) {
    super(`workflow '${workflow}' has no stage '${stage}'`);
  }
}

function progressOf(def: WorkflowDefinition, session: Pick<Session, 'completedStages'>): Progress {
  const total = def.stages.length;
  const completed = def.stages.filter((s) => session.completedStages.includes(s.id)).length;
  return { completed, total, percentage: total ? Math.floor((completed / total) * 100) : 100 };
}

function info(s: StageDefinition): StageInfo {
  return { stage: s.id, agent: s.agent, description: s.description };
}

/** Stages whose dependencies are all complete and which are not complete themselves, in definition order. */
export function runnableStages(def: WorkflowDefinition, session: Pick<Session, 'completedStages'>): StageDefinition[] {
  const done = new Set(session.completedStages);
  return def.stages.filter((s) => !done.has(s.id) && s.depends_on.every((d) => done.has(d)));
}

export function next(def: WorkflowDefinition, session: Pick<Session, 'completedStages'>): NextResult {
  const progress = progressOf(def, session);
  const runnable = runnableStages(def, session);
  if (!runnable.length) return { status: 'complete', progress };
  return { status: 'runnable', stage: info(runnable[0]), runnable: runnable.map(info), progress };
}

export function status(def: WorkflowDefinition, session: Session): StatusResult {
  const progress = progressOf(def, session);
  const n = next(def, session);
  return {
    currentStage: session.currentStage ?? (n.status === 'runnable' ? n.stage.stage : null),
    completedStages: [...session.completedStages],
    totalStages: def.stages.length,
    progress,
    isComplete: n.status === 'complete',
    verificationIterations: session.verificationIterations,
  };
}

/** The stages a loop-back re-runs: `back_to`, the loop stage, and every stage between them. */
export function loopStages(def: WorkflowDefinition, loopStage: StageDefinition): string[] {
  if (!loopStage.loop) return [];
  const backTo = loopStage.loop.back_to;
  const upstream = ancestorsOf(def, loopStage.id);
  return def.stages
    .filter((s) => s.id === loopStage.id || s.id === backTo || (upstream.has(s.id) && ancestorsOf(def, s.id).has(backTo)))
    .map((s) => s.id);
}

export interface CompleteOptions {
  tier: Tier;
  now: string;
  stageStatus?: StageStatus;
  /** For a stage with a loop edge: did its check fail (e.g. citations that could not be verified)? */
  loopConditionMet?: boolean;
  /** With a failed check: could another pass change it? When false the audit goes on (default true). */
  loopCanHelp?: boolean;
  startedAt?: string;
  /** How long the stage ran, from a monotonic clock; when absent, the difference of the two timestamps. */
  elapsedMs?: number;
}

export interface CompleteResult {
  session: Session;
  /** True when the stage's loop edge sent the workflow back (its output is archived, not completed). */
  loopedBack: boolean;
  next: NextResult;
}

/**
 * Records `output` for `stageId`, atomically with the stage becoming complete.
 * A loop stage whose condition is met and whose iteration budget for the tier is not spent sends the
 * workflow back: the loop's stages are un-completed and their outputs archived under `<stage>@<iteration>`.
 * When the last stage completes the audit becomes SUCCEEDED, or INCOMPLETE if verification failed.
 */
export function complete(
  def: WorkflowDefinition,
  session: Session,
  stageId: string,
  output: unknown,
  opts: CompleteOptions,
): CompleteResult {
  const stageDef = def.stages.find((s) => s.id === stageId);
  if (!stageDef) throw new UnknownStage(stageId, def.type);
  const runnable = runnableStages(def, session).map((s) => s.id);
  if (!runnable.includes(stageId)) throw new StageNotRunnable(stageId, runnable);

  const timing = opts.startedAt
    ? { startedAt: opts.startedAt, endedAt: opts.now, elapsedMs: opts.elapsedMs ?? Math.max(0, Date.parse(opts.now) - Date.parse(opts.startedAt)) }
    : { startedAt: opts.now, endedAt: opts.now, elapsedMs: 0 };
  let updated: Session = {
    ...session,
    outputs: { ...session.outputs, [stageId]: { inline: output } },
    stageStatus: { ...session.stageStatus, [stageId]: opts.stageStatus ?? 'ok' },
    stageTimings: { ...session.stageTimings, [stageId]: timing },
    completedStages: [...session.completedStages, stageId],
    currentStage: null,
    updatedAt: opts.now,
  };

  let loopedBack = false;
  if (stageDef.loop) {
    const iteration = session.verificationIterations + 1;
    const failed = opts.loopConditionMet === true;
    updated = { ...updated, verificationIterations: iteration, verificationStatus: failed ? 'FAILED' : 'PASS' };
    if (failed && opts.loopCanHelp !== false && iteration < stageDef.loop.max_iterations[opts.tier]) {
      const redo = new Set(loopStages(def, stageDef));
      const archived = { ...updated.outputs };
      for (const id of redo) {
        if (archived[id]) archived[`${id}@${iteration}`] = archived[id];
        delete archived[id];
      }
      updated = { ...updated, outputs: archived, completedStages: updated.completedStages.filter((id) => !redo.has(id)) };
      loopedBack = true;
    }
  }

  const n = next(def, updated);
  if (n.status === 'complete') {
    updated = {
      ...updated,
      // A review that ran out of time ends the audit with its draft report, marked as not reviewed.
      status: updated.review?.state === 'expired' ? 'REVIEW_EXPIRED' : updated.verificationStatus === 'FAILED' ? 'INCOMPLETE' : 'SUCCEEDED',
      completedAt: opts.now,
    };
  }
  return { session: updated, loopedBack, next: n };
}
