import type { TierFeatures } from '../../../../workflows/schema';
import type { CaseEntry } from '../../../core/caselaw/indexSchema';
import { type Candidate, candidatesOf, dropUncitable, rankCandidates, toAuthority } from './authorityRanking';
import { HITS_PER_SEARCH, kindsFor, noteSkippedSearches, type ResearchContext, searchOnce } from './issueResearch';
import { describeResearchError, ResearchBudgetExhausted } from '../../../core/research/researchErrors';
import { type Authority, DetectiveOutput, type ResearchIssue } from '../../../contracts/detectiveOutput';
import { type CitationIssue } from '../../../contracts/verifierOutput';
import { citationKey, type ResearchKind, type ResearchSource } from '../../../core/research/researchSource';

/** A citation that failed verification and needs a replacement. */
export interface FailedCitationToReplace {
  citation: string;
  /** Why it failed (from the verifier). */
  issue: CitationIssue;
  /** What it was cited for, when known. */
  proposition?: string;
}

/** Prefix of the `excluded` reason for a citation that failed verification; such citations are never cited again. */
export const FAILED_VERIFICATION = 'failed verification';

interface ReplacementArgs {
  failed: FailedCitationToReplace[];
  previous?: DetectiveOutput;
  plan: ResearchIssue[];
  /** Budgeted, bundled index first. */
  sources: ResearchSource[];
  tier: TierFeatures;
  ctx: ResearchContext;
}

/**
 * The issue a failed citation was researched for; else the planned issue sharing most topics with
 * the decision (per the index); else one built from what the verifier says it was cited for.
 */
function issueOf(failed: FailedCitationToReplace, n: number, args: ReplacementArgs): ResearchIssue | undefined {
  const key = citationKey(failed.citation);
  const previousAuthority = args.previous?.authorities.find((a) => citationKey(a.citation) === key);
  const plans = [...(args.previous?.plan ?? []), ...args.plan];
  const planned = previousAuthority && plans.find((i) => i.id === previousAuthority.issueId);
  if (planned) return planned;
  const entry = args.ctx.index.findCaseByCitation(failed.citation);
  const entryTopics: readonly string[] = entry?.topics ?? [];
  const shared = (issue: ResearchIssue) => issue.topics.filter((t) => entryTopics.includes(t)).length;
  const closest = [...plans].sort((x, y) => shared(y) - shared(x))[0];
  if (closest && shared(closest) > 0) return closest;
  const query = failed.proposition ?? entry?.propositions.join(' ');
  if (!query) return undefined;
  return {
    id: `replacement-${n}`,
    description: failed.proposition ?? `what ${failed.citation} was cited for`,
    query,
    topics: entry ? [...entry.topics] : [],
    reason: `a cited authority failed verification (${failed.issue})`,
  };
}

/** The kind of authority to look for: that of the failed citation, when known. */
function kindsWanted(failed: FailedCitationToReplace, args: ReplacementArgs): ResearchKind[] {
  const key = citationKey(failed.citation);
  const previous = args.previous?.authorities.find((a) => citationKey(a.citation) === key);
  if (previous) return [previous.kind];
  if (args.ctx.index.findCaseByCitation(failed.citation)) return ['case'];
  if (args.ctx.index.findProvisionOrAncestor(failed.citation)) return ['provision'];
  return ['case', 'provision', 'policy'];
}

/** For a superseded or overruled decision, the first good-law decision in the index's chain of replacements. */
function preferredReplacement(failed: FailedCitationToReplace, args: ReplacementArgs): CaseEntry | undefined {
  if (failed.issue !== 'superseded' && failed.issue !== 'overruled') return undefined;
  const entry = args.ctx.index.findCaseByCitation(failed.citation);
  return entry && args.ctx.index.replacementChain(entry).find((c) => c.status === 'good-law');
}

/** Searches the sources in order until one yields a usable replacement; prefers `preferred`, looked up if not found. */
async function findReplacement(
  failed: FailedCitationToReplace,
  issue: ResearchIssue,
  avoid: Set<string>,
  args: ReplacementArgs,
): Promise<Candidate | undefined> {
  const { ctx } = args;
  const preferred = preferredReplacement(failed, args);
  const preferredKey = preferred && citationKey(preferred.citations[0]);
  const usable = (candidates: Candidate[]) =>
    rankCandidates(dropUncitable([candidates], ctx.index, ctx.log)[0]).filter((c) => !avoid.has(citationKey(c.hit.citation)));
  const wanted = kindsWanted(failed, args);
  const purpose = `a replacement for ${failed.citation}`;
  let fallback: Candidate | undefined;
  for (const source of args.sources) {
    const kinds = kindsFor(source, wanted);
    if (kinds.length === 0) continue;
    const outcome = await searchOnce(
      source,
      {
        text: failed.proposition ?? issue.query,
        ...(issue.topics.length > 0 && { topics: issue.topics }),
        applicationType: ctx.applicationType,
        kinds,
        limit: HITS_PER_SEARCH,
        exclude: [...avoid],
      },
      ctx,
      purpose,
    );
    if (outcome.kind === 'no-budget') break;
    if (outcome.kind !== 'hits') continue;
    const found = usable(candidatesOf(outcome.hits, issue));
    const named = found.find((c) => citationKey(c.hit.citation) === preferredKey);
    if (named) return named;
    fallback ??= found[0];
    if (fallback && !preferred) return fallback;
    if (preferred) break;
  }
  if (preferred && preferredKey && !avoid.has(preferredKey)) {
    const lookupSource = args.sources.find((s) => s.lookup);
    try {
      const hit = await lookupSource?.lookup?.(preferred.citations[0]);
      const [named] = hit ? usable([{ hit, issue, relative: 1 }]) : [];
      if (named) return named;
    } catch (error) {
      if (error instanceof ResearchBudgetExhausted) ctx.skipped.push(`a lookup of ${preferred.citations[0]}`);
      else ctx.log.note(`${preferred.citations[0]} could not be looked up (${describeResearchError(error)})`);
    }
  }
  return fallback;
}

/**
 * Loop-back: keeps the previous run's other authorities unchanged and searches only replacements
 * for the failed citations (same issue or proposition; for a superseded or overruled decision, the index's
 * replacement first). Failed citations are recorded as excluded and never cited again. When the
 * citation limit is reached, a similar case gives way to a replacement found.
 */
export async function researchReplacements(args: ReplacementArgs): Promise<DetectiveOutput> {
  const { failed, previous, tier, ctx } = args;
  const failedKeys = new Set(failed.map((f) => citationKey(f.citation)));
  for (const entry of previous?.excluded ?? []) {
    if (entry.reason.startsWith(FAILED_VERIFICATION)) failedKeys.add(citationKey(entry.citation));
  }
  const keep = (a: Authority) => !failedKeys.has(citationKey(a.citation));
  const authorities = (previous?.authorities ?? []).filter(keep);
  const similarCases = (previous?.similarCases ?? []).filter(keep);
  const findings = (previous?.deepResearch.findings ?? []).filter(keep);
  const cited = () => [...authorities, ...similarCases, ...findings];
  const avoid = new Set([...failedKeys, ...cited().map((a) => citationKey(a.citation))]);

  let replaced = 0;
  for (const [n, item] of failed.entries()) {
    ctx.log.exclude(item.citation, `${FAILED_VERIFICATION} (${item.issue})`, true);
    const preferred = preferredReplacement(item, args);
    const alreadyCited = preferred && authorities.find((a) => citationKey(a.citation) === citationKey(preferred.citations[0]));
    if (alreadyCited) {
      if (alreadyCited.replaces === undefined) authorities[authorities.indexOf(alreadyCited)] = { ...alreadyCited, replaces: item.citation };
      ctx.log.note(`${item.citation} is replaced by ${alreadyCited.citation}, which the index names as its successor and which is already cited`);
      replaced += 1;
      continue;
    }
    const issue = issueOf(item, n + 1, args);
    if (!issue) {
      ctx.log.note(`no replacement searched for ${item.citation}: neither its issue nor its proposition is known`);
      continue;
    }
    const full = cited().length >= tier.maxCitations;
    if (full && similarCases.length === 0) {
      ctx.log.note(`no replacement searched for ${item.citation}: the tier's citation limit is reached`);
      continue;
    }
    const found = await findReplacement(item, issue, avoid, args);
    if (!found) {
      ctx.log.note(`no replacement found for ${item.citation} (${item.issue}) on issue ${issue.id}`);
      continue;
    }
    const dropped = full ? similarCases.pop() : undefined;
    if (dropped) ctx.log.exclude(dropped.citation, `similar case dropped to make room for a replacement of ${item.citation}`, true);
    avoid.add(citationKey(found.hit.citation));
    const asCitedFor = item.proposition ? { ...issue, query: item.proposition } : issue;
    authorities.push(toAuthority({ ...found, issue: asCitedFor }, ctx.index, item.citation));
    ctx.log.unexclude(found.hit.citation);
    replaced += 1;
  }
  noteSkippedSearches(ctx);
  ctx.log.note(`loop-back: ${replaced} of ${failed.length} failed citation${failed.length === 1 ? '' : 's'} replaced`);

  return DetectiveOutput.parse({
    plan: previous?.plan ?? args.plan,
    authorities,
    similarCases,
    deepResearch: previous ? { ...previous.deepResearch, findings } : { status: 'skipped', reason: 'loop-back run without a previous run', findings: [] },
    researchCalls: { used: ctx.budget.used, limit: ctx.budget.limit },
    excluded: ctx.log.excluded,
    notes: ctx.log.notes,
  });
}
