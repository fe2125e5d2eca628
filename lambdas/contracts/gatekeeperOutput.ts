import * as z from 'zod';
import { ComplianceIssue, ConsistencyFinding, RefusalTrigger } from './findings';
import { ApplicationType } from './intakeOutput';
import { InjectionAttempt } from './injectionAttempt';
import { LegalAnalysis } from './legalAnalysis';

/** One item of an application type's document checklist, as found in this file. */
export const ChecklistEntry = z.strictObject({
  /** The item's id in the checklist, e.g. `passport`; `unreadable-document` for a document no item claimed. */
  item: z.string().min(1),
  label: z.string().min(1),
  required: z.boolean(),
  /** Names of the file's documents that answer the item. */
  documents: z.array(z.string()),
  reason: z.string(),
});
export type ChecklistEntry = z.infer<typeof ChecklistEntry>;

export const DocumentChecklist = z.strictObject({
  /** The kind of application; for a refusal file, the refused kind. */
  applicationType: ApplicationType,
  /** The file answers a refusal: the refusal checklist was applied. Absent otherwise. */
  refusal: z.literal(true).optional(),
  present: z.array(ChecklistEntry),
  missing: z.array(ChecklistEntry),
  problem: z.array(ChecklistEntry),
  /** Documents in the file that no checklist item asks for (kept, not judged). */
  otherDocuments: z.array(z.string()),
});
export type DocumentChecklist = z.infer<typeof DocumentChecklist>;

/** A passage of the file's documents that promises a result ("approval is guaranteed"). */
export const OutcomePromise = z.strictObject({
  /** The document's name as the client gave it. */
  document: z.string(),
  docId: z.string(),
  page: z.number().int().positive(),
  /** The sentence that makes the promise, whitespace collapsed, at most 200 characters. */
  excerpt: z.string(),
  /** The phrase id in outcomePromises.json. */
  phrase: z.string(),
});
export type OutcomePromise = z.infer<typeof OutcomePromise>;

/** The Gatekeeper's output: the compliance review of the file (DESIGN §3). */
export const GatekeeperOutput = z.strictObject({
  checklist: DocumentChecklist,
  /**
   * Text in the documents aimed at the audit's language models or hidden from a human reader,
   * whether intake quarantined it or it is still in the text; empty when none was found.
   */
  injectionAttempts: z.array(InjectionAttempt),
  /** Grounds an officer could refuse on, one per provision, most serious first. */
  refusalTriggers: z.array(RefusalTrigger),
  /** What must change before filing: missing or unreadable documents, an expired or expiring passport, outcome promises, hidden text. */
  complianceIssues: z.array(ComplianceIssue),
  /** Facts on which documents of the file disagree, each side quoted verbatim. */
  consistencyFindings: z.array(ConsistencyFinding),
  /** Plain actions, most serious first. */
  requiredFixes: z.array(z.string()),
  /** Passages of the file's documents that promise a result; each is also a compliance issue. */
  outcomePromises: z.array(OutcomePromise),
  /**
   * Provisions applied as rules over the case-fact model, deadlines and, for a refusal, grounds of
   * review and forum (`lambdas/law/`). Absent in audits stored before it existed.
   */
  legal: LegalAnalysis.optional(),
});
export type GatekeeperOutput = z.infer<typeof GatekeeperOutput>;
