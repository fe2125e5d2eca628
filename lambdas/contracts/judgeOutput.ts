import * as z from 'zod';
import { VerificationState } from './findings';

/** The Judge's output: the workflow's outcome from its decision table, with the inputs that decided it. */
export const JudgeOutput = z.strictObject({
  /** `decision` for risk-audit, `verdict` for initial-assessment, final-review and refusal-analysis. */
  kind: z.enum(['decision', 'verdict']),
  /** One of the workflow's outcomes, e.g. PROCEED, GO, APPROVE, APPEAL. */
  outcome: z.string().min(1),
  /** The id of the decision-table row that matched. */
  rule: z.string().min(1),
  /** Plain sentences: which inputs led to the outcome (no promise of a result). */
  rationale: z.string().min(1),
  /**
   * The rationale as a report states it: the outcome and the findings that decided it (with what a
   * provisional outcome replaced, and any missing input), without the list of inputs (recorded in
   * `inputs`, shown in the appendix) or the verification status (the report states it once). Absent in
   * older audits: the report then shows `rationale`.
   */
  reasons: z.string().min(1).optional(),
  /** False when verification is INCOMPLETE: the outcome is provisional until a person reviews the citations. */
  final: z.boolean(),
  /**
   * Set when the table's outcome would have been a confident adverse one (HIGH-RISK, NO-GO, ABANDON)
   * on evidence too thin to carry it (low confidence, an unrecognised application type, no factor
   * resting on evidence): the table's middle outcome is given instead, with why and what a lawyer
   * must check. A statutory bar or a passed deadline is never made provisional this way.
   */
  provisional: z.strictObject({ instead: z.string().min(1), reason: z.string().min(1), check: z.string().min(1) }).optional(),
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
    /** Statutory bars the legal rules found engaged (decisive on their own); absent in older audits. */
    decisiveBars: z.number().int().nonnegative().optional(),
    /** A deadline that governs the next step has passed (critical); absent when none has. */
    deadlinePassed: z.boolean().optional(),
    /** Refusal analysis: grounds of review found in the record, by strength. */
    reviewGrounds: z.strictObject({ strong: z.number().int().nonnegative(), arguable: z.number().int().nonnegative() }).optional(),
    /**
     * Refusal analysis: the refusal's own grounds (the provisions the refusal relies on). They are what
     * the challenge answers, so they are not counted among the critical or high triggers.
     */
    challengedGrounds: z.strictObject({ critical: z.number().int().nonnegative(), high: z.number().int().nonnegative() }).optional(),
    /**
     * Refusal analysis: the refusal's findings about the person or the relationship itself
     * (misrepresentation, a relationship in bad faith) that the legal rules name as the ground under
     * challenge; absent outside a refusal analysis.
     */
    challengedFindings: z.number().int().nonnegative().optional(),
    /** False when the application type was not recognised. */
    applicationTypeKnown: z.boolean().optional(),
    /** Share (0–1) of the rubric's weight resting on evidence found in the file. */
    evidencedShare: z.number().min(0).max(1).optional(),
  }),
});
export type JudgeOutput = z.infer<typeof JudgeOutput>;
