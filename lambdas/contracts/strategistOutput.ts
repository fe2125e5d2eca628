import * as z from 'zod';
import { ApplicationType, Evidence } from './intakeOutput';
import { ProvisionId } from './findings';

/** The Strategist's output: the file scored on its rubric, with strengths, weaknesses and an evidence plan. */

/** How one rubric factor came out for this file. */
export const FactorRating = z.enum(['strong', 'adequate', 'weak', 'adverse', 'no-evidence']);
export type FactorRating = z.infer<typeof FactorRating>;

export const ScoredFactor = z.strictObject({
  /** The factor's id in its rubric file, e.g. `relationship-length`. */
  id: z.string().min(1),
  label: z.string().min(1),
  /** Weight from the rubric, a percentage of the score (a rubric's weights add to 100). */
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
  /** 0–100 from the rubric alone: round(100 × Σ weight·earned / Σ weight) over the factors that rest on evidence (0 when none does). */
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
