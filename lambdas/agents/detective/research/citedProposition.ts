import type { ResearchIndex } from '../../../core/caselaw/loadIndex';
import { tokenize } from '../../../core/research/bm25';
import type { ResearchHit } from '../../../contracts/detectiveOutput';

/** Sentence ends, not counting `v.`, `s.`, `ss.`, `para.`, `No.` or initials. */
const SENTENCE_END = /(?<!\b(?:v|s|ss|para|paras|No|art|c|[A-Z]))[.;]\s+(?=[A-Z"“'(])/;

export function sentencesOf(text: string): string[] {
  return text
    .split(SENTENCE_END)
    .map((s) => s.trim().replace(/[.;]$/, ''))
    .filter((s) => s.length >= 10);
}

/**
 * What the authority is cited for on an issue: the statement of the source (the index's
 * propositions for a bundled decision, else a sentence of the hit's summary) that shares the most
 * terms with the issue. Always the source's own words, never composed.
 */
export function citedProposition(
  hit: Pick<ResearchHit, 'citation' | 'summary' | 'source' | 'kind'>,
  issue: { query: string; description: string },
  index?: ResearchIndex,
): string {
  const fromIndex = hit.source === 'bundled-index' && hit.kind === 'case' ? index?.findCaseByCitation(hit.citation)?.propositions ?? [] : [];
  const candidates = [...fromIndex, ...sentencesOf(hit.summary)];
  if (candidates.length === 0) return hit.summary.trim();
  const wanted = new Set(tokenize(`${issue.query} ${issue.description}`));
  let best = candidates[0];
  let bestOverlap = -1;
  for (const candidate of candidates) {
    const overlap = new Set(tokenize(candidate).filter((t) => wanted.has(t))).size;
    if (overlap > bestOverlap) {
      best = candidate;
      bestOverlap = overlap;
    }
  }
  return best;
}
