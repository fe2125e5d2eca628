import * as z from 'zod';
import { ApplicationType, Evidence } from '../documents/intakeSchema';

/**
 * The contracts of the analysis stages (Strategist, Gatekeeper findings, Judge): one module below
 * the agents, the gates, the reporter and the run summary, so none of them imports another's code.
 */

export const Severity = z.enum(['critical', 'high', 'medium', 'low']);
export type Severity = z.infer<typeof Severity>;

/** Canonical provision id: `IRPA 40(1)(a)`, `IRPR 216(1)(b)`, `IRPR 4(1)`. */
export const ProvisionId = z.string().regex(/^(IRPA|IRPR) \d+(\.\d+)?(\(\w+\))*$/, 'a canonical provision id such as "IRPA 40(1)(a)"');

// ------------------------------------------------------------------ Strategist

/** How one rubric factor came out for this file. */
export const FactorRating = z.enum(['strong', 'adequate', 'weak', 'adverse', 'no-evidence']);
export type FactorRating = z.infer<typeof FactorRating>;

export const ScoredFactor = z.strictObject({
  /** The factor's id in its rubric file, e.g. `relationship-length`. */
  id: z.string().min(1),
  label: z.string().min(1),
  /** Relative weight from the rubric (the weights of a rubric need not sum to 100). */
  weight: z.number().positive(),
  rating: FactorRating,
  /** 0–1: the share of the weight this file earns on the factor. */
  earned: z.number().min(0).max(1),
  /** What was found, in one or two plain sentences. */
  finding: z.string().min(1),
  /** Verbatim quotes behind the finding (empty when the finding is an absence). */
  evidence: z.array(Evidence),
  /** Provisions the factor speaks to, canonical ids. */
  provisions: z.array(ProvisionId),
});
export type ScoredFactor = z.infer<typeof ScoredFactor>;

export const EvidencePlanItem = z.strictObject({
  /** What to have, e.g. "joint lease since 2022". */
  item: z.string().min(1),
  /** Why it matters, tied to a factor or provision. */
  why: z.string().min(1),
  factor: z.string().optional(),
});
export type EvidencePlanItem = z.infer<typeof EvidencePlanItem>;

export const Point = z.strictObject({ text: z.string().min(1), factor: z.string().optional() });
export type Point = z.infer<typeof Point>;

export const StrategistOutput = z.strictObject({
  applicationType: ApplicationType,
  /** Which rubric file scored the file, and its version. */
  rubric: z.strictObject({ id: z.string(), version: z.string() }),
  factors: z.array(ScoredFactor),
  /** 0–100 from the rubric alone: round(100 × Σ weight·earned / Σ weight). */
  rubricScore: z.number().int().min(0).max(100),
  /** A later model layer may adjust by at most ±10 points with a stated reason; null in rules-only mode. */
  modelAdjustment: z.strictObject({ points: z.number().int().min(-10).max(10), reason: z.string().min(1) }).nullable(),
  /** rubricScore + modelAdjustment.points, clamped to 0–100. */
  defensibilityScore: z.number().int().min(0).max(100),
  confidence: z.enum(['high', 'medium', 'low']),
  confidenceReason: z.string().min(1),
  /** Why the score is what it is, in a few plain sentences (no promise of an outcome). */
  rationale: z.string().min(1),
  strengths: z.array(Point),
  weaknesses: z.array(Point),
  evidencePlan: z.strictObject({
    /** In the file now. */
    baseline: z.array(EvidencePlanItem),
    /** Obtainable now. */
    live: z.array(EvidencePlanItem),
    /** Recommended additions. */
    strategic: z.array(EvidencePlanItem),
  }),
});
export type StrategistOutput = z.infer<typeof StrategistOutput>;

// ------------------------------------------------------------------ Gatekeeper findings

/** A ground on which an officer could refuse, by provision. */
export const RefusalTrigger = z.strictObject({
  provision: ProvisionId,
  severity: Severity,
  /** One line a lawyer can read at a glance. */
  summary: z.string().min(1),
  evidence: z.array(Evidence),
  /** Which check raised it, e.g. `consistency:never-refused`, `rubric:funds-provenance`. */
  source: z.string().min(1),
});
export type RefusalTrigger = z.infer<typeof RefusalTrigger>;

/** Two or more documents that disagree on a fact (dates, names, counts, addresses, employment periods, refusals). */
export const ConsistencyFinding = z.strictObject({
  code: z.string().min(1),
  severity: Severity,
  summary: z.string().min(1),
  /** The conflicting statements, each quoted verbatim from its document. */
  evidence: z.array(Evidence).min(1),
  provision: ProvisionId.optional(),
});
export type ConsistencyFinding = z.infer<typeof ConsistencyFinding>;

export const ComplianceIssue = z.strictObject({
  code: z.string().min(1),
  severity: Severity,
  message: z.string().min(1),
  /** What to do before filing. */
  requiredFix: z.string().min(1),
  documents: z.array(z.string()),
});
export type ComplianceIssue = z.infer<typeof ComplianceIssue>;

// ------------------------------------------------------------------ Judge

export const VerificationState = z.enum(['PASS', 'INCOMPLETE', 'NOT_RUN']);
export type VerificationState = z.infer<typeof VerificationState>;

export const JudgeOutput = z.strictObject({
  /** `decision` for risk-audit, `verdict` for initial-assessment, final-review and refusal-analysis. */
  kind: z.enum(['decision', 'verdict']),
  /** One of the workflow's outcomes, e.g. PROCEED, GO, APPROVE, APPEAL. */
  outcome: z.string().min(1),
  /** The id of the decision-table row that matched. */
  rule: z.string().min(1),
  /** Plain sentences: which inputs led to the outcome (no promise of a result). */
  rationale: z.string().min(1),
  /** False when verification is INCOMPLETE: the outcome is provisional until a person reviews the citations. */
  final: z.boolean(),
  inputs: z.strictObject({
    defensibilityScore: z.number().int().min(0).max(100).nullable(),
    confidence: z.enum(['high', 'medium', 'low']).nullable(),
    criticalTriggers: z.number().int().nonnegative(),
    highTriggers: z.number().int().nonnegative(),
    /** The gatekeeper's compliance issues of severity critical or high (0 when it listed none). */
    blockingComplianceIssues: z.number().int().nonnegative(),
    verification: VerificationState,
    /**
     * False when the gatekeeper produced no output or did not complete normally: the file was not
     * fully checked for refusal triggers, so no go-ahead outcome (PROCEED, GO, APPROVE, APPEAL) may
     * be given. Absent: the gatekeeper reviewed the file.
     */
    gatekeeperReviewed: z.literal(false).optional(),
  }),
});
export type JudgeOutput = z.infer<typeof JudgeOutput>;
