import * as z from 'zod';
import { Tier, WorkflowType } from '../../../workflows/schema';
import { ModelChoice } from '../model/modelChoice';
import { ModelFallback } from '../model/modelFallback';

export const AuditStatus = z.enum(['RUNNING', 'SUCCEEDED', 'INCOMPLETE', 'FAILED']);
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
