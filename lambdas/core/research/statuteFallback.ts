import { nearestMarginalNote } from '../statutes/provisionTree';
import { searchStatutes } from '../statutes/searchStatutes';
import type { ResearchHit } from '../../contracts/detectiveOutput';
import type { ResearchQuery } from './researchSource';

/** Statute hits added to a search that found no curated provision. */
const FALLBACK_HITS = 2;
/** A statute hit ranks below every curated hit of the same search: the curated entries were written for these issues. */
const BELOW_CURATED = 0.9;

const JUSTICE_LAWS = {
  IRPA: 'https://laws-lois.justice.gc.ca/eng/acts/I-2.5/',
  IRPR: 'https://laws-lois.justice.gc.ca/eng/regulations/SOR-2002-227/',
} as const;

/**
 * When a search that asks for provisions finds none among the curated ones, the complete
 * consolidated statutes (data/laws) are searched with the same words, and their best units are
 * offered, quoted verbatim, below the curated hits. The same search call: no research call is spent.
 * The full-text index is built on first use (about 0.2 s), so only searches that need it pay for it.
 */
export function statuteFallback(query: ResearchQuery, curated: readonly ResearchHit[]): ResearchHit[] {
  if (query.kinds && !query.kinds.includes('provision')) return [];
  if (curated.some((hit) => hit.kind === 'provision')) return [];
  const floor = curated.length ? Math.min(...curated.map((h) => h.score)) * BELOW_CURATED : undefined;
  const excluded = new Set(query.exclude ?? []);
  return searchStatutes(query.text, { limit: FALLBACK_HITS + excluded.size })
    .filter((hit) => !excluded.has(hit.id))
    .slice(0, FALLBACK_HITS)
    .map((hit): ResearchHit => {
      const instrument = hit.id.startsWith('IRPA') ? 'IRPA' : 'IRPR';
      const note = nearestMarginalNote(hit.provision);
      return {
        kind: 'provision',
        citation: hit.id,
        ...(note ? { name: note } : {}),
        summary: `${hit.excerptIsPartial ? '… ' : ''}${hit.excerpt}${hit.excerptIsPartial ? ' …' : ''}`,
        topics: [],
        score: Math.round((floor === undefined ? hit.score : Math.min(hit.score, floor)) * 1000) / 1000,
        source: 'bundled-index',
        status: 'good-law',
        url: JUSTICE_LAWS[instrument],
      };
    });
}
