/**
 * An audit's Step Functions execution that ended without recording its own end: stopped by an
 * operator (ABORTED), past a time limit (TIMED_OUT), or failed where its Catch could not run (the
 * failure recorder itself failing). EventBridge reports every such end; this marks the session
 * FAILED so that `status`, the API and the report say so, instead of the audit staying RUNNING for
 * ever. An end the audit already recorded (the usual FAILED path, or a finished audit) is left as is.
 */
import * as z from 'zod';
import { SessionNotFound } from '../core/session/sessionErrors';
import type { SessionStore } from '../core/session/sessionStore';
import type { Session } from '../core/session/sessionSchema';
import { EXECUTION_END_STATUSES, type ExecutionEndStatus } from './executionEndStatuses';
import { failedSession } from './recordFailure';


/** What the EventBridge rule hands over (`$.detail.name` is the audit id: executions are named after it). */
export const ExecutionEndedEvent = z.strictObject({
  auditId: z.string().min(1),
  executionEnded: z.strictObject({ status: z.enum(EXECUTION_END_STATUSES), executionArn: z.string().optional() }),
});
export type ExecutionEndedEvent = z.infer<typeof ExecutionEndedEvent>;

/** The error name a session records for each way an execution can end unrecorded. */
const ERROR_NAMES: Readonly<Record<ExecutionEndStatus, string>> = {
  FAILED: 'ExecutionFailed',
  TIMED_OUT: 'ExecutionTimedOut',
  ABORTED: 'ExecutionAborted',
};

const MESSAGES: Readonly<Record<ExecutionEndStatus, string>> = {
  FAILED: 'the Step Functions execution failed before the audit could record why',
  TIMED_OUT: 'the Step Functions execution timed out before the audit finished',
  ABORTED: 'the Step Functions execution was stopped before the audit finished',
};

export type ExecutionEndOutcome = { auditId: string; recorded: true; status: 'FAILED' } | { auditId: string; recorded: false; reason: string };

/** Thrown inside the update when the session turned out to be finished already: nothing is written. */
class AlreadyEnded extends Error {
  constructor(readonly status: Session['status']) {
    super(`the audit already ended ${status}`);
  }
}

export async function recordExecutionEnd(store: SessionStore, event: ExecutionEndedEvent, now: () => Date = () => new Date()): Promise<ExecutionEndOutcome> {
  const { auditId } = event;
  const error = ERROR_NAMES[event.executionEnded.status];
  const message = MESSAGES[event.executionEnded.status];
  let saved: Session;
  try {
    saved = await store.update(auditId, (s) => {
      if (s.status !== 'RUNNING') throw new AlreadyEnded(s.status);
      return failedSession(s, { error, message }, now());
    });
  } catch (caught) {
    if (caught instanceof AlreadyEnded) return { auditId, recorded: false, reason: caught.message };
    // Another stack's execution, or a session removed since: nothing of ours to mark.
    if (caught instanceof SessionNotFound) return { auditId, recorded: false, reason: 'no such audit' };
    throw caught;
  }
  await store.appendEvent(auditId, { type: 'audit-failed', stage: saved.failure?.stage ?? undefined, detail: { error } });
  return { auditId, recorded: true, status: 'FAILED' };
}
