import type { TierFeatures } from '../../../../workflows/schema';
import { loadResearchIndex, type ResearchIndex } from '../../../core/caselaw/loadIndex';
import type { ApplicationType } from '../../../contracts/intakeOutput';
import { type Candidate, dropUncitable, MIN_RELATIVE_SCORE, rankCandidates, toAuthority } from './authorityRanking';
import { noteSkippedSearches, orderSources, type ResearchContext, researchIssues } from './issueResearch';
import { type FailedCitationToReplace, researchReplacements } from './replacementResearch';
import { LOOP_BACK_RESERVE, type ResearchBudget, withBudget } from '../../../core/research/researchBudget';
import { ResearchLog } from './researchLog';
import { type DetectiveOutput as DetectiveOutputType, DetectiveOutput, type ResearchIssue } from '../../../contracts/detectiveOutput';
import { citationKey, type ResearchSource } from '../../../core/research/researchSource';
import { MAX_AUTHORITIES_PER_ISSUE, notCitedReason, RoundRobinSelection } from './selectAuthorities';
import { retrieveDeepResearch, retrieveSimilarCases } from './supplementaryResearch';

export type { FailedCitationToReplace } from './replacementResearch';

export interface DetectiveInput {
  plan: ResearchIssue[];
  /** Unbudgeted sources; the detective counts every call against `budget`. The bundled index is searched first. */
  sources: ResearchSource[];
  /** Shared by the whole audit: in a loop-back, resume it from the previous run's `researchCalls.used`. */
  budget: ResearchBudget;
  tier: TierFeatures;
  applicationType: ApplicationType;
  /** Loop-back mode: only replacements for these citations are searched. */
  replacementsFor?: FailedCitationToReplace[];
  /** The previous run, whose other authorities a loop-back keeps unchanged. */
  previous?: DetectiveOutputType;
  /** Used for statuses, propositions and replacements; the bundled index by default. */
  index?: ResearchIndex;
}

/** Slots of the citation limit kept for similar cases and, separately, for policy findings, when those run. */
export function reservedSlots(tier: TierFeatures): number {
  return Math.floor(tier.maxCitations / 5);
}

const byPlanOrder = (plan: readonly ResearchIssue[]) => (x: Candidate, y: Candidate) =>
  plan.findIndex((i) => i.id === x.issue.id) - plan.findIndex((i) => i.id === y.issue.id);

/** Records every retrieved candidate that was not chosen, the stronger ones first (so "over the limit" wins). */
function recordNotCited(pools: ReadonlyArray<readonly Candidate[]>, cited: readonly Candidate[], taken: ReadonlySet<string>, log: ResearchLog): void {
  const rest = pools.flat().filter((c) => !taken.has(citationKey(c.hit.citation)));
  const strong = rest.filter((c) => c.relative >= MIN_RELATIVE_SCORE);
  const weak = rest.filter((c) => c.relative < MIN_RELATIVE_SCORE);
  const full = (issueId: string) => cited.filter((c) => c.issue.id === issueId).length >= MAX_AUTHORITIES_PER_ISSUE;
  for (const candidate of [...strong, ...weak]) log.exclude(candidate.hit.citation, notCitedReason(candidate, full(candidate.issue.id)));
}

function whyUncited(issue: ResearchIssue, pool: readonly Candidate[], searched: boolean, taken: ReadonlySet<string>): string {
  if (!searched) return `issue ${issue.id} was not researched: no source answered within the research-call budget`;
  if (pool.length === 0) return `no citable authority was retrieved for issue ${issue.id}`;
  const strong = pool.filter((c) => c.relative >= MIN_RELATIVE_SCORE);
  if (strong.length === 0) return `only weak matches were retrieved for issue ${issue.id}; none is cited`;
  if (strong.every((c) => taken.has(citationKey(c.hit.citation)))) {
    return `no authority cited for issue ${issue.id}: the authorities retrieved for it are cited for other issues`;
  }
  return `no authority cited for issue ${issue.id}: the tier's citation limit was reached`;
}

/**
 * The Detective's deterministic core. Researches each planned issue in the sources within the
 * audit's research-call budget (a first run leaves `LOOP_BACK_RESERVE` call for replacements), cites only what it retrieved (never a hit any source marks as not
 * good law), at most `tier.maxCitations` citations in all, with a confidence for each. In
 * loop-back mode (`replacementsFor`) it only searches replacements for the failed citations.
 * A source that fails becomes a note; the run itself does not fail on it.
 */
export async function runDetective(input: DetectiveInput): Promise<DetectiveOutputType> {
  const { plan, tier, budget } = input;
  const index = input.index ?? loadResearchIndex();
  const loopBack = input.replacementsFor !== undefined;
  const keep = loopBack || budget.limit <= LOOP_BACK_RESERVE ? 0 : LOOP_BACK_RESERVE;
  const sources = orderSources(input.sources).map((s) => withBudget(s, budget, keep));
  const log = new ResearchLog(loopBack ? input.previous : undefined);
  const ctx: ResearchContext = { budget, log, index, applicationType: input.applicationType, skipped: [], keptForLoopBack: keep };

  if (input.replacementsFor) {
    return researchReplacements({ failed: input.replacementsFor, previous: input.previous, plan, sources, tier, ctx });
  }
  if (plan.length === 0) log.note('no issues to research for this application type and profile');

  const { pools: issuePools, searched } = await researchIssues(plan, sources, ctx);
  const similar = await retrieveSimilarCases(plan, sources, tier, ctx);
  const deep = await retrieveDeepResearch(plan, sources, tier, ctx);
  noteSkippedSearches(ctx);

  const [similarPool = [], ...rest] = dropUncitable([similar ?? [], ...issuePools, ...deep.pools], index, log);
  const authorityPools = rest.slice(0, issuePools.length).map(rankCandidates);
  const policyPools = rest.slice(issuePools.length).map(rankCandidates);
  const rankedSimilar = rankCandidates(similarPool);

  const reserve = reservedSlots(tier);
  const similarReserve = Math.min(reserve, rankedSimilar.length);
  const policyReserve = policyPools.some((p) => p.length > 0) ? reserve : 0;
  const taken = new Set<string>();
  const issueSelection = new RoundRobinSelection(authorityPools, taken);
  const cited = issueSelection.take(tier.maxCitations - similarReserve - policyReserve);
  const similarCases = new RoundRobinSelection([rankedSimilar], taken, similarReserve).take(similarReserve);
  const findings = new RoundRobinSelection(policyPools, taken).take(policyReserve);
  cited.push(...issueSelection.take(tier.maxCitations - cited.length - similarCases.length - findings.length));
  cited.sort(byPlanOrder(plan));

  recordNotCited(authorityPools, cited, taken, log);
  recordNotCited([rankedSimilar, ...policyPools], [], taken, log);
  for (const [i, issue] of plan.entries()) {
    if (!cited.some((c) => c.issue.id === issue.id)) log.note(whyUncited(issue, authorityPools[i], searched[i], taken));
  }

  return DetectiveOutput.parse({
    plan,
    authorities: cited.map((c) => toAuthority(c, index)),
    similarCases: similarCases.map((c) => toAuthority(c, index)),
    deepResearch: { status: deep.status, reason: deep.reason, findings: findings.map((c) => toAuthority(c, index)) },
    researchCalls: { used: budget.used, limit: budget.limit },
    excluded: log.excluded,
    notes: log.notes,
  });
}
