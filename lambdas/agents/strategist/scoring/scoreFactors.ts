/**
 * Rates every factor of a rubric from the documents: runs the factor's finder, enforces the rules
 * every rating must keep (quotes are verbatim; adverse needs a quote), and builds the scored factor.
 */
import type { ScoredFactor } from '../../../contracts/strategistOutput';
import { verifyEvidence } from '../../../core/caseText/verifyEvidence';
import type { Rubric, RubricFactor } from '../rubrics/rubricSchema';
import { FINDERS } from '../signals/finderRegistry';
import type { Signal } from '../signals/signal';
import type { CaseFile } from '../text/caseFile';

const MAX_EVIDENCE = 4;

export interface RatedFactor {
  factor: RubricFactor;
  scored: ScoredFactor;
}

/**
 * Keeps only quotes that are verbatim in the file (at most MAX_EVIDENCE); an adverse rating must be
 * shown, never presumed, so without a quote left it falls to weak.
 */
export function settleSignal(file: CaseFile, signal: Signal): Signal {
  const docs = file.documents.map((d) => d.extracted);
  const evidence = signal.evidence.filter((e) => verifyEvidence(docs, e)).slice(0, MAX_EVIDENCE);
  if (signal.rating === 'adverse' && evidence.length === 0) return { ...signal, rating: 'weak', evidence };
  return { ...signal, evidence };
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** The finding, then the rubric's wording for the rating unless it mostly repeats the finding. */
export function findingWithWording(finding: string, wording: string): string {
  const said = wordsOf(finding);
  const words = [...wordsOf(wording)];
  const repeated = words.filter((w) => said.has(w)).length;
  return words.length && repeated / words.length >= 0.7 ? finding : `${finding} ${wording}`;
}

export function scoreFactor(file: CaseFile, rubric: Rubric, factor: RubricFactor): ScoredFactor {
  const signal = settleSignal(file, FINDERS[factor.finder](file));
  const provisions = [...new Set([...factor.provisions, ...(signal.provisions ?? [])])];
  return {
    id: factor.id,
    label: factor.label,
    weight: factor.weight,
    rating: signal.rating,
    earned: rubric.earned[signal.rating],
    finding: findingWithWording(signal.finding, factor.ratings[signal.rating]),
    evidence: signal.evidence,
    provisions,
  };
}

export function scoreFactors(file: CaseFile, rubric: Rubric): RatedFactor[] {
  return rubric.factors.map((factor) => ({ factor, scored: scoreFactor(file, rubric, factor) }));
}
