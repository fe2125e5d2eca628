import './polyfills';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StateMachine, ExecutionError } from 'aws-local-stepfunctions';
import type { WorkflowType } from '../workflows/schema';
import type { AslDefinition } from '../statemachines/compileWorkflow';
import type { StageDepsCarrier } from '../lambdas/core/stage/createStageHandler';
import type { StageDeps } from '../lambdas/core/stage/runStage';
import { runInExecution } from './executionAbort';
import { loadHandler, localContext, type LocalLambdaContext } from './handlerRegistry';
import { MAX_REVIEW_SECONDS, WAIT_FOR_TASK_TOKEN } from '../statemachines/compileWorkflow';
import { awaitLocalReview, ReviewPaused } from './review/localReviewWait';
import { projectRoot } from './projectRoot';

type State = Record<string, unknown>;

/** Progress callbacks from the local interpreter, one per Task state. */
export interface ExecutionObserver {
  onTaskStart?(stateName: string, stage: string | undefined): void;
  onTaskEnd?(stateName: string, stage: string | undefined, result: unknown, elapsedMs: number): void;
  onTaskError?(stateName: string, stage: string | undefined, error: Error): void;
}

export interface ExecutionOutcome {
  /** AWAITING_REVIEW: the execution stopped at its review step; `case-audit review` continues it. */
  status: 'SUCCEEDED' | 'FAILED' | 'AWAITING_REVIEW';
  output?: unknown;
  error?: { name: string; message: string };
}

/** Reads the committed, generated ASL: the very definition CDK deploys. */
export function readAsl(workflowType: WorkflowType): AslDefinition {
  return JSON.parse(readFileSync(join(projectRoot(), 'statemachines', `${workflowType}.asl.json`), 'utf8')) as AslDefinition;
}

function taskStates(states: Record<string, State>, into: Record<string, State> = {}): Record<string, State> {
  for (const [name, st] of Object.entries(states)) {
    if (st.Type === 'Task') into[name] = st;
    for (const b of (st.Branches as AslDefinition[] | undefined) ?? []) taskStates(b.States as Record<string, State>, into);
  }
  return into;
}

/**
 * Node's timers hold at most 2^31-1 ms (about 24.8 days): a longer delay fires at once. The
 * execution's budget counts two review periods and may exceed that; a local execution never waits
 * for a reviewer (it stops at the review step), so the timer is capped instead of firing at once.
 */
const MAX_TIMER_SECONDS = Math.floor(2_147_483_647 / 1000);

/** A Lambda context that also carries the execution's stores and settings (createStageHandler.ts). */
const withStageDeps = (context: LocalLambdaContext, deps: StageDeps): LocalLambdaContext & StageDepsCarrier => ({ ...context, stageDeps: deps });

/**
 * Runs a workflow's ASL with aws-local-stepfunctions. Each `lambda:invoke` Task calls the handler the
 * Lambda exports, with the Task's Payload, and returns `{Payload}` like the real integration.
 */
export async function executeLocally(
  workflowType: WorkflowType,
  input: { auditId: string; tier: string },
  deps: StageDeps,
  observer: ExecutionObserver = {},
  signal?: AbortSignal,
): Promise<ExecutionOutcome> {
  const asl = readAsl(workflowType);
  type Json = Parameters<typeof JSON.stringify>[0];
  const handlers: Record<string, (input: Json) => Promise<Json>> = {};
  const noRetryWait: Record<string, number> = {};
  if (asl.TimeoutSeconds !== undefined) asl.TimeoutSeconds = Math.min(asl.TimeoutSeconds, MAX_TIMER_SECONDS);
  let pausedForReview = false;
  let pause: (() => void) | undefined;
  for (const [name, st] of Object.entries(taskStates(asl.States as Record<string, State>))) {
    const params = st.Parameters as { FunctionName: string; Payload?: { stage?: string } };
    const key = /^\$\{(\w+)FunctionArn\}$/.exec(params.FunctionName)?.[1];
    if (!key) throw new Error(`state '${name}' does not invoke a \${<Name>FunctionArn} Lambda`);
    const stage = params.Payload?.stage;
    const timeoutMs = ((st.TimeoutSeconds as number | undefined) ?? 300) * 1000;
    noRetryWait[name] = 0;
    if (st.Resource === WAIT_FOR_TASK_TOKEN) {
      // aws-local-stepfunctions 3.0.0 has no task tokens (no SendTaskSuccess, no $$.Task.Token): the
      // wait is played by local/review/localReviewWait.ts, which stops the execution at this state.
      // It also reads TimeoutSecondsPath from the Task's Parameters rather than from the state's input
      // (where Step Functions reads it), so the path finds nothing: the deadline is the session's
      // (review.deadline, checked by finishOverdueReview), and the Task gets a fixed limit instead.
      if (st.TimeoutSecondsPath !== undefined) {
        delete st.TimeoutSecondsPath;
        st.TimeoutSeconds = MAX_REVIEW_SECONDS;
      }
      handlers[name] = async (taskInput) => {
        const payload = (taskInput as { Payload: { auditId: string; taskToken: string } }).Payload;
        observer.onTaskStart?.(name, 'review');
        const started = Date.now();
        const decided = await runInExecution(signal, () =>
          awaitLocalReview(deps, payload, (event) => loadHandler(key)(event, withStageDeps(localContext(key, timeoutMs), deps))),
        ).catch((e: unknown) => {
          if (e instanceof ReviewPaused) {
            pausedForReview = true;
            pause?.();
          }
          throw e;
        });
        observer.onTaskEnd?.(name, 'review', decided, Date.now() - started);
        return decided as Json;
      };
      continue;
    }
    handlers[name] = async (taskInput) => {
      const handler = loadHandler(key);
      const started = Date.now();
      observer.onTaskStart?.(name, stage);
      try {
        // The handler gets this execution's stores and settings with its context, as a Lambda gets them from its configuration.
        const payload = await runInExecution(signal, () => handler((taskInput as { Payload: unknown }).Payload, withStageDeps(localContext(key, timeoutMs), deps)));
        observer.onTaskEnd?.(name, stage, payload, Date.now() - started);
        return { Payload: payload, StatusCode: 200 };
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        observer.onTaskError?.(name, stage, error);
        throw error;
      }
    };
  }
  // The committed ASL is validated once, by asl-validator in the test suite (test/unit/statemachines):
  // re-validating it here would recompile the validator's schema on every execution.
  const machine = new StateMachine(asl as never, { validationOptions: { noValidate: true } });
  const execution = machine.run(input, {
    overrides: { taskResourceLocalHandlers: handlers as never, retryIntervalOverrides: noRetryWait },
    // The stand-in for $$.Task.Token the review's wait Task passes to the Review Lambda.
    context: { Task: { Token: `local-${input.auditId}-${randomUUID()}` } },
  });
  pause = () => execution.abort();
  // Aborting starts no further state, and a Task still running gets its store calls refused (executionAbort.ts).
  const abort = () => execution.abort();
  if (signal?.aborted) abort();
  else signal?.addEventListener('abort', abort, { once: true });
  try {
    return { status: 'SUCCEEDED', output: await execution.result };
  } catch (e) {
    if (pausedForReview) return { status: 'AWAITING_REVIEW' };
    if (signal?.aborted) return { status: 'FAILED', error: { name: 'ExecutionAborted', message: 'the execution was stopped before it finished' } };
    if (e instanceof ExecutionError) {
      const cause = (e as { cause?: Error }).cause;
      return { status: 'FAILED', error: { name: cause?.name ?? e.name, message: cause?.message ?? e.message } };
    }
    throw e;
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}
