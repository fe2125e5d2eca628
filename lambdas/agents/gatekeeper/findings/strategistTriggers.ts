/**
 * Refusal triggers from the strategist's rubric: a factor rated weak or adverse that speaks to a
 * provision (or that a row of the rule table ties to one) is a ground an officer could refuse on.
 * Statutory bars and bad faith are not raised here (`decidedByLaw`): the legal rules raise them
 * only when their preconditions hold on the file's facts.
 */
import type { RefusalTrigger, Severity } from '../../../contracts/findings';
import type { ScoredFactor, StrategistOutput } from '../../../contracts/strategistOutput';
import type { ApplicationType, Evidence, ExtractedDocument } from '../../../contracts/intakeOutput';
import { verifyEvidence } from '../../../core/caseText/verifyEvidence';
import type { FactorRow, SeverityRules } from './severityRules';

function matches(row: FactorRow, factor: ScoredFactor, applicationType: ApplicationType): boolean {
  if (factor.rating !== 'weak' && factor.rating !== 'adverse') return false;
  if (!row.ratings.includes(factor.rating)) return false;
  if (row.applicationTypes && !row.applicationTypes.includes(applicationType)) return false;
  if (row.citesAny && !row.citesAny.some((p) => factor.provisions.includes(p))) return false;
  if (row.keywords) {
    const about = `${factor.id} ${factor.label}`.toLowerCase();
    if (!row.keywords.some((k) => about.includes(k.toLowerCase()))) return false;
  }
  return true;
}

/** Provision → severity for one factor: the first matching row decides each provision (a row may decide "none"). */
export function factorProvisions(factor: ScoredFactor, applicationType: ApplicationType, rules: SeverityRules['strategistFactors']): Map<string, Severity> {
  const decided = new Map<string, Severity | null>();
  for (const row of rules.rows) {
    if (!matches(row, factor, applicationType)) continue;
    const provisions = row.provision ? [row.provision] : factor.provisions;
    for (const p of provisions) if (!decided.has(p)) decided.set(p, row.raise ? row.severity! : null);
  }
  const raised = new Map<string, Severity>();
  for (const [p, severity] of decided) if (severity && !rules.notRefusalGrounds.includes(p) && !rules.decidedByLaw.includes(p)) raised.set(p, severity);
  return raised;
}

export function strategistTriggers(strategist: StrategistOutput, docs: readonly ExtractedDocument[], rules: SeverityRules): RefusalTrigger[] {
  const triggers: RefusalTrigger[] = [];
  for (const factor of strategist.factors) {
    const provisions = factorProvisions(factor, strategist.applicationType, rules.strategistFactors);
    if (!provisions.size) continue;
    // Only quotes that are verbatim in the documents' visible text are carried over.
    const evidence: Evidence[] = factor.evidence.filter((e) => verifyEvidence(docs, e));
    for (const [provision, severity] of provisions) {
      triggers.push({
        provision,
        severity,
        summary: `${factor.label} rated ${factor.rating}: ${factor.finding}`,
        evidence,
        source: `rubric:${factor.id}`,
      });
    }
  }
  return triggers;
}
