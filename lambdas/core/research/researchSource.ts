import type { ApplicationType as IndexApplicationType } from '../caselaw/indexSchema';
import type { ResearchHit, ResearchSourceName } from '../../contracts/detectiveOutput';
import type { ApplicationType } from '../../contracts/intakeOutput';

export type ResearchKind = ResearchHit['kind'];

/** What the detective asks a research source. */
export interface ResearchQuery {
  /** Free-text query, e.g. "misrepresentation undisclosed prior refusal". Never document text. */
  text: string;
  /** Index topics (`misrepresentation`, `study-permit`, …): hits must share one; more shared topics rank higher. */
  topics?: readonly string[];
  /** Provisions for another application type are left out; decisions on its topic rank higher. */
  applicationType?: IndexApplicationType | ApplicationType;
  /** Only these kinds of hit; all the source holds when absent. */
  kinds?: readonly ResearchKind[];
  /** At most this many hits (each source has its own default). */
  limit?: number;
  /** Citations never to return (already cited, failed verification, …). */
  exclude?: readonly string[];
}

/**
 * A place the detective can search: the bundled index, an MCP case-law server, a Bedrock Knowledge
 * Base. Sources report what they know (`status` when they know it) and throw a `ResearchSourceError`
 * when they cannot answer; they never invent hits.
 */
export interface ResearchSource {
  readonly name: ResearchSourceName;
  readonly kinds: ReadonlyArray<ResearchKind>;
  search(query: ResearchQuery): Promise<ResearchHit[]>;
  /** One authority by citation, when the source can look one up directly. */
  lookup?(citation: string): Promise<ResearchHit | undefined>;
}

/** Normalised form used to compare citations from different sources (`2019 SCC 65` ≡ `2019  scc 65`). */
export function citationKey(citation: string): string {
  return citation.trim().replace(/\s+/g, ' ').replace(/ (?=\()/g, '').toUpperCase();
}

/** Hits not excluded by the query, of the wanted kinds, at most `limit`. */
export function applyQueryLimits(hits: ResearchHit[], query: ResearchQuery, defaultLimit: number): ResearchHit[] {
  const excluded = new Set((query.exclude ?? []).map(citationKey));
  return hits
    .filter((hit) => !excluded.has(citationKey(hit.citation)))
    .filter((hit) => !query.kinds || query.kinds.includes(hit.kind))
    .slice(0, query.limit ?? defaultLimit);
}

/** The index's name for an application type: it files permanent-residence provisions under `express-entry`. */
export function indexApplicationType(type: IndexApplicationType | ApplicationType): IndexApplicationType | 'unknown' {
  return type === 'permanent-residence' ? 'express-entry' : type;
}
