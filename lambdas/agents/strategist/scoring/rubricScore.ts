/** The score formula (DESIGN §3, analysisSchema): transparent and the same for every rubric. */
import type { ScoredFactor } from '../../../contracts/strategistOutput';

/**
 * round(100 × Σ weight·earned / Σ weight) over the factors that rest on evidence: a factor the file
 * says nothing about (`no-evidence`) lowers the confidence, not the score; 0 when no factor rests on
 * evidence (the judge then gives no confident adverse outcome: see judge/provisionalOutcome.ts).
 */
export function rubricScore(factors: ReadonlyArray<Pick<ScoredFactor, 'weight' | 'earned'> & Partial<Pick<ScoredFactor, 'rating'>>>): number {
  const evidenced = factors.filter((f) => f.rating !== 'no-evidence');
  const total = evidenced.reduce((sum, f) => sum + f.weight, 0);
  if (total <= 0) return 0;
  const earned = evidenced.reduce((sum, f) => sum + f.weight * f.earned, 0);
  return Math.min(100, Math.max(0, Math.round((100 * earned) / total)));
}

/** rubricScore plus a model adjustment (null in rules-only mode), clamped to 0–100. */
export function defensibilityScore(rubric: number, adjustment: { points: number } | null): number {
  return Math.min(100, Math.max(0, Math.round(rubric + (adjustment?.points ?? 0))));
}
