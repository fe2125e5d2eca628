import type { GatekeeperOutput } from '../contracts/gatekeeperOutput';
import type { JudgeOutput } from '../contracts/judgeOutput';
import type { ReviewDecision, ReviewState, Session } from '../core/session/sessionSchema';
import type { SessionStore } from '../core/session/sessionStore';
import { getTiers, getWorkflow } from '../../workflows/registry';
import type { WorkflowDefinition } from '../../workflows/schema';
import { InvalidReviewDecision, NotAwaitingReview, ReviewPeriodExpired, SecondReturnRefused, UnknownReturnStage } from './reviewErrors';
import { reviewReason } from './reviewPolicy';

/**
 * The review step of a workflow (issue 33), as the state machine runs it: `checkReview` (does the
 * policy hold the audit?), `awaitReview` (store the task token: AWAITING_REVIEW), `expireReview`
 * (nobody decided in time), and `decideReview`, which the API and `case-audit review` call to record
 * a reviewer's decision before the execution goes on.
 */

export interface ReviewDeps {
  store: SessionStore;
  now?: () => Date;
}

/** Why a returned audit is reviewed again whatever its outcome: the reviewer asked for changes and sees them. */
export const RETURNED_REASON = 'returned by the reviewer for changes';

const DAY_SECONDS = 24 * 3600;

export interface ReviewCheck {
  required: boolean;
  /** The tier's review period: the wait Task's TimeoutSecondsPath. */
  timeoutSeconds: number;
  reason?: string;
}

/** The reason the audit is (or was) held for review now, or undefined when it goes straight on. */
async function currentReason(store: SessionStore, session: Session, workflow: WorkflowDefinition): Promise<string | undefined> {
  if (session.reviewMode !== 'policy' || !workflow.review) return undefined;
  // A review already asked for: the same answer, so a re-run of the execution (resume) finds it again.
  if (session.review?.state === 'decided' && session.review.decision?.decision === 'return') return RETURNED_REASON;
  if (session.review) return session.review.reason;
  const [judge, gatekeeper] = await Promise.all([
    store.readOutput<JudgeOutput>(session, 'judge'),
    store.readOutput<GatekeeperOutput>(session, 'gatekeeper'),
  ]);
  return reviewReason(getTiers()[session.tier].review, { judge, gatekeeper, verificationStatus: session.verificationStatus });
}

/** Does the audit wait for a reviewer? Reads only: nothing is stored until the wait begins. */
export async function checkReview(deps: ReviewDeps, auditId: string): Promise<ReviewCheck> {
  const session = await deps.store.get(auditId);
  const workflow = getWorkflow(session.workflowType);
  const reason = await currentReason(deps.store, session, workflow);
  const timeoutSeconds = getTiers()[session.tier].review.deadlineDays * DAY_SECONDS;
  return reason ? { required: true, timeoutSeconds, reason } : { required: false, timeoutSeconds };
}

/**
 * Stores the task token with the reason and the deadline and marks the audit AWAITING_REVIEW. After
 * a return this opens the second round (the return goes to the history); a repeated call in the same
 * round (a retried invocation) replaces the token and keeps the deadline.
 */
export async function awaitReview(deps: ReviewDeps, auditId: string, taskToken: string): Promise<Session> {
  const now = (deps.now ?? (() => new Date()))();
  let opened = false;
  const saved = await deps.store.update(auditId, async (s) => {
    const workflow = getWorkflow(s.workflowType);
    const reason = (await currentReason(deps.store, s, workflow)) ?? 'held for review';
    const deadline = new Date(now.getTime() + getTiers()[s.tier].review.deadlineDays * DAY_SECONDS * 1000).toISOString();
    const prev = s.review;
    let review: ReviewState;
    if (prev?.state === 'awaiting') review = { ...prev, taskToken };
    else if (prev?.state === 'decided' && prev.decision?.decision === 'return') {
      review = { round: prev.round + 1, state: 'awaiting', reason, requestedAt: now.toISOString(), deadline, taskToken, history: [...prev.history, prev.decision] };
    } else if (prev) return s; // decided (approved) or expired: nothing more to wait for
    else review = { round: 1, state: 'awaiting', reason, requestedAt: now.toISOString(), deadline, taskToken, history: [] };
    opened = prev?.state !== 'awaiting';
    return { ...s, status: 'AWAITING_REVIEW', currentStage: null, review };
  });
  if (opened && saved.review) {
    await deps.store.markReviewQueue(auditId, true);
    await deps.store.appendEvent(auditId, { type: 'review-requested', detail: { round: saved.review.round, reason: saved.review.reason, deadline: saved.review.deadline } });
  }
  return saved;
}

/** The review period ended without a decision: the audit goes on to render its draft, not reviewed. */
export async function expireReview(deps: ReviewDeps, auditId: string): Promise<Session> {
  let expired = false;
  const saved = await deps.store.update(auditId, (s) => {
    if (s.review?.state !== 'awaiting') return s;
    expired = true;
    return { ...s, status: 'RUNNING', review: { ...s.review, state: 'expired', taskToken: undefined } };
  });
  if (expired) {
    await deps.store.markReviewQueue(auditId, false);
    await deps.store.appendEvent(auditId, { type: 'review-expired', detail: { round: saved.review?.round, deadline: saved.review?.deadline } });
  }
  return saved;
}

/** True when the audit waits for a reviewer and its deadline has passed at `now`. */
export const reviewOverdue = (session: Session, now: Date): boolean =>
  session.status === 'AWAITING_REVIEW' && session.review?.state === 'awaiting' && Date.parse(session.review.deadline) <= now.getTime();

export interface ReviewInput {
  decision: 'approve' | 'return';
  stage?: string;
  note?: string;
  reviewer: string;
}

export interface DecidedReview {
  session: Session;
  /**
   * What the waiting Task receives (SendTaskSuccess output): the decision and, for a return, the
   * stage; `stage` is null for an approval, so the Choice that compares it never meets a missing path.
   */
  output: { decision: 'approve' | 'return'; stage: string | null };
  /** The token the wait stored (absent only in sessions written by hand). */
  taskToken?: string;
}

/**
 * Records a reviewer's decision, conditionally on the audit still awaiting review (so two reviewers
 * deciding at once cannot both succeed). A return un-completes the named stage and every stage after
 * it, so the execution runs them again; the stage receives the note as feedback (runStage). Throws
 * NotAwaitingReview, ReviewPeriodExpired, UnknownReturnStage, SecondReturnRefused or InvalidReviewDecision.
 */
export async function decideReview(deps: ReviewDeps, auditId: string, input: ReviewInput): Promise<DecidedReview> {
  const now = (deps.now ?? (() => new Date()))();
  let taskToken: string | undefined;
  const session = await deps.store.update(auditId, (s) => {
    if (s.status !== 'AWAITING_REVIEW' || s.review?.state !== 'awaiting') throw new NotAwaitingReview(auditId, s.status);
    if (Date.parse(s.review.deadline) <= now.getTime()) throw new ReviewPeriodExpired(auditId, s.review.deadline);
    const workflow = getWorkflow(s.workflowType);
    const allowed = workflow.review?.may_return_to ?? [];
    if (input.decision === 'approve' && input.stage !== undefined) {
      throw new InvalidReviewDecision(`an approval names no stage (got '${input.stage}'); to send the audit back, return it to that stage`);
    }
    let completedStages = s.completedStages;
    if (input.decision === 'return') {
      if (input.stage === undefined || !allowed.includes(input.stage)) throw new UnknownReturnStage(input.stage, allowed);
      if (s.review.history.some((d) => d.decision === 'return')) throw new SecondReturnRefused(auditId);
      const redo = stagesFrom(workflow, input.stage);
      completedStages = s.completedStages.filter((id) => !redo.has(id));
    }
    taskToken = s.review.taskToken;
    const decision: ReviewDecision = {
      decision: input.decision,
      ...(input.stage !== undefined ? { stage: input.stage } : {}),
      ...(input.note ? { note: input.note } : {}),
      reviewer: input.reviewer,
      at: now.toISOString(),
    };
    return { ...s, status: 'RUNNING', completedStages, review: { ...s.review, state: 'decided', decision, taskToken: undefined } };
  });
  await deps.store.markReviewQueue(auditId, false);
  // Ids and the decision only: the note may name the client, so it stays on the session and in the report.
  await deps.store.appendEvent(auditId, {
    type: 'review-decided',
    ...(input.stage ? { stage: input.stage } : {}),
    detail: { decision: input.decision, round: session.review?.round, withNote: Boolean(input.note) },
  });
  return { session, output: { decision: input.decision, stage: input.stage ?? null }, ...(taskToken ? { taskToken } : {}) };
}

/** `stage` and every stage that depends on it, directly or not: what a return runs again. */
export function stagesFrom(workflow: WorkflowDefinition, stage: string): Set<string> {
  const redo = new Set([stage]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of workflow.stages) {
      if (!redo.has(s.id) && s.depends_on.some((d) => redo.has(d))) {
        redo.add(s.id);
        grew = true;
      }
    }
  }
  return redo;
}

/** The reviewer's instructions for `stageId` when the audit was returned to it and it has not run since. */
export function returnFeedbackFor(session: Session, stageId: string): ReviewDecision | undefined {
  const d = session.review?.decision;
  return session.review?.state === 'decided' && d?.decision === 'return' && d.stage === stageId ? d : undefined;
}
