import { decideReview, expireReview, reviewOverdue, type ReviewInput } from '../../lambdas/review/reviewSteps';
import type { Session } from '../../lambdas/core/session/sessionSchema';
import type { LocalRuntime, LocalStartOptions } from '../localRuntime';

/**
 * The local side of a review decision: what the API's SendTaskSuccess does in AWS. The decision is
 * recorded on the session (conditionally on the audit still awaiting review), then the execution runs
 * again as `resume` runs it: finished stages return their stored results, a returned stage and those
 * after it run again, and the wait Task returns the decision (local/review/localReviewWait.ts).
 * The caller waits for the execution (`rt.wait`) and presents its end.
 */
export async function decideAndContinue(rt: LocalRuntime, auditId: string, input: ReviewInput, options: LocalStartOptions = {}): Promise<Session> {
  const { session } = await decideReview({ store: rt.emulators.store, ...(options.now ? { now: options.now } : {}) }, auditId, input);
  await rt.startWith(session, options);
  return session;
}

/**
 * Ends a review whose deadline has passed at the runtime's clock: what the wait Task's timeout and
 * its States.Timeout Catch do in AWS. The review is marked expired and the execution runs on to the
 * reporter, which renders the draft marked "not reviewed"; the audit ends REVIEW_EXPIRED. False (and
 * nothing done) when the audit is not awaiting a review or its deadline has not passed.
 */
export async function finishOverdueReview(rt: LocalRuntime, auditId: string, options: LocalStartOptions = {}): Promise<boolean> {
  const now = (options.now ?? (() => new Date()))();
  const session = await rt.emulators.store.get(auditId);
  if (!reviewOverdue(session, now)) return false;
  const expired = await expireReview({ store: rt.emulators.store }, auditId);
  await rt.startWith(expired, options);
  return true;
}
