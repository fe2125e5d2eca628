import type { StageDeps } from '../../lambdas/core/stage/runStage';

/**
 * The local stand-in for the review's `lambda:invoke.waitForTaskToken` Task.
 *
 * aws-local-stepfunctions 3.0.0 cannot wait for a task token: its Task state runs the local handler
 * (or invokes `Resource` as a Lambda) and takes what it returns as the result, racing it against
 * TimeoutSeconds; it defines no `$$.Task.Token` in the context object, ignores HeartbeatSeconds, and
 * has no SendTaskSuccess/SendTaskFailure by which another process could complete the Task. And the
 * execution lives in the memory of the process that runs it, while a reviewer decides days later from
 * another command. So, as near as it gets: the Task hands the Review Lambda the token stand-in the
 * execution's context carries (the Lambda stores it on the session: AWAITING_REVIEW, reason,
 * deadline) and then stops the execution (ReviewPaused). `case-audit review` records the decision
 * and runs the execution again, as `resume` does: finished stages return their stored results, and
 * this Task, finding the decision on the session, returns it as SendTaskSuccess would have; a review
 * whose deadline passed (`expireOverdueReview`) fails the Task with States.Timeout, which the ASL's
 * Catch sends to the expiry and the draft report, as in AWS.
 */

/** The execution stopped at its review step; not a failure. */
export class ReviewPaused extends Error {
  override readonly name = 'ReviewPaused';
  constructor(readonly auditId: string) {
    super(`audit ${auditId} awaits review`);
  }
}

/** What Step Functions raises when a Task outlives its time limit: caught by the review's Catch. */
export class ReviewTaskTimedOut extends Error {
  override readonly name = 'States.Timeout';
  constructor() {
    super('the review period ended without a decision');
  }
}

/**
 * Runs the wait: the decision (as the Task's result) when one was recorded; otherwise the Review
 * Lambda stores the token and the execution stops with ReviewPaused.
 */
export async function awaitLocalReview(
  deps: Pick<StageDeps, 'store'>,
  payload: { auditId: string; taskToken: string },
  invokeReviewLambda: (event: unknown) => Promise<unknown>,
): Promise<{ decision: 'approve' | 'return'; stage: string | null }> {
  const session = await deps.store.get(payload.auditId);
  const review = session.review;
  if (review?.state === 'expired') throw new ReviewTaskTimedOut();
  if (review?.state === 'decided' && review.decision?.decision === 'approve') return { decision: 'approve', stage: null };
  // No review yet, one still awaited, or a return whose stages have run again (the second round).
  await invokeReviewLambda({ action: 'wait', auditId: payload.auditId, taskToken: payload.taskToken });
  throw new ReviewPaused(payload.auditId);
}
