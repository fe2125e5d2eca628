import type { ResearchIndex } from '../../../core/caselaw/loadIndex';
import { citedProposition } from './citedProposition';
import type { ResearchLog } from './researchLog';
import type { Authority, ResearchHit, ResearchIssue, ResearchSourceName } from '../../../contracts/detectiveOutput';
import { citationKey } from '../../../core/research/researchSource';
import { statuteQuote } from './statuteQuote';

/** A retrieved hit considered for one issue; `relative` is its score over the best score of the same search. */
export interface Candidate {
  hit: ResearchHit;
  issue: ResearchIssue;
  relative: number;
}

/** Statuses that are never cited (the verifier still checks every citation independently). */
export const NOT_CITABLE: ReadonlySet<ResearchHit['status']> = new Set(['overruled', 'superseded', 'overtaken-in-part']);
/** A hit scoring below this share of the best hit of its search is too weak to cite. */
export const MIN_RELATIVE_SCORE = 0.3;
/** At or above this share of the best hit, a good-law bundled hit is cited with high confidence. */
export const STRONG_RELATIVE_SCORE = 0.6;
/** The bundled index's BM25 score under which a hit is never high confidence, however it compares. */
export const MIN_STRONG_BM25 = 2;

// CanLII confirms citations for the Verifier; it never answers the Detective's searches.
const SOURCE_PRIORITY: Record<ResearchSourceName, number> = { 'bundled-index': 0, 'bedrock-kb': 1, mcp: 2, canlii: 3 };

/** Hits of one search as candidates for an issue, each scored relative to the best of the search. */
export function candidatesOf(hits: ResearchHit[], issue: ResearchIssue): Candidate[] {
  return withRelativeScores(hits.map((hit) => ({ hit, issue, relative: 1 })));
}

/** Sets each candidate's `relative` to its score over the best score of the same source (same search) in the pool. */
export function withRelativeScores(pool: readonly Candidate[]): Candidate[] {
  const best = new Map<string, number>();
  for (const { hit } of pool) best.set(hit.source, Math.max(best.get(hit.source) ?? 0, hit.score));
  return pool.map((c) => {
    const top = best.get(c.hit.source) ?? 0;
    return { ...c, relative: top > 0 ? c.hit.score / top : 1 };
  });
}

/** Why a hit may not be cited, from its source's status or, when the bundled index knows the decision, the index's. */
export function uncitableReason(hit: ResearchHit, index: ResearchIndex): string | undefined {
  const known = hit.kind === 'case' ? index.findCaseByCitation(hit.citation) : undefined;
  const replacedBy = known?.supersededBy ? `; replaced by ${known.supersededBy}` : '';
  if (NOT_CITABLE.has(hit.status)) return `marked ${hit.status} by ${hit.source}${replacedBy}`;
  if (known && NOT_CITABLE.has(known.status)) return `marked ${known.status} in the bundled index${replacedBy}`;
  return undefined;
}

/**
 * Drops from every pool the citations that may not be cited, recording why in the log, and scores
 * the rest relative to the best citable hit. A citation any source marks as not good law is
 * dropped everywhere, whatever other sources say.
 */
export function dropUncitable(pools: ReadonlyArray<readonly Candidate[]>, index: ResearchIndex, log: ResearchLog): Candidate[][] {
  const uncitable = new Set<string>();
  for (const candidate of pools.flat()) {
    const reason = uncitableReason(candidate.hit, index);
    if (!reason) continue;
    uncitable.add(citationKey(candidate.hit.citation));
    log.exclude(candidate.hit.citation, reason);
  }
  return pools.map((pool) => withRelativeScores(pool.filter((c) => !uncitable.has(citationKey(c.hit.citation)))));
}

/** Best first: relative score, then the bundled index before other sources, then raw score. One entry per citation. */
export function rankCandidates(candidates: Candidate[]): Candidate[] {
  const sorted = [...candidates].sort(
    (x, y) =>
      y.relative - x.relative ||
      SOURCE_PRIORITY[x.hit.source] - SOURCE_PRIORITY[y.hit.source] ||
      y.hit.score - x.hit.score,
  );
  const seen = new Set<string>();
  return sorted.filter((c) => {
    const key = citationKey(c.hit.citation);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * High only for a good-law hit of the bundled index that scores close to the best of its search;
 * hits of external sources (status unknown to them) are at most medium; lookups (unranked) medium.
 */
export function confidenceFor(candidate: Candidate): Authority['confidence'] {
  const { hit, relative } = candidate;
  if (hit.score === 0) return 'medium';
  if (hit.source === 'bundled-index') {
    if (hit.status === 'good-law' && relative >= STRONG_RELATIVE_SCORE && hit.score >= MIN_STRONG_BM25) return 'high';
    return relative >= MIN_RELATIVE_SCORE ? 'medium' : 'low';
  }
  return relative >= STRONG_RELATIVE_SCORE ? 'medium' : 'low';
}

export function toAuthority(candidate: Candidate, index: ResearchIndex, replaces?: string): Authority {
  const { hit, issue } = candidate;
  const proposition = citedProposition(hit, issue, index);
  const quote = hit.kind === 'provision' ? statuteQuote(hit.citation, `${proposition} ${issue.query}`) : undefined;
  return {
    kind: hit.kind,
    citation: hit.citation,
    ...(hit.name !== undefined && { name: hit.name }),
    proposition,
    issueId: issue.id,
    source: hit.source,
    score: hit.score,
    confidence: confidenceFor(candidate),
    ...(replaces !== undefined && { replaces }),
    ...(quote !== undefined && { quote }),
  };
}
