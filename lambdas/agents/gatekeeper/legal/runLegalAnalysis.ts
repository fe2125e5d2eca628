/**
 * The gatekeeper's call into the legal rules (`lambdas/law/`): the case-fact model, the file's
 * document types, the workflow and the audit's day; the passport's expiry and the stay's end as the
 * passport check reads them (one reading of the passport, two statements: the compliance issue there,
 * the dated deadline here). No case-fact model (an audit stored before it existed) → no analysis.
 */
import type { IntakeOutput } from '../../../contracts/intakeOutput';
import type { LegalAnalysis } from '../../../contracts/legalAnalysis';
import { analyseCase, type PassportDates } from '../../../law/analyseCase';
import { isoDayOf } from '../../../law/calendar';
import type { CaseDocument } from '../consistency/caseDocuments';
import { bundledConsistencyRules } from '../consistency/consistencyRules';
import { passportExpiries, stayEnds, type DatedReading } from '../consistency/passportValidity';

const dayOf = (r: DatedReading): string | undefined =>
  r.date.month && r.date.day ? `${r.date.year}-${String(r.date.month).padStart(2, '0')}-${String(r.date.day).padStart(2, '0')}` : undefined;

/** The earliest expiry and the latest end of stay the documents give to the day. */
export function passportDates(docs: readonly CaseDocument[], applicationType: IntakeOutput['applicationType']): PassportDates | undefined {
  const rules = bundledConsistencyRules().passportValidity;
  const expiry = passportExpiries(docs, rules)
    .map((r) => ({ iso: dayOf(r), evidence: r.evidence }))
    .filter((r): r is PassportDates['expiry'] => r.iso !== undefined)
    .sort((a, b) => a.iso.localeCompare(b.iso))[0];
  if (!expiry) return undefined;
  const stayEnd = stayEnds(docs, applicationType, rules)
    .map((r) => ({ iso: dayOf(r), evidence: r.evidence }))
    .filter((r): r is PassportDates['expiry'] => r.iso !== undefined)
    .sort((a, b) => b.iso.localeCompare(a.iso))[0];
  return { expiry, ...(stayEnd ? { stayEnd } : {}) };
}

export function runLegalAnalysis(intake: IntakeOutput, docs: readonly CaseDocument[], workflowType: string, now: Date): LegalAnalysis | undefined {
  if (!intake.caseFacts) return undefined;
  return analyseCase({
    facts: intake.caseFacts,
    applicationType: intake.applicationType,
    workflowType,
    ...(intake.refusal ? { answersRefusal: true } : {}),
    documents: intake.documents.map((d) => d.type),
    asOf: isoDayOf(now),
    passport: passportDates(docs, intake.applicationType),
  });
}

/** Counts for the log: never a quote, a name or a date of the file. */
export function legalCounts(legal: LegalAnalysis | undefined) {
  if (!legal) return { analysed: false };
  return {
    analysed: true,
    findings: legal.findings.length,
    decisive: legal.findings.filter((f) => f.decisive).length,
    checks: legal.findings.filter((f) => f.status === 'check').length,
    deadlines: legal.deadlines.length,
    passedDeadlines: legal.deadlines.filter((d) => d.status === 'passed').length,
    reviewGrounds: legal.review?.grounds.length ?? 0,
    forum: legal.review?.forum.route ?? 'none',
  };
}
