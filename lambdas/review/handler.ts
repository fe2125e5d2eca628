import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import * as z from 'zod';
import { getRuntimeDeps } from '../core/aws/runtimeConfig';
import { DeterministicError } from '../core/errors/deterministicError';
import { logger } from '../core/observability/logger';
import type { StageDepsCarrier } from '../core/stage/createStageHandler';
import { awaitReview, checkReview, expireReview } from './reviewSteps';

export class InvalidReviewEvent extends DeterministicError {
  override readonly name = 'InvalidReviewEvent';
}

/** What the three review states of the ASL send (statemachines/compileWorkflow.ts reviewStates). */
export const ReviewEvent = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('check'), auditId: z.string().min(1) }),
  z.strictObject({ action: z.literal('wait'), auditId: z.string().min(1), taskToken: z.string().min(1) }),
  z.strictObject({ action: z.literal('expire'), auditId: z.string().min(1) }),
]);
export type ReviewEvent = z.infer<typeof ReviewEvent>;

/**
 * The review step's Lambda. `check` answers {required, timeoutSeconds}; `wait` stores the task token
 * (the Task then waits for SendTaskSuccess from the API); `expire` marks a review that ran out of time.
 */
export const handler = middy(async (event: unknown, context: object) => {
  const parsed = ReviewEvent.safeParse(event);
  if (!parsed.success) throw new InvalidReviewEvent(`invalid review event: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'event'}: ${i.message}`).join('; ')}`);
  // The embedded local runtime passes its own store and clock; a Lambda container uses its configuration's.
  const carried = (context as StageDepsCarrier | undefined)?.stageDeps;
  const deps = { store: carried?.store ?? getRuntimeDeps().store, ...(carried?.now ? { now: carried.now } : {}) };
  const e = parsed.data;
  switch (e.action) {
    case 'check': {
      const check = await checkReview(deps, e.auditId);
      logger.info('review check', { auditId: e.auditId, required: check.required });
      return { required: check.required, timeoutSeconds: check.timeoutSeconds };
    }
    case 'wait': {
      const s = await awaitReview(deps, e.auditId, e.taskToken);
      logger.info('awaiting review', { auditId: e.auditId, round: s.review?.round, deadline: s.review?.deadline });
      return { auditId: e.auditId, awaiting: s.status === 'AWAITING_REVIEW' };
    }
    case 'expire': {
      await expireReview(deps, e.auditId);
      logger.info('review expired', { auditId: e.auditId });
      return { auditId: e.auditId };
    }
  }
}).use(injectLambdaContext(logger));
