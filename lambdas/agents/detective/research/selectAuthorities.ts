import { type Candidate, MIN_RELATIVE_SCORE } from './authorityRanking';
import { citationKey } from '../../../core/research/researchSource';

export const OVER_CITATION_LIMIT = "over the tier's citation limit";
/** No issue gets more authorities than this, whatever the tier allows. */
export const MAX_AUTHORITIES_PER_ISSUE = 4;

/**
 * Round-robin over ranked pools (one per issue, in plan order): each pool's best candidate first,
 * then each pool's second best, and so on, skipping citations already taken and candidates under
 * `MIN_RELATIVE_SCORE`, at most `perPool` from a pool. `take` can be called again to continue
 * where it stopped (e.g. to fill slots left over by similar cases).
 */
export class RoundRobinSelection {
  private readonly cursors: number[];
  private readonly counts: number[];

  constructor(
    private readonly pools: ReadonlyArray<readonly Candidate[]>,
    /** Citation keys already cited anywhere in the output; shared between selections. */
    readonly taken: Set<string>,
    private readonly perPool = MAX_AUTHORITIES_PER_ISSUE,
  ) {
    this.cursors = pools.map(() => 0);
    this.counts = pools.map(() => 0);
  }

  take(cap: number): Candidate[] {
    const chosen: Candidate[] = [];
    let progressed = true;
    while (chosen.length < cap && progressed) {
      progressed = false;
      for (let i = 0; i < this.pools.length && chosen.length < cap; i += 1) {
        const next = this.nextFrom(i);
        if (!next) continue;
        chosen.push(next);
        progressed = true;
      }
    }
    return chosen;
  }

  private nextFrom(i: number): Candidate | undefined {
    const pool = this.pools[i];
    if (this.counts[i] >= this.perPool) return undefined;
    while (this.cursors[i] < pool.length) {
      const candidate = pool[this.cursors[i]];
      this.cursors[i] += 1;
      const key = citationKey(candidate.hit.citation);
      if (this.taken.has(key) || candidate.relative < MIN_RELATIVE_SCORE) continue;
      this.taken.add(key);
      this.counts[i] += 1;
      return candidate;
    }
    return undefined;
  }
}

/** Why a retrieved candidate was not cited. */
export function notCitedReason(candidate: Candidate, perIssueLimitReached: boolean): string {
  if (candidate.relative < MIN_RELATIVE_SCORE) return `a weaker match than the authorities cited for issue ${candidate.issue.id}`;
  if (perIssueLimitReached) return `beyond the ${MAX_AUTHORITIES_PER_ISSUE} authorities cited for issue ${candidate.issue.id}`;
  return OVER_CITATION_LIMIT;
}
