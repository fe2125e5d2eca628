import * as z from 'zod';
import { decideReview } from '../../review/reviewSteps';
import { InvalidReviewDecision, NotAwaitingReview, ReviewPeriodExpired, SecondReturnRefused, UnknownReturnStage } from '../../review/reviewErrors';
import type { ApiDeps } from '../apiDeps';
import { ApiError, Conflict, InvalidRequest } from '../http/apiErrors';
import type { ApiRequest, ApiResponse } from '../http/apiMessages';
import { validate } from '../http/requestValidation';
import { ownedAudit } from './ownedAudit';

/** The Cognito group whose members may review any audit (issue 33). */
export const REVIEWERS_GROUP = 'reviewers';

export const isReviewer = (request: Pick<ApiRequest, 'groups'>): boolean => (request.groups ?? []).includes(REVIEWERS_GROUP);

const ReviewBody = z.strictObject({
  decision: z.enum(['approve', 'return'], { error: 'decision must be approve or return' }),
  note: z.string().trim().min(1, 'note is empty: leave it out or write it').max(4000, 'note may be at most 4,000 characters').optional(),
  stage: z.string().min(1).max(64).optional(),
});

class ReviewUnavailable extends ApiError {
  constructor() {
    super(503, 'ReviewUnavailable', 'this API cannot hand decisions to executions; decide the review with case-audit review');
  }
}

function parseBody(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? '');
  } catch {
    throw new InvalidRequest('the body must be a JSON object like {"decision": "approve", "note": "…"} or {"decision": "return", "stage": "strategist", "note": "…"}');
  }
}

/**
 * POST /audits/{id}/review: records the reviewer's decision (conditionally on the audit awaiting
 * review) and hands it to the execution waiting on its task token. 409 when the audit is not awaiting
 * review or its period ended; 400 for an unknown stage, a second return, or a stage with an approval.
 */
export async function reviewAudit(deps: ApiDeps, request: ApiRequest): Promise<ApiResponse> {
  // A stranger gets the 404 every other audit route gives, so review ids cannot be probed either.
  const session = await ownedAudit(deps, request, isReviewer);
  const body = validate(ReviewBody, parseBody(request.body), 'body');
  if (!deps.reviews) throw new ReviewUnavailable();
  let decided;
  try {
    decided = await decideReview({ store: deps.store, ...(deps.now ? { now: deps.now } : {}) }, session.auditId, {
      decision: body.decision,
      ...(body.stage !== undefined ? { stage: body.stage } : {}),
      ...(body.note !== undefined ? { note: body.note } : {}),
      reviewer: request.owner,
    });
  } catch (err) {
    if (err instanceof NotAwaitingReview || err instanceof ReviewPeriodExpired) throw new Conflict(err.name, err.message);
    if (err instanceof UnknownReturnStage || err instanceof SecondReturnRefused || err instanceof InvalidReviewDecision) {
      throw new InvalidRequest(err.message, err instanceof UnknownReturnStage ? ['stage'] : []);
    }
    throw err;
  }
  await deps.reviews.continueAfter(decided);
  return { statusCode: 200, body: { auditId: session.auditId, status: decided.session.status, review: decided.session.review?.decision } };
}
