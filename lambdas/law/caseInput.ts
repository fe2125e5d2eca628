/**
 * What the legal rules read: the case-fact model, the application and workflow, the types of the
 * documents present, and the day of the analysis. Nothing else: no text, no I/O.
 */
import type { CaseFacts, EventKind, PartyRole, TimelineEvent } from '../contracts/caseFacts';
import type { DocumentType } from '../contracts/documentTypes';
import type { Evidence } from '../contracts/evidence';
import type { ApplicationType } from '../contracts/intakeOutput';
import { dayRange, type DayRange } from './calendar';

export interface CaseInput {
  facts: CaseFacts;
  applicationType: ApplicationType;
  workflowType: string;
  /** Intake marked the file as answering a refusal (`IntakeResult.refusal`); the type is then the refused kind. */
  answersRefusal?: boolean;
  /** The types of the documents in the file. */
  documents: readonly DocumentType[];
  /** The day of the analysis, `YYYY-MM-DD`. */
  asOf: string;
}

/**
 * The workflows that assess a new application before it is filed: a Canadian refusal in such a file
 * (an earlier visitor visa refused, say) is history the new application must disclose and answer, not
 * the decision the file challenges, so it opens no forum, no appeal deadline and no ground of review.
 */
export const NEW_APPLICATION_WORKFLOWS: ReadonlySet<string> = new Set(['risk-audit', 'initial-assessment', 'final-review']);

/**
 * A refusal is what the file answers: a refusal analysis, a file intake marked as answering a refusal (or,
 * stored before the mark, typed 'refusal-response'),
 * or (in the checklist and guidance workflows, which do not say) a file whose facts show a refusal.
 */
export const isRefusalFile = (input: CaseInput): boolean =>
  answersARefusal({ workflowType: input.workflowType, marked: input.answersRefusal === true, applicationType: input.applicationType, factsShowRefusal: input.facts.application.isRefusal });

/**
 * The one rule behind `isRefusalFile` and the agents' `answersRefusal`: the workflow, intake's mark or
 * the old type say so; otherwise the facts do, in a workflow that does not assess a new application
 * (with the workflow unknown, the facts alone never make a file a refusal file).
 */
export function answersARefusal(signals: { workflowType?: string; marked: boolean; applicationType: string; factsShowRefusal: boolean }): boolean {
  if (signals.workflowType === 'refusal-analysis' || signals.marked || signals.applicationType === 'refusal-response') return true;
  return signals.factsShowRefusal && signals.workflowType !== undefined && !NEW_APPLICATION_WORKFLOWS.has(signals.workflowType);
}

const SPONSORSHIP_KINDS = new Set(['spousal-sponsorship', 'common-law-sponsorship', 'conjugal-sponsorship']);

/** A sponsorship of a spouse or partner (family class or the in-Canada class). */
export const isPartnerSponsorship = (input: CaseInput): boolean =>
  SPONSORSHIP_KINDS.has(input.facts.application.kind) || input.applicationType === 'spousal-sponsorship';

/** The spouse or common-law partner in Canada class (IRPR 123–125): inland, no IAD appeal. */
export const isInlandSpousal = (input: CaseInput): boolean =>
  isPartnerSponsorship(input) && (input.facts.application.subKinds.includes('inland') || (!input.facts.application.subKinds.includes('outland') && input.facts.application.applicantLocation === 'inside-canada'));

/** Events of a kind, optionally only those of some persons, earliest first (undated last). */
export function eventsOf(input: CaseInput, kind: EventKind, persons?: readonly PartyRole[]): TimelineEvent[] {
  return input.facts.timeline
    .filter((e) => e.kind === kind && (!persons || persons.includes(e.person)))
    .sort((a, b) => (a.date?.iso ?? '9999').localeCompare(b.date?.iso ?? '9999'));
}

/** The latest dated event of the kinds given (the current application, the decision under review). */
export function latestOf(input: CaseInput, kinds: readonly EventKind[], persons?: readonly PartyRole[]): TimelineEvent | undefined {
  const dated = kinds.flatMap((k) => eventsOf(input, k, persons)).filter((e) => e.date);
  return dated.sort((a, b) => dayRange(b.date!).last.localeCompare(dayRange(a.date!).last))[0];
}

export const rangeOf = (e: TimelineEvent | undefined): DayRange | undefined => (e?.date ? dayRange(e.date) : undefined);

export const hasDocument = (input: CaseInput, type: DocumentType): boolean => input.documents.includes(type);

/** Evidence of several facts, without repeating a quote. */
export function evidenceOf(...facts: ReadonlyArray<{ evidence: Evidence } | undefined>): Evidence[] {
  const seen = new Set<string>();
  const out: Evidence[] = [];
  for (const f of facts) {
    if (!f) continue;
    const key = `${f.evidence.docId}|${f.evidence.quote}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f.evidence);
  }
  return out;
}
