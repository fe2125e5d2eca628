import type { TierFeatures } from '../../../../workflows/schema';
import { type Candidate, candidatesOf } from './authorityRanking';
import { type ResearchContext, kindsFor, searchOnce } from './issueResearch';
import type { ResearchHit, ResearchIssue } from '../../../contracts/detectiveOutput';
import type { ResearchSource } from '../../../core/research/researchSource';

/** Decisions asked for in the one similar-case search. */
export const SIMILAR_CASES_PER_SEARCH = 10;
/** Policy passages asked for per issue in deep research. */
export const POLICY_PASSAGES_PER_SEARCH = 3;

/** The issue a hit is most about: the first in plan order sharing a topic with it, else the first. */
function issueFor(hit: ResearchHit, plan: readonly ResearchIssue[]): ResearchIssue {
  return plan.find((issue) => issue.topics.some((t) => hit.topics.includes(t))) ?? plan[0];
}

/**
 * Similar-case retrieval (Pro and Ultra): one search for decisions on the plan's topics and the
 * application type, in the first source that holds decisions. Undefined when not run (noted).
 */
export async function retrieveSimilarCases(
  plan: readonly ResearchIssue[],
  sources: readonly ResearchSource[],
  tier: TierFeatures,
  ctx: ResearchContext,
): Promise<Candidate[] | undefined> {
  if (!tier.similarCases) {
    ctx.log.note('similar-case retrieval is not included in this tier');
    return undefined;
  }
  const source = sources.find((s) => s.kinds.includes('case'));
  if (plan.length === 0 || !source) {
    ctx.log.note(plan.length === 0 ? 'similar-case retrieval skipped: no issues to research' : 'similar-case retrieval skipped: no source holds decisions');
    return undefined;
  }
  const outcome = await searchOnce(
    source,
    {
      text: plan.map((i) => i.query).join(' '),
      topics: [...new Set(plan.flatMap((i) => i.topics))],
      applicationType: ctx.applicationType,
      kinds: ['case'],
      limit: SIMILAR_CASES_PER_SEARCH,
    },
    ctx,
    'similar cases',
  );
  if (outcome.kind !== 'hits') return undefined;
  const best = Math.max(0, ...outcome.hits.map((h) => h.score));
  return outcome.hits.map((hit) => ({ hit, issue: issueFor(hit, plan), relative: best > 0 ? hit.score / best : 1 }));
}

export interface DeepResearchRetrieval {
  status: 'done' | 'skipped';
  reason: string;
  /** Policy candidates per issue, in plan order. */
  pools: Candidate[][];
}

/**
 * Deep research (Ultra): each issue searched for policy and program-instruction passages in every
 * configured source that holds them. Skipped, with the reason, when the tier does not include it
 * or no such source is configured (the bundled index holds none).
 */
export async function retrieveDeepResearch(
  plan: readonly ResearchIssue[],
  sources: readonly ResearchSource[],
  tier: TierFeatures,
  ctx: ResearchContext,
): Promise<DeepResearchRetrieval> {
  const skipped = (reason: string): DeepResearchRetrieval => ({ status: 'skipped', reason, pools: [] });
  if (!tier.deepResearch) return skipped('deep research (policy and program-instruction sources) is not included in this tier');
  const policySources = sources.filter((s) => kindsFor(s, ['policy']).length > 0);
  if (policySources.length === 0) {
    return skipped('no policy or program-instruction source is configured; the bundled index holds only decisions and provisions');
  }
  if (plan.length === 0) return skipped('no issues to research');

  const pools: Candidate[][] = plan.map(() => []);
  let answered = 0;
  for (const source of policySources) {
    for (const [i, issue] of plan.entries()) {
      const outcome = await searchOnce(
        source,
        { text: issue.query, topics: issue.topics, applicationType: ctx.applicationType, kinds: ['policy'], limit: POLICY_PASSAGES_PER_SEARCH },
        ctx,
        `policy passages on issue ${issue.id}`,
      );
      if (outcome.kind !== 'hits') continue;
      answered += 1;
      pools[i].push(...candidatesOf(outcome.hits, issue));
    }
  }
  const names = policySources.map((s) => s.name).join(', ');
  if (answered === 0) {
    return skipped(`no policy search could be made in ${names} (research-call budget spent or source unavailable; see notes)`);
  }
  const found = pools.reduce((n, pool) => n + pool.length, 0);
  return { status: 'done', reason: `${answered} policy search${answered === 1 ? '' : 'es'} in ${names}; ${found} passage${found === 1 ? '' : 's'} retrieved`, pools };
}
