import type { StageDefinition, Tier, WorkflowDefinition } from '../workflows/schema';
import { TIERS } from '../workflows/schema';
import { deterministicErrorsInSources } from './deterministicErrors';

/**
 * Compiles a workflow definition to Amazon States Language (JSONPath).
 *
 * - one Task per stage, invoking that stage's agent Lambda with ids only in the payload;
 * - Retry, in this order (the first retrier whose ErrorEquals matches decides): throttling of the
 *   agents' functions (a burst of audits, a new account's concurrency limit) up to 9 times, the
 *   pause doubling from 2 s to at most 90 s (about 6.5 minutes in all); other Lambda service errors
 *   up to 4 times with exponential backoff; both with full jitter; deterministic
 *   errors (every DeterministicError: nonRetryableStageErrors) never, so they fail fast; any other
 *   error a stage throws (States.TaskFailed: a network blip, a storage hiccup, a crashed container)
 *   once, after a jittered pause. A re-run is safe: the stage runner returns the stored result of a stage that
 *   already completed and re-runs one that did not (lambdas/core/stage/runStage.ts). A Task that
 *   outlives its TimeoutSeconds (States.Timeout) is not retried: TaskFailed does not match it;
 * - Catch into a Task that records the failure on the session, then a Fail state;
 * - the loop edge as a Choice over the loop stage's `loopBack` (the engine's decision, stored on the
 *   session) and the iteration count it returns, within the tier's limit;
 * - stages at the same dependency depth as a Parallel state;
 * - the human review (issue 33), after the workflow's `review.after` stage: a Task asks the Review
 *   Lambda whether the audit's outcome matches its tier's review policy; if so a
 *   `lambda:invoke.waitForTaskToken` Task hands that Lambda the task token (it stores it on the
 *   session with the reason and the deadline) and waits, up to the tier's deadline
 *   (TimeoutSecondsPath), for the API's SendTaskSuccess with the reviewer's decision; a Choice sends
 *   a return back to the named stage's state, anything else on to the report. On States.Timeout a
 *   Task marks the review expired and the reporter renders the draft ("not reviewed");
 * - an overall TimeoutSeconds for the execution: the longest the stages can take with every retry
 *   and loop (executionBudgetSeconds), two review periods included, so an execution that hangs ends
 *   instead of running for a year.
 *
 * Lambda ARNs are left as `${<Agent>FunctionArn}` for CDK definition substitutions; locally the
 * runtime maps those names to the handlers the Lambdas export.
 */

type Json = Record<string, unknown>;
export interface AslDefinition {
  Comment: string;
  StartAt: string;
  TimeoutSeconds?: number;
  States: Record<string, Json>;
}

export const RECORD_FAILURE_FUNCTION = 'RecordFailure';
/** The Lambda of the review step: `check` the policy, `wait` (store the task token), `expire`. */
export const REVIEW_FUNCTION = 'Review';
export const REVIEW_STATES = {
  check: 'Review needed?',
  required: 'Review required?',
  wait: 'Await review',
  decision: 'Review decision',
  expired: 'Review expired',
} as const;
/** The resource of a Task that waits for SendTaskSuccess/SendTaskFailure with the token it was given. */
export const WAIT_FOR_TASK_TOKEN = 'arn:aws:states:::lambda:invoke.waitForTaskToken';
/** The longest review period a tier may set (workflows/schema.ts ReviewPolicy.deadlineDays). */
export const MAX_REVIEW_SECONDS = 14 * 24 * 3600;
/** A review, and the one after a return: at most two waits per audit (a second return is refused). */
export const MAX_REVIEWS = 2;
const RECORD_FAILURE_STATE = 'Record failure';
const FAILED_STATE = 'Audit failed';
const SUCCEEDED_STATE = 'Audit finished';

const LAMBDA_TRANSIENT_ERRORS = ['Lambda.ServiceException', 'Lambda.AWSLambdaException', 'Lambda.SdkClientException', 'Lambda.ClientExecutionTimeoutException'];

/** The agents' functions are throttled: wait longer, and more often, than for a service error. */
export const THROTTLING_RETRY = {
  ErrorEquals: ['Lambda.TooManyRequestsException'],
  IntervalSeconds: 2,
  BackoffRate: 2,
  MaxAttempts: 9,
  MaxDelaySeconds: 90,
  JitterStrategy: 'FULL',
} as const;
const TRANSIENT_RETRY = { ErrorEquals: LAMBDA_TRANSIENT_ERRORS, IntervalSeconds: 1, BackoffRate: 2, MaxAttempts: 4, MaxDelaySeconds: 20, JitterStrategy: 'FULL' } as const;
const TASK_FAILED_RETRY = { ErrorEquals: ['States.TaskFailed'], IntervalSeconds: 2, BackoffRate: 2, MaxAttempts: 1, JitterStrategy: 'FULL' } as const;

/** The longest a retrier can pause in all (every attempt made, each pause at its cap). */
function retryPauseSeconds(r: { IntervalSeconds: number; BackoffRate: number; MaxAttempts: number; MaxDelaySeconds?: number }): number {
  let total = 0;
  for (let k = 0; k < r.MaxAttempts; k++) total += Math.min(r.IntervalSeconds * r.BackoffRate ** k, r.MaxDelaySeconds ?? Infinity);
  return total;
}

/** A stage Task's time limit: Intake reads every document, the others work on what it read. */
export const stageTimeoutSeconds = (stage: StageDefinition): number => (stage.agent === 'intake' ? 900 : 300);

/**
 * Deterministic errors no class of ours carries: the Lambda service's own `Sandbox.Timedout`, for a
 * function that ran out of its time (a stage that did will run out again on the same documents).
 */
export const SERVICE_DETERMINISTIC_ERRORS = ['Sandbox.Timedout'];

/**
 * Errors (by the `name` the Lambda runtime reports as the error type) that running the stage again
 * cannot fix: the same input fails the same way. They skip the one retry ordinary errors get, so an
 * audit that cannot go on stops at once with its cause recorded; `case-audit resume` redrives it
 * once the cause is fixed. They are the errors that extend DeterministicError
 * (lambdas/core/errors/deterministicError.ts), found in the sources once per process
 * (statemachines/deterministicErrors.ts), plus the service errors above; sorted, so the ASL is stable.
 */
export function nonRetryableStageErrors(): string[] {
  const names = [...deterministicErrorsInSources().map((e) => e.name), ...SERVICE_DETERMINISTIC_ERRORS];
  return [...new Set(names)].sort();
}

/** Retriers of a stage Task, in the order Step Functions tries them. */
export function stageRetry(): Json[] {
  return [
    { ...THROTTLING_RETRY, ErrorEquals: [...THROTTLING_RETRY.ErrorEquals] },
    { ...TRANSIENT_RETRY, ErrorEquals: [...TRANSIENT_RETRY.ErrorEquals] },
    { ErrorEquals: nonRetryableStageErrors(), MaxAttempts: 0 },
    { ...TASK_FAILED_RETRY, ErrorEquals: [...TASK_FAILED_RETRY.ErrorEquals] },
  ];
}

/**
 * The longest an execution of the workflow can legitimately take: every stage run to its time limit
 * on each attempt (the first and its TaskFailed retry), after the longest throttling and service-error
 * pauses, stages of a loop as many times as the most generous tier allows, and the failure record.
 * Stages at the same depth run in parallel, so a level costs its slowest stage.
 */
export function executionBudgetSeconds(def: WorkflowDefinition): number {
  const pauses = retryPauseSeconds(THROTTLING_RETRY) + retryPauseSeconds(TRANSIENT_RETRY) + retryPauseSeconds(TASK_FAILED_RETRY);
  const attempts = 1 + TASK_FAILED_RETRY.MaxAttempts;
  const levels = dependencyLevels(def);
  const levelOf = new Map(levels.flatMap((level, i) => level.map((s) => [s.id, i] as const)));
  const repeats = levels.map(() => 1);
  for (const stage of def.stages) {
    if (!stage.loop) continue;
    const times = Math.max(...TIERS.map((t) => stage.loop!.max_iterations[t]));
    for (let i = levelOf.get(stage.loop.back_to)!; i <= levelOf.get(stage.id)!; i++) repeats[i] = Math.max(repeats[i], times);
  }
  const stages = levels.reduce((sum, level, i) => sum + repeats[i] * Math.max(...level.map((s) => stageTimeoutSeconds(s) * attempts + pauses)), 0);
  const reviews = def.review ? MAX_REVIEWS * (MAX_REVIEW_SECONDS + 2 * (60 * attempts + pauses)) : 0;
  const recordFailure = 60 + retryPauseSeconds(TRANSIENT_RETRY) + retryPauseSeconds({ ...TASK_FAILED_RETRY, IntervalSeconds: 1, MaxAttempts: 2 });
  return Math.ceil(stages + reviews + recordFailure);
}

export const functionKey = (agent: string): string => `${agent[0].toUpperCase()}${agent.slice(1)}`;
export const functionPlaceholder = (key: string): string => `\${${key}FunctionArn}`;
export const stateName = (stage: StageDefinition): string =>
  stage.id
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');

/** Groups stages by dependency depth (longest path from a root); each group can run in parallel. */
export function dependencyLevels(def: WorkflowDefinition): StageDefinition[][] {
  const byId = new Map(def.stages.map((s) => [s.id, s]));
  const depth = new Map<string, number>();
  const depthOf = (s: StageDefinition): number => {
    const known = depth.get(s.id);
    if (known !== undefined) return known;
    const d = s.depends_on.length ? 1 + Math.max(...s.depends_on.map((id) => depthOf(byId.get(id)!))) : 0;
    depth.set(s.id, d);
    return d;
  };
  const levels: StageDefinition[][] = [];
  for (const s of def.stages) (levels[depthOf(s)] ??= []).push(s);
  return levels.filter(Boolean);
}

function taskState(stage: StageDefinition, resultPath: string, withCatch: boolean): Json {
  const state: Json = {
    Type: 'Task',
    Comment: stage.description,
    Resource: 'arn:aws:states:::lambda:invoke',
    Parameters: {
      FunctionName: functionPlaceholder(functionKey(stage.agent)),
      Payload: { 'auditId.$': '$.auditId', stage: stage.id },
    },
    ResultSelector: {
      'stage.$': '$.Payload.stage',
      'status.$': '$.Payload.status',
      ...(stage.loop ? { 'verification.$': '$.Payload.verification' } : {}),
    },
    ResultPath: resultPath,
    TimeoutSeconds: stageTimeoutSeconds(stage),
    Retry: stageRetry(),
  };
  if (withCatch) state.Catch = [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: RECORD_FAILURE_STATE }];
  return state;
}

function loopChoice(stage: StageDefinition, backToState: string, next: string): Json {
  const loop = stage.loop!;
  const rules = TIERS.filter((t: Tier) => loop.max_iterations[t] > 1).map((t) => ({
    And: [
      { Variable: '$.tier', StringEquals: t },
      { Variable: '$.lastStage.verification.loopBack', BooleanEquals: true },
      { Variable: '$.lastStage.verification.iteration', NumericLessThan: loop.max_iterations[t] },
    ],
    Next: backToState,
  }));
  return {
    Type: 'Choice',
    Comment: `Loop back to ${loop.back_to} while ${loop.when}, another pass could change it, and iterations remain (${TIERS.map((t) => `${t} ${loop.max_iterations[t]}`).join(', ')})`,
    Choices: rules.length ? rules : [{ Variable: '$.lastStage.verification.loopBack', BooleanEquals: true, Next: next }],
    Default: next,
  };
}

const reviewLambda = (action: 'check' | 'wait' | 'expire', extra: Json = {}): Json => ({
  FunctionName: functionPlaceholder(REVIEW_FUNCTION),
  Payload: { 'auditId.$': '$.auditId', action, ...extra },
});
const toRecordFailure = { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: RECORD_FAILURE_STATE };

/**
 * The review states between the level that ends with `review.after` and `next`; a return goes to the
 * state that runs the named stage (`stateOfStage`).
 */
function reviewStates(review: NonNullable<WorkflowDefinition['review']>, next: string, stateOfStage: Map<string, string>): Record<string, Json> {
  return {
    [REVIEW_STATES.check]: {
      Type: 'Task',
      Comment: "Does the audit's outcome match its tier's review policy (workflows/tiers.json)?",
      Resource: 'arn:aws:states:::lambda:invoke',
      Parameters: reviewLambda('check'),
      ResultSelector: { 'required.$': '$.Payload.required', 'timeoutSeconds.$': '$.Payload.timeoutSeconds' },
      ResultPath: '$.review',
      TimeoutSeconds: 60,
      Retry: stageRetry(),
      Catch: [toRecordFailure],
      Next: REVIEW_STATES.required,
    },
    [REVIEW_STATES.required]: {
      Type: 'Choice',
      Choices: [{ Variable: '$.review.required', BooleanEquals: true, Next: REVIEW_STATES.wait }],
      Default: next,
    },
    [REVIEW_STATES.wait]: {
      Type: 'Task',
      Comment: 'Store the task token on the session (AWAITING_REVIEW) and wait for the reviewer: POST /audits/{id}/review sends the decision with SendTaskSuccess',
      Resource: WAIT_FOR_TASK_TOKEN,
      Parameters: reviewLambda('wait', { 'taskToken.$': '$$.Task.Token' }),
      ResultPath: '$.decision',
      // The tier's deadline, which the check returned; at most MAX_REVIEW_SECONDS (the schema's bound).
      TimeoutSecondsPath: '$.review.timeoutSeconds',
      // Only the invocation that hands over the token is retried (a new token replaces the old one).
      Retry: [
        { ...THROTTLING_RETRY, ErrorEquals: [...THROTTLING_RETRY.ErrorEquals] },
        { ...TRANSIENT_RETRY, ErrorEquals: [...TRANSIENT_RETRY.ErrorEquals] },
      ],
      Catch: [{ ErrorEquals: ['States.Timeout'], ResultPath: '$.error', Next: REVIEW_STATES.expired }, toRecordFailure],
      Next: REVIEW_STATES.decision,
    },
    [REVIEW_STATES.decision]: {
      Type: 'Choice',
      Comment: 'A return re-runs the audit from the stage the reviewer named (the API accepted it: one of review.may_return_to, once)',
      Choices: review.may_return_to.map((id) => ({
        And: [
          { Variable: '$.decision.decision', StringEquals: 'return' },
          { Variable: '$.decision.stage', StringEquals: id },
        ],
        Next: stateOfStage.get(id)!,
      })),
      Default: next,
    },
    [REVIEW_STATES.expired]: {
      Type: 'Task',
      Comment: 'Nobody decided within the review period: the draft report is rendered as not reviewed and the audit ends REVIEW_EXPIRED',
      Resource: 'arn:aws:states:::lambda:invoke',
      Parameters: reviewLambda('expire'),
      ResultPath: null,
      TimeoutSeconds: 60,
      Retry: stageRetry(),
      Catch: [toRecordFailure],
      Next: next,
    },
  };
}

export function compileWorkflow(def: WorkflowDefinition): AslDefinition {
  const levels = dependencyLevels(def);
  const levelState = (level: StageDefinition[]): string =>
    level.length === 1 ? stateName(level[0]) : `Run ${level.map(stateName).join(' and ')}`;
  const stateOfStage = new Map<string, string>();
  for (const level of levels) for (const s of level) stateOfStage.set(s.id, levelState(level));

  const states: Record<string, Json> = {};
  const reviewLevel = def.review ? levels.findIndex((level) => level.some((s) => s.id === def.review!.after)) : -1;
  if (reviewLevel >= 0 && levels[reviewLevel].length > 1) {
    throw new Error(`workflows/${def.type}.json: the review after '${def.review!.after}' needs that stage to run alone, not beside ${levels[reviewLevel].filter((s) => s.id !== def.review!.after).map((s) => s.id).join(', ')}`);
  }
  levels.forEach((level, i) => {
    const following = i + 1 < levels.length ? levelState(levels[i + 1]) : SUCCEEDED_STATE;
    const after = i === reviewLevel ? REVIEW_STATES.check : following;
    const loopStage = level.find((s) => s.loop);
    const choiceName = loopStage ? `${stateName(loopStage)}: loop back?` : undefined;
    const next = choiceName ?? after;
    if (level.length === 1) {
      states[levelState(level)] = { ...taskState(level[0], '$.lastStage', true), Next: next };
    } else {
      states[levelState(level)] = {
        Type: 'Parallel',
        Comment: `Independent stages: ${level.map((s) => s.id).join(', ')}`,
        Branches: level.map((s) => ({ StartAt: stateName(s), States: { [stateName(s)]: { ...taskState(s, '$', false), End: true } } })),
        // Keep the loop stage's result (if any) where the Choice reads it; drop the rest.
        ...(loopStage
          ? { ResultSelector: { 'verification.$': `$[${level.indexOf(loopStage)}].verification` }, ResultPath: '$.lastStage' }
          : { ResultPath: null }),
        Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: RECORD_FAILURE_STATE }],
        Next: next,
      };
    }
    if (loopStage && choiceName) states[choiceName] = loopChoice(loopStage, stateOfStage.get(loopStage.loop!.back_to)!, after);
    if (i === reviewLevel) Object.assign(states, reviewStates(def.review!, following, stateOfStage));
  });

  states[SUCCEEDED_STATE] = { Type: 'Succeed' };
  states[RECORD_FAILURE_STATE] = {
    Type: 'Task',
    Comment: 'Record the failure on the session so status and resume can explain it',
    Resource: 'arn:aws:states:::lambda:invoke',
    Parameters: {
      FunctionName: functionPlaceholder(RECORD_FAILURE_FUNCTION),
      Payload: { 'auditId.$': '$.auditId', 'error.$': '$.error' },
    },
    ResultPath: null,
    // Recording is idempotent (it marks the session FAILED): any error it meets is retried, so a
    // storage hiccup does not leave a failed audit looking as if it were still running.
    Retry: [
      { ...THROTTLING_RETRY, ErrorEquals: [...THROTTLING_RETRY.ErrorEquals] },
      { ...TRANSIENT_RETRY, ErrorEquals: [...TRANSIENT_RETRY.ErrorEquals] },
      { ErrorEquals: ['States.TaskFailed'], IntervalSeconds: 1, BackoffRate: 2, MaxAttempts: 2, JitterStrategy: 'FULL' },
    ],
    Next: FAILED_STATE,
  };
  states[FAILED_STATE] = { Type: 'Fail', Error: 'AuditFailed', Cause: 'A critical stage failed; the session records which and why' };

  return {
    Comment: `Case Audit: ${def.title} (${def.type}). Generated from workflows/${def.type}.json by npm run asl; do not edit.`,
    StartAt: levelState(levels[0]),
    TimeoutSeconds: executionBudgetSeconds(def),
    States: states,
  };
}

/** Every Lambda function key the ASL references (agents plus RecordFailure). */
export function referencedFunctionKeys(asl: AslDefinition): string[] {
  const keys = new Set<string>();
  const walk = (states: Record<string, Json>) => {
    for (const st of Object.values(states)) {
      const fn = (st.Parameters as { FunctionName?: string } | undefined)?.FunctionName;
      const m = fn && /^\$\{(\w+)FunctionArn\}$/.exec(fn);
      if (m) keys.add(m[1]);
      for (const b of (st.Branches as AslDefinition[] | undefined) ?? []) walk(b.States);
    }
  };
  walk(asl.States);
  return [...keys].sort();
}
