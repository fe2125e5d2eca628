import * as z from 'zod';
import type { SessionStore } from '../core/session/sessionStore';
import type { Session } from '../core/session/sessionSchema';
import { failedStatus } from '../core/stage/stageStatus';
import { next } from '../core/workflow/engine';
import { getWorkflow } from '../../workflows/registry';

/** What the state machine's Catch hands over: Step Functions' {Error, Cause}. */
export const RecordFailureEvent = z.strictObject({
  auditId: z.string().min(1),
  error: z.object({ Error: z.string().default('Error'), Cause: z.string().optional() }),
});
export type RecordFailureEvent = z.infer<typeof RecordFailureEvent>;

/** Lambda errors arrive as a JSON Cause ({errorType, errorMessage, trace}); keep type and message only. */
export function describeCause(error: RecordFailureEvent['error']): { error: string; message: string } {
  try {
    const cause = JSON.parse(error.Cause ?? '') as { errorType?: string; errorMessage?: string };
    if (cause && typeof cause === 'object' && (cause.errorType || cause.errorMessage)) {
      return { error: cause.errorType ?? error.Error, message: (cause.errorMessage ?? '').slice(0, 500) };
    }
  } catch {
    // not JSON: a plain message
  }
  return { error: error.Error, message: (error.Cause ?? '').slice(0, 500) };
}

/**
 * The session marked FAILED at `at`, naming the stage that was running and why, so that status and
 * resume can explain it. A Lambda that died before the stage runner started (timeout, crash) left
 * no current stage: the stage that failed is then the one the engine says was runnable.
 */
export function failedSession(s: Session, failure: { error: string; message: string }, at: Date): Session {
  const runnable = next(getWorkflow(s.workflowType), s);
  const stage = s.currentStage ?? (runnable.status === 'runnable' ? runnable.stage.stage : null);
  return {
    ...s,
    status: 'FAILED',
    failure: { stage, ...failure },
    stageStatus: stage ? { ...s.stageStatus, [stage]: failedStatus(failure.error, failure.message) } : s.stageStatus,
    completedAt: at.toISOString(),
  };
}

/** Marks the audit FAILED with the error the state machine's Catch caught. */
export async function recordFailure(store: SessionStore, event: RecordFailureEvent, now: () => Date = () => new Date()) {
  const saved = await store.update(event.auditId, (s) => failedSession(s, describeCause(event.error), now()));
  await store.appendEvent(event.auditId, { type: 'audit-failed', stage: saved.failure?.stage ?? undefined, detail: { error: saved.failure?.error } });
  return { auditId: saved.auditId, status: saved.status };
}
