import * as z from 'zod';
import { Evidence } from './intakeOutput';

/** Findings shared by the strategist, gatekeeper and judge outputs: severities, provisions, refusal triggers, inconsistencies, compliance issues. */

export const Severity = z.enum(['critical', 'high', 'medium', 'low']);
export type Severity = z.infer<typeof Severity>;

/** Canonical provision id: `IRPA 40(1)(a)`, `IRPR 216(1)(b)`, `IRPR 4(1)`. */
export const ProvisionId = z.string().regex(/^(IRPA|IRPR) \d+(\.\d+)?(\(\w+\))*$/, 'a canonical provision id such as "IRPA 40(1)(a)"');

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


/** Reading order of findings: the most serious first (the order of the Severity enum). */
export const SEVERITY_ORDER: readonly Severity[] = Severity.options;

const rank = (severity: string | undefined): number => {
  const i = SEVERITY_ORDER.indexOf(severity as Severity);
  return i === -1 ? SEVERITY_ORDER.length : i;
};

/** A copy sorted critical → low; findings of equal severity keep the order the gatekeeper gave them. */
export function bySeverity<T extends { severity?: string }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item.severity) - rank(b.item.severity) || a.index - b.index)
    .map(({ item }) => item);
}

/** True for one of the four severities (entries read from older or looser outputs may carry anything). */
export const isSeverity = (value: unknown): value is Severity => SEVERITY_ORDER.includes(value as Severity);
