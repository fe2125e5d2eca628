import { DeterministicError } from '../core/errors/deterministicError';

/** Errors a reviewer can cause: each says what happened and what to do instead. */

/** The audit is not waiting for a review (running, finished, or already decided). */
export class NotAwaitingReview extends DeterministicError {
  override readonly name = 'NotAwaitingReview';
  constructor(readonly auditId: string, readonly status: string) {
    super(`audit ${auditId} is not awaiting review (it is ${status}); only an audit whose status is AWAITING_REVIEW can be approved or returned`);
  }
}

/** The review period ended before the decision arrived: the draft report is released as not reviewed. */
export class ReviewPeriodExpired extends DeterministicError {
  override readonly name = 'ReviewPeriodExpired';
  constructor(readonly auditId: string, readonly deadline: string) {
    super(`the review period of audit ${auditId} ended at ${deadline}; its draft report is released as not reviewed (REVIEW_EXPIRED)`);
  }
}

/** A return to a stage the workflow does not let a reviewer send the audit back to. */
export class UnknownReturnStage extends DeterministicError {
  override readonly name = 'UnknownReturnStage';
  constructor(readonly stage: string | undefined, readonly allowed: readonly string[]) {
    super(
      stage === undefined
        ? `a return needs the stage to run again from: one of ${allowed.join(', ')}`
        : `cannot return the audit to '${stage}': it can go back to ${allowed.join(', ')}`,
    );
  }
}

/** An audit is returned at most once; the second review ends in an approval or the expiry. */
export class SecondReturnRefused extends DeterministicError {
  override readonly name = 'SecondReturnRefused';
  constructor(readonly auditId: string) {
    super(`audit ${auditId} was already returned once; approve it (with a note saying what still needs attention) or start a new audit`);
  }
}

/** A decision that does not make sense as given (a stage with an approval). */
export class InvalidReviewDecision extends DeterministicError {
  override readonly name = 'InvalidReviewDecision';
}
