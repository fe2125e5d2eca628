import { z } from 'zod';
import type { SessionStore } from '../core/session/sessionStore';
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

/** Marks the audit FAILED, naming the stage that was running and why, so status and resume can explain it. */
export async function recordFailure(store: SessionStore, event: RecordFailureEvent, now: () => Date = () => new Date()) {
  const { error, message } = describeCause(event.error);
  const saved = await store.update(event.auditId, (s) => {
    // A Lambda that died before the stage runner started (timeout, crash) left no current stage:
    // the stage that failed is the one the engine says was runnable.
    const runnable = next(getWorkflow(s.workflowType), s);
    const stage = s.currentStage ?? (runnable.status === 'runnable' ? runnable.stage.stage : null);
    return {
      ...s,
      status: 'FAILED',
      failure: { stage, error, message },
      stageStatus: stage ? { ...s.stageStatus, [stage]: failedStatus(error, message) } : s.stageStatus,
      completedAt: now().toISOString(),
    };
  });
  await store.appendEvent(event.auditId, { type: 'audit-failed', stage: saved.failure?.stage ?? undefined, detail: { error } });
  return { auditId: saved.auditId, status: saved.status };
}
