import * as z from 'zod';
import { Tier, WorkflowType } from '../../../workflows/schema';
import { ModelChoice } from '../model/modelChoice';
import { ModelFallback } from '../model/modelFallback';

/**
 * AWAITING_REVIEW: held for a reviewer (issue 33); REVIEW_EXPIRED: ended with the draft report
 * because nobody decided within the review period.
 */
export const AuditStatus = z.enum(['RUNNING', 'SUCCEEDED', 'INCOMPLETE', 'FAILED', 'AWAITING_REVIEW', 'REVIEW_EXPIRED']);
export type AuditStatus = z.infer<typeof AuditStatus>;

/** `ok`, `ok:<note>`, `skipped:<reason>`, `failed:<ErrorName>:<message>` (DESIGN §5). */
export const StageStatus = z.string().regex(/^(ok(:.+)?|skipped:.+|failed:[A-Za-z0-9_.]+:.*)$/s);
export type StageStatus = z.infer<typeof StageStatus>;

/** A stage output: inline in the item, or spilled to S3 with a pointer kept in the item. */
export const StoredOutput = z.union([
  z.strictObject({ inline: z.unknown() }),
  z.strictObject({ s3Key: z.string(), bytes: z.number().int().nonnegative() }),
]);
export type StoredOutput = z.infer<typeof StoredOutput>;

export const StageTiming = z.strictObject({
  startedAt: z.string(),
  endedAt: z.string().optional(),
  elapsedMs: z.number().nonnegative().optional(),
});
export type StageTiming = z.infer<typeof StageTiming>;

/**
 * Model calls, tokens and estimated cost (USD, from lambdas/core/model/catalog/models.json).
 * The cost is absent in sessions stored before it was recorded, and counts as 0 there.
 */
export const Usage = z.strictObject({
  modelCalls: z.number().int().nonnegative(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  estimatedCostUsd: z.number().nonnegative().optional(),
});
export type Usage = z.infer<typeof Usage>;

/** Where the audit's pinned document manifest is (it lives in S3: a large case would not fit the item). */
export const ManifestRef = z.strictObject({
  s3Key: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  documents: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type ManifestRef = z.infer<typeof ManifestRef>;

/** A reviewer's decision (POST /audits/{id}/review, `case-audit review`). */
export const ReviewDecision = z.strictObject({
  decision: z.enum(['approve', 'return']),
  /** For a return: the stage the audit runs again from. */
  stage: z.string().min(1).optional(),
  /** Shown in the report; for a return, also the instructions the stage receives as feedback. */
  note: z.string().min(1).max(4000).optional(),
  /** Who decided: the Cognito `sub` in AWS, the local user's name on a laptop. */
  reviewer: z.string().min(1),
  at: z.string(),
});
export type ReviewDecision = z.infer<typeof ReviewDecision>;

/**
 * The human review of an audit (issue 33). `round` 1 is the first review, 2 the one after a return.
 * `awaiting` holds the Step Functions task token (or, locally, the execution's stand-in for it);
 * `decided` the decision of this round; `expired` when the deadline passed without one.
 */
export const ReviewState = z.strictObject({
  round: z.number().int().min(1),
  state: z.enum(['awaiting', 'decided', 'expired']),
  /** Why the policy holds the audit, e.g. "outcome HIGH-RISK" or "returned by the reviewer". */
  reason: z.string().min(1),
  requestedAt: z.string(),
  deadline: z.string(),
  taskToken: z.string().min(1).optional(),
  decision: ReviewDecision.optional(),
  /** Earlier rounds' decisions (a return), oldest first. */
  history: z.array(ReviewDecision).default([]),
});
export type ReviewState = z.infer<typeof ReviewState>;

export const Session = z.strictObject({
  auditId: z.string().min(1),
  caseId: z.string().min(1),
  owner: z.string().min(1),
  workflowType: WorkflowType,
  tier: Tier,
  /** `none` (rules only), `bedrock`, or `openai:<baseUrl>#<model>` (see lambdas/core/model/modelChoice.ts). */
  model: ModelChoice,
  gateMode: z.enum(['live', 'demo']),
  status: AuditStatus,
  currentStage: z.string().nullable(),
  completedStages: z.array(z.string()),
  /** Latest output per stage id. Earlier loop iterations are kept under `<stage>@<iteration>`. */
  outputs: z.record(z.string(), StoredOutput),
  stageStatus: z.record(z.string(), StageStatus),
  stageTimings: z.record(z.string(), StageTiming),
  retries: z.record(z.string(), z.number().int().nonnegative()),
  /** How many times the verifier has run (DESIGN §2 loop). */
  verificationIterations: z.number().int().nonnegative(),
  /** Result of the verifier's latest run, absent until it has run. */
  verificationStatus: z.enum(['PASS', 'FAILED']).optional(),
  /** The audit's model usage in all (every stage, every attempt). */
  usage: Usage,
  /** The same per stage id (all iterations of a looping stage together); absent until a stage used a model. */
  usageByStage: z.record(z.string(), Usage).optional(),
  /** Stages whose model-assisted steps fell back to rules because the model failed (the audit is `degraded`), by stage id. */
  modelFallbacks: z.record(z.string(), ModelFallback).optional(),
  failure: z.strictObject({ stage: z.string().nullable(), error: z.string(), message: z.string() }).optional(),
  /** Optimistic locking: every write is conditional on the version read. */
  version: z.number().int().nonnegative(),
  startedAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().optional(),
  executionArn: z.string().optional(),
  /** The documents pinned at start; intake reads exactly these. */
  manifest: ManifestRef.optional(),
  /**
   * `policy`: held for a reviewer when the outcome matches the tier's review policy; `off`: never.
   * Absent (sessions stored before reviews existed, and in-process starts that do not ask) means off;
   * the entry points (CLI run, the API, an uploaded audit.json) ask for `policy` unless told otherwise.
   */
  reviewMode: z.enum(['policy', 'off']).optional(),
  review: ReviewState.optional(),
});
export type Session = z.infer<typeof Session>;

/** What a caller supplies to create a session; the store fills the rest. */
export const NewSession = Session.pick({
  auditId: true,
  caseId: true,
  owner: true,
  workflowType: true,
  tier: true,
  model: true,
  gateMode: true,
  reviewMode: true,
}).extend({ executionArn: z.string().optional(), manifest: ManifestRef.optional() });
export type NewSession = z.infer<typeof NewSession>;

/** A transparency-log entry, stored as its own item beside the session. */
export const SessionEvent = z.strictObject({
  at: z.string(),
  type: z.string().min(1),
  stage: z.string().optional(),
  detail: z.record(z.string(), z.unknown()).default({}),
});
export type SessionEvent = z.infer<typeof SessionEvent>;
