import { SFNClient, SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import type { ReviewContinuation } from '../api/apiDeps';
import type { DecidedReview } from './reviewSteps';
import { DeterministicError } from '../core/errors/deterministicError';

export class ReviewTokenMissing extends DeterministicError {
  override readonly name = 'ReviewTokenMissing';
}

/** Hands a decision to the execution waiting on its task token (Step Functions SendTaskSuccess). */
export class StepFunctionsReviews implements ReviewContinuation {
  private sfn: SFNClient | undefined;
  constructor(private readonly opts: { sfn?: SFNClient; region?: string } = {}) {
    this.sfn = opts.sfn;
  }

  async continueAfter(decided: DecidedReview): Promise<void> {
    if (!decided.taskToken) throw new ReviewTokenMissing(`audit ${decided.session.auditId} has no task token to answer`);
    this.sfn ??= new SFNClient(this.opts.region ? { region: this.opts.region } : {});
    await this.sfn.send(new SendTaskSuccessCommand({ taskToken: decided.taskToken, output: JSON.stringify(decided.output) }));
  }
}
