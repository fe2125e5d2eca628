import type { ResearchIndex } from '../../../core/caselaw/loadIndex';
import type { ApplicationType } from '../../../contracts/intakeOutput';
import { type Candidate, candidatesOf } from './authorityRanking';
import type { ResearchBudget } from '../../../core/research/researchBudget';
import { describeResearchError, ResearchBudgetExhausted } from '../../../core/research/researchErrors';
import type { ResearchLog } from './researchLog';
import type { ResearchHit, ResearchIssue } from '../../../contracts/detectiveOutput';
import type { ResearchKind, ResearchQuery, ResearchSource } from '../../../core/research/researchSource';

/** Hits asked of a source per issue. */
export const HITS_PER_SEARCH = 8;

/** What every research step of one detective run shares. */
export interface ResearchContext {
  budget: ResearchBudget;
  log: ResearchLog;
  index: ResearchIndex;
  applicationType: ApplicationType;
  /** Searches not made because the budget was spent, e.g. "mcp for issue dual-intent". */
  skipped: string[];
  /** Calls of the budget this run leaves unspent for a later loop-back. */
  keptForLoopBack: number;
}

export type SearchOutcome = { kind: 'hits'; hits: ResearchHit[] } | { kind: 'failed' } | { kind: 'no-budget' };

/**
 * One search of a budgeted source. A source that cannot answer becomes a note (the audit goes on);
 * a spent budget is reported so that the caller stops asking.
 */
export async function searchOnce(source: ResearchSource, query: ResearchQuery, ctx: ResearchContext, purpose: string): Promise<SearchOutcome> {
  try {
    return { kind: 'hits', hits: await source.search(query) };
  } catch (error) {
    if (error instanceof ResearchBudgetExhausted) {
      ctx.skipped.push(`${source.name} for ${purpose}`);
      return { kind: 'no-budget' };
    }
    ctx.log.note(`${source.name} could not be searched for ${purpose} (${describeResearchError(error)}); research went on without it`);
    return { kind: 'failed' };
  }
}

/** The kinds a source is asked for: those it holds among `wanted`. */
export function kindsFor(source: ResearchSource, wanted: readonly ResearchKind[]): ResearchKind[] {
  return wanted.filter((k) => source.kinds.includes(k));
}

/** The bundled index first, then the other sources in the order given. */
export function orderSources(sources: readonly ResearchSource[]): ResearchSource[] {
  return [...sources.filter((s) => s.name === 'bundled-index'), ...sources.filter((s) => s.name !== 'bundled-index')];
}

export function issueQuery(issue: ResearchIssue, ctx: ResearchContext, kinds: ResearchKind[], exclude: readonly string[] = []): ResearchQuery {
  return {
    text: issue.query,
    topics: issue.topics,
    applicationType: ctx.applicationType,
    kinds,
    limit: HITS_PER_SEARCH,
    ...(exclude.length > 0 && { exclude }),
  };
}

/**
 * Searches every issue for decisions and provisions: all issues in the first source (the bundled
 * index), then all issues in each further source, so that a small budget still covers every
 * issue once. Returns the candidates per issue, in plan order, and whether any source answered for it.
 */
export async function researchIssues(
  plan: readonly ResearchIssue[],
  sources: readonly ResearchSource[],
  ctx: ResearchContext,
): Promise<{ pools: Candidate[][]; searched: boolean[] }> {
  const pools: Candidate[][] = plan.map(() => []);
  const searched = plan.map(() => false);
  for (const source of sources) {
    const kinds = kindsFor(source, ['case', 'provision']);
    if (kinds.length === 0) continue;
    for (const [i, issue] of plan.entries()) {
      const outcome = await searchOnce(source, issueQuery(issue, ctx, kinds), ctx, `issue ${issue.id}`);
      if (outcome.kind !== 'hits') continue;
      searched[i] = true;
      pools[i].push(...candidatesOf(outcome.hits, issue));
    }
  }
  return { pools, searched };
}

/** One note listing the searches the budget did not allow. */
export function noteSkippedSearches(ctx: ResearchContext): void {
  if (ctx.skipped.length === 0) return;
  const n = ctx.skipped.length;
  const kept = ctx.keptForLoopBack > 0 ? `, ${ctx.keptForLoopBack} call kept for replacing citations that fail verification` : '';
  ctx.log.note(
    `research-call budget of ${ctx.budget.limit} reached${kept}: ${n} search${n === 1 ? ' was' : 'es were'} not made (${ctx.skipped.join('; ')})`,
  );
  ctx.skipped.length = 0;
}
