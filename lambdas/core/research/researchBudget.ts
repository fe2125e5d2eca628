import { ResearchBudgetExhausted } from './researchErrors';
import type { ResearchSource } from './researchSource';

/** Research calls a detective's first run leaves unspent, so that a verifier loop-back can always search for replacements. */
export const LOOP_BACK_RESERVE = 1;

/**
 * The audit's research-call budget (DESIGN §2: 4 / 6 / 12 searches and lookups per audit, by tier).
 * Every call is counted before it is made, whether it then succeeds or fails; a call beyond the
 * limit is never made. One budget is shared by the whole audit, loop-backs included: resume it
 * from the previous run's `researchCalls.used`.
 */
export class ResearchBudget {
  private spent: number;

  constructor(
    readonly limit: number,
    alreadyUsed = 0,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`research-call limit must be a positive integer, got ${limit}`);
    if (!Number.isInteger(alreadyUsed) || alreadyUsed < 0) throw new RangeError(`calls already used must be a non-negative integer, got ${alreadyUsed}`);
    this.spent = Math.min(alreadyUsed, limit);
  }

  get used(): number {
    return this.spent;
  }

  get remaining(): number {
    return this.limit - this.spent;
  }

  get exhausted(): boolean {
    return this.remaining === 0;
  }

  /** Takes one call, or returns false (and takes nothing) when that would leave fewer than `keep` calls. */
  tryTake(keep = 0): boolean {
    if (this.remaining <= keep) return false;
    this.spent += 1;
    return true;
  }

  /** Takes one call; throws `ResearchBudgetExhausted` (naming the call) when that would leave fewer than `keep`. */
  take(call: string, keep = 0): void {
    if (!this.tryTake(keep)) throw new ResearchBudgetExhausted(this.limit, call, keep);
  }
}

/**
 * The same source, with every search and lookup counted against `budget` before it is made.
 * With `keep`, calls stop while `keep` calls are still left (kept for a later step of the audit).
 */
export function withBudget(source: ResearchSource, budget: ResearchBudget, keep = 0): ResearchSource {
  const budgeted: ResearchSource = {
    name: source.name,
    kinds: source.kinds,
    async search(query) {
      budget.take(`a search of ${source.name}`, keep);
      return source.search(query);
    },
  };
  const lookup = source.lookup?.bind(source);
  if (lookup) {
    budgeted.lookup = async (citation) => {
      budget.take(`a lookup in ${source.name}`, keep);
      return lookup(citation);
    };
  }
  return budgeted;
}
