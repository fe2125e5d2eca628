/**
 * The workflow and tier schemas, in zod's "mini" form (functions instead of methods): the same
 * validation and types, but a bundle holds only the checks it uses, so that `case-audit workflows`
 * (which validates the six definitions before listing them) starts quickly.
 */
import * as z from 'zod/mini';

/** The six workflow types of DESIGN §2. */
export const WORKFLOW_TYPES = [
  'risk-audit',
  'initial-assessment',
  'final-review',
  'refusal-analysis',
  'document-list',
  'client-guidance',
] as const;
export const WorkflowType = z.enum(WORKFLOW_TYPES);
export type WorkflowType = z.infer<typeof WorkflowType>;

/** The seven agents; every stage is run by one of them. */
export const AGENTS = ['intake', 'detective', 'strategist', 'gatekeeper', 'verifier', 'judge', 'reporter'] as const;
export const AgentName = z.enum(AGENTS);
export type AgentName = z.infer<typeof AgentName>;

export const TIERS = ['guest', 'pro', 'ultra'] as const;
export const Tier = z.enum(TIERS);
export type Tier = z.infer<typeof Tier>;

const stageId = z.string().check(z.regex(/^[a-z][a-z0-9-]*$/, 'stage ids are lower-case words joined by dashes'));

/** The verifier's loop-back edge: failed citations send the audit back to `back_to`. */
export const LoopBack = z.strictObject({
  back_to: stageId,
  when: z.literal('citations-failed'),
  max_iterations: z.strictObject({ guest: z.int().check(z.minimum(1)), pro: z.int().check(z.minimum(1)), ultra: z.int().check(z.minimum(1)) }),
});
export type LoopBack = z.infer<typeof LoopBack>;

export const StageDefinition = z.strictObject({
  id: stageId,
  agent: AgentName,
  description: z.string().check(z.minLength(1)),
  depends_on: z.array(stageId),
  /** A critical stage's failure fails the audit; others degrade with a safe default. */
  critical: z._default(z.boolean(), false),
  loop: z.optional(LoopBack),
});
export type StageDefinition = z.infer<typeof StageDefinition>;

/**
 * Human review (issue 33): after stage `after` (the judge, or the gatekeeper where there is no judge),
 * an audit whose outcome matches its tier's review policy waits for a reviewer, who approves it or
 * returns it to one of the stages of `may_return_to` with instructions.
 */
export const ReviewStep = z.strictObject({
  after: stageId,
  may_return_to: z.array(stageId).check(z.minLength(1)),
});
export type ReviewStep = z.infer<typeof ReviewStep>;

export const WorkflowDefinition = z.strictObject({
  $schema: z.optional(z.string()),
  type: WorkflowType,
  title: z.string().check(z.minLength(1)),
  description: z.string().check(z.minLength(1)),
  /** What the audit decides, e.g. ["PROCEED", "REVISE", "HIGH-RISK"]; empty when it produces a list or guidance. */
  outcomes: z.array(z.string()),
  stages: z.array(StageDefinition).check(z.minLength(1)),
  /** Absent: audits of this workflow are never held for review (client guidance). */
  review: z.optional(ReviewStep),
});
export type WorkflowDefinition = z.infer<typeof WorkflowDefinition>;

/**
 * A tier's per-audit budget for the model layer (DESIGN §2, beside the research-call limit): model
 * calls (answers received, re-asks included) and input and output tokens, all stages together. A call
 * that would go over is not made; the agent keeps its rules-only result and its stage status says so.
 */
export const ModelBudget = z.strictObject({
  calls: z.int().check(z.nonnegative()),
  inputTokens: z.int().check(z.nonnegative()),
  outputTokens: z.int().check(z.nonnegative()),
});
export type ModelBudget = z.infer<typeof ModelBudget>;

/** Outcomes a review policy can name besides the judges' own: the audit's verification ended INCOMPLETE. */
export const REVIEW_POLICY_INCOMPLETE = 'INCOMPLETE';

/**
 * Which audits of a tier wait for a reviewer (issue 33): those whose judge outcome (or INCOMPLETE
 * verification) is listed, and, with `criticalFindings`, those with a critical refusal trigger or
 * compliance issue; a reviewer has `deadlineDays` to decide before the draft report is released as
 * "not reviewed". An empty list and `criticalFindings: false` hold no audit of the tier.
 */
export const ReviewPolicy = z.strictObject({
  outcomes: z.array(z.string().check(z.regex(/^[A-Z][A-Z-]*$/, 'outcomes are upper-case words such as HIGH-RISK'))),
  criticalFindings: z.boolean(),
  deadlineDays: z.int().check(z.minimum(1), z.maximum(14)),
});
export type ReviewPolicy = z.infer<typeof ReviewPolicy>;

/** Tier features of DESIGN §2 (verifier iterations live on the workflow's loop edge). */
export const TierFeatures = z.strictObject({
  maxCitations: z.int().check(z.positive()),
  maxResearchCalls: z.int().check(z.positive()),
  modelBudget: ModelBudget,
  similarCases: z.boolean(),
  deepResearch: z.boolean(),
  multiRoundReview: z.boolean(),
  reportDepth: z.enum(['summary', 'full', 'full-with-evidence-appendix']),
  review: ReviewPolicy,
});
export type TierFeatures = z.infer<typeof TierFeatures>;

export const TierTable = z.strictObject({
  $schema: z.optional(z.string()),
  guest: TierFeatures,
  pro: TierFeatures,
  ultra: TierFeatures,
});
export type TierTable = z.infer<typeof TierTable>;
