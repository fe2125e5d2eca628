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
