import * as z from 'zod';
import { Evidence } from './evidence';
import { ProvisionId, Severity } from './findings';

/**
 * The legal analysis of a file: provisions applied as rules over the case-fact model
 * (`caseFacts.ts`), the deadlines and periods that govern the next step, and for a refusal the
 * grounds of review and the forum. Computed once by the gatekeeper (`lambdas/law/`), read by the
 * judge (decisive findings, passed deadlines) and the reporter (page one). Every statement names
 * the facts it rests on; what the file cannot establish is a `check`, never a flag.
 */

/** An ISO calendar date, `YYYY-MM-DD`. */
export const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** A rule's conclusion on this file. */
export const ProvisionStatus = z.enum([
  'engaged', // every precondition holds on the file's facts
  'check', // a precondition cannot be established from the file: `check` says what to verify
]);
export type ProvisionStatus = z.infer<typeof ProvisionStatus>;

/** One provision applied to the file by a rule. Rules whose preconditions fail produce nothing. */
export const ProvisionFinding = z.strictObject({
  /** The rule's id, e.g. `bar:excluded-relationship-undertaking` (appendix only, never shown as the reason). */
  ruleId: z.string().min(1),
  provision: ProvisionId,
  status: ProvisionStatus,
  severity: Severity,
  /** A statutory bar: decides the outcome on its own, never a weighted factor. */
  decisive: z.boolean(),
  /** Short title a lawyer recognises, e.g. "Excluded relationship: previous spouse's undertaking still running". */
  title: z.string().min(1),
  /**
   * One sentence a lawyer can check, dates as dates: "The sponsor's previous spouse became a
   * permanent resident on 2022-05-10; the undertaking runs three years to 2025-05-10 (IRPR
   * 132(1)(b)(i)); this application, dated 2024-11-02, falls inside it: excluded relationship,
   * IRPR 117(9)(b)."
   */
  reasoning: z.string().min(1),
  /** The facts the conclusion rests on, quoted from the file. */
  facts: z.array(Evidence),
  /** For `check`: what a lawyer must verify before relying on (or dismissing) the rule. */
  check: z.string().optional(),
});
export type ProvisionFinding = z.infer<typeof ProvisionFinding>;

export const DeadlineStatus = z.enum([
  'passed', // the last day is before the audit's date
  'due-today',
  'close', // 7 days or fewer left
  'open',
  'running', // a period that bars something until its end (e.g. the five-year misrepresentation period)
  'ended', // such a period is over
  'cannot-compute', // the starting event or its day is not in the file: `check` says what to find
]);
export type DeadlineStatus = z.infer<typeof DeadlineStatus>;

/** A time limit or period computed from the timeline. */
export const Deadline = z.strictObject({
  /** e.g. `jr-leave`, `iad-sponsorship-appeal`, `misrepresentation-period`, `express-entry-ita`, `passport-expiry`. */
  id: z.string().min(1),
  /** "Application for leave and judicial review (Federal Court)". */
  label: z.string().min(1),
  /** The rule that sets it, e.g. `IRPA 72(2)(b)`, `IAD Rules r 16(a)`. */
  rule: z.string().min(1),
  /** "15 days", "30 days", "five years". */
  period: z.string().min(1),
  /** The event the period runs from and its date as the file gives it. */
  startsFrom: z.strictObject({
    event: z.string().min(1),
    date: z.string().regex(/^\d{4}(?:-\d{2}(?:-\d{2})?)?$/).optional(),
    evidence: Evidence.optional(),
  }),
  /** The last day (inclusive), when it can be computed to the day. */
  due: IsoDay.optional(),
  status: DeadlineStatus,
  /** Whole days from the audit's date to `due` (negative once passed). */
  daysLeft: z.number().int().optional(),
  /** Passed deadlines are critical; close ones high. */
  severity: Severity,
  /** One sentence: the rule, the starting event, the arithmetic, what it means for the next step. */
  explanation: z.string().min(1),
  /** What to verify (e.g. the day the refusal was received, which the file does not show). */
  check: z.string().optional(),
});
export type Deadline = z.infer<typeof Deadline>;

export const ReviewGroundKind = z.enum([
  'overlooked-evidence', // the officer says a document is absent while it is in the record
  'no-fairness-letter', // extrinsic evidence or a credibility concern relied on without a chance to answer
  'reasons-do-not-engage', // the reasons do not engage with central evidence (Vavilov)
]);
export type ReviewGroundKind = z.infer<typeof ReviewGroundKind>;

/** A ground on which the refusal could be challenged, from the officer's findings against the record. */
export const ReviewGround = z.strictObject({
  kind: ReviewGroundKind,
  strength: z.enum(['strong', 'arguable']),
  /** One sentence in legal words: what the officer found, what the record holds. */
  reasoning: z.string().min(1),
  /** The officer's words and the record's documents, quoted. */
  evidence: z.array(Evidence),
  /** For an arguable ground: what to verify before relying on it (e.g. whether a fairness letter was sent). */
  check: z.string().optional(),
});
export type ReviewGround = z.infer<typeof ReviewGround>;

/** Where a refusal is challenged. */
export const Forum = z.strictObject({
  route: z.enum(['iad-appeal', 'federal-court-leave', 'none', 'unknown']),
  /** The provision that opens (or closes) the route, e.g. `IRPA 63(1)`, `IRPA 72(1)`. */
  provision: z.string().min(1),
  reason: z.string().min(1),
  /** The deadline (by id) that governs it. */
  deadline: z.string().optional(),
});
export type Forum = z.infer<typeof Forum>;

export const LegalAnalysis = z.strictObject({
  /** The day the analysis was made (deadlines are counted from it). */
  asOf: IsoDay,
  findings: z.array(ProvisionFinding),
  deadlines: z.array(Deadline),
  /** Refusal files only. */
  review: z
    .strictObject({
      forum: Forum,
      grounds: z.array(ReviewGround),
    })
    .optional(),
});
export type LegalAnalysis = z.infer<typeof LegalAnalysis>;
