import * as z from 'zod';

/**
 * The contract of a verification gate (DESIGN §5): what a gate finds in one stage's output.
 * Zod is the single source of each type; the transparency log and bundle.json carry these shapes.
 */

export const GateMode = z.enum(['live', 'demo']);
export type GateMode = z.infer<typeof GateMode>;

export const GateStatus = z.enum(['PASS', 'WARN', 'FAIL']);
export type GateStatus = z.infer<typeof GateStatus>;

export const IssueSeverity = z.enum(['error', 'warning']);
export type IssueSeverity = z.infer<typeof IssueSeverity>;

/** One problem a check found. `evidence` holds short pointers (paths, values, ids), never whole documents. */
export const GateIssue = z.strictObject({
  /** Stable, machine-readable, e.g. `strategist.rubric-score-mismatch`. */
  code: z.string().regex(/^[a-z]+(?:[.-][a-z0-9]+)*$/, 'codes are lower-case words joined by dots or dashes'),
  message: z.string().min(1),
  evidence: z.array(z.string()),
  severity: IssueSeverity,
  /** What the producing stage should change; also the feedback it receives on a retry. */
  suggestedFix: z.string().min(1),
});
export type GateIssue = z.infer<typeof GateIssue>;

/** FAIL iff some issue is an error; WARN iff there are only warnings; PASS iff there are none. */
export function statusOf(issues: readonly Pick<GateIssue, 'severity'>[]): GateStatus {
  if (issues.some((i) => i.severity === 'error')) return 'FAIL';
  return issues.length ? 'WARN' : 'PASS';
}

export const GateResult = z
  .strictObject({
    stage: z.string().min(1),
    status: GateStatus,
    issues: z.array(GateIssue),
    elapsedMs: z.number().nonnegative(),
    /** 1 for the stage's first output, 2 for the output it produced after the gate's feedback. */
    attempt: z.number().int().positive(),
  })
  .superRefine((result, ctx) => {
    const expected = statusOf(result.issues);
    if (result.status !== expected) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: `status must be ${expected} for these issues (FAIL iff an error, WARN iff only warnings)` });
    }
  });
export type GateResult = z.infer<typeof GateResult>;
