import { caseNameKey } from '../../../core/caselaw/caseNameKey';
import { logger } from '../../../core/observability/logger';
import type { CaseLookupSource } from '../../../core/research/canliiSource';
import type { ResearchBudget } from '../../../core/research/researchBudget';
import { ResearchSourceThrottled } from '../../../core/research/researchErrors';
import type { ExternalLookup } from '../../../contracts/verifierOutput';
import type { NeutralLookup } from './resolveCitation';

/**
 * What an external source (CanLII) said about a citation the bundled index does not hold, keyed by
 * the normalised citation (`2021 FC 1052`). `not-consulted`: no call was made (budget spent, or the
 * source failed earlier in the run).
 */
export type ExternalAnswer =
  | { outcome: 'found'; title: string; sourceCitation?: string; url?: string }
  | { outcome: 'no-such-case' }
  | { outcome: 'unavailable'; reason: string }
  | { outcome: 'not-consulted'; reason: string };

export type ExternalAnswers = ReadonlyMap<string, ExternalAnswer>;

export interface ConfirmOptions {
  source: CaseLookupSource;
  /** The audit's research-call budget (DESIGN §2); every look-up takes one call before it is made. */
  budget: ResearchBudget;
  /** Calls to leave unspent (kept for the Detective's loop-back). */
  keep?: number;
  /** Look-ups earlier verification runs of this audit recorded: their `found` / `no-such-case` answers are reused, not asked again. */
  previous?: readonly ExternalLookup[];
}

export interface Confirmation {
  answers: Map<string, ExternalAnswer>;
  /** What to record in this run's output: the calls it made and the answers it reused. */
  lookups: ExternalLookup[];
  /** Calls this run made. */
  calls: number;
}

/** The look-ups that can be asked of `source`, each once, in order of first appearance. */
function distinct(lookups: readonly NeutralLookup[], source: CaseLookupSource): NeutralLookup[] {
  const seen = new Set<string>();
  return lookups.filter((l) => {
    if (seen.has(l.citation) || !source.canLookUp(l)) return false;
    seen.add(l.citation);
    return true;
  });
}

function reused(previous: readonly ExternalLookup[]): Map<string, ExternalLookup> {
  const known = new Map<string, ExternalLookup>();
  for (const entry of previous) if (entry.outcome !== 'unavailable') known.set(entry.citation, entry);
  return known;
}

function answerOf(entry: ExternalLookup): ExternalAnswer {
  if (entry.outcome === 'found') {
    return {
      outcome: 'found',
      title: entry.title ?? entry.citation,
      ...(entry.sourceCitation !== undefined ? { sourceCitation: entry.sourceCitation } : {}),
      ...(entry.url !== undefined ? { url: entry.url } : {}),
    };
  }
  if (entry.outcome === 'no-such-case') return { outcome: 'no-such-case' };
  return { outcome: 'unavailable', reason: entry.reason ?? 'unavailable' };
}

function budgetReason(budget: ResearchBudget, keep: number): string {
  return budget.remaining > 0 && keep > 0
    ? `the audit's research calls left (${budget.remaining} of ${budget.limit}) are kept for the search for replacements`
    : `the audit's research-call budget of ${budget.limit} is spent`;
}

/**
 * Asks the external source about each citation, one at a time, each call taken from the audit's
 * budget first. Answers from earlier runs of the audit are reused. A source that is rate-limited or
 * down gives `unavailable` (logged, without document text) and is not asked again in this run: the
 * citations stay `unverified`, and the audit never fails on it.
 */
export async function confirmExternally(lookups: readonly NeutralLookup[], options: ConfirmOptions): Promise<Confirmation> {
  const { source, budget } = options;
  const keep = options.keep ?? 0;
  const known = reused(options.previous ?? []);
  const answers = new Map<string, ExternalAnswer>();
  const records: ExternalLookup[] = [];
  let calls = 0;
  let down: string | undefined;

  for (const lookup of distinct(lookups, source)) {
    const earlier = known.get(lookup.citation);
    if (earlier) {
      answers.set(lookup.citation, answerOf(earlier));
      records.push(earlier);
      continue;
    }
    if (down !== undefined) {
      answers.set(lookup.citation, { outcome: 'not-consulted', reason: `CanLII was unavailable earlier in this run (${down})` });
      continue;
    }
    if (!budget.tryTake(keep)) {
      answers.set(lookup.citation, { outcome: 'not-consulted', reason: budgetReason(budget, keep) });
      continue;
    }
    calls += 1;
    try {
      const result = await source.lookupCase(lookup);
      if (result.found) {
        const { title, citation, url } = result.decision;
        answers.set(lookup.citation, { outcome: 'found', title, ...(citation !== undefined ? { sourceCitation: citation } : {}), ...(url !== undefined ? { url } : {}) });
        records.push({ source: 'canlii', citation: lookup.citation, outcome: 'found', title, ...(citation !== undefined ? { sourceCitation: citation } : {}), ...(url !== undefined ? { url } : {}) });
      } else {
        answers.set(lookup.citation, { outcome: 'no-such-case' });
        records.push({ source: 'canlii', citation: lookup.citation, outcome: 'no-such-case' });
      }
    } catch (error) {
      const reason = error instanceof ResearchSourceThrottled ? 'rate-limited' : error instanceof Error ? error.name : 'unknown error';
      down = reason;
      logger.warn('external citation lookup failed; the citation stays unverified', {
        source: source.name,
        citation: lookup.citation,
        error: error instanceof Error ? error.name : 'unknown',
        reason: error instanceof Error ? error.message : 'unknown error',
      });
      answers.set(lookup.citation, { outcome: 'unavailable', reason });
      records.push({ source: 'canlii', citation: lookup.citation, outcome: 'unavailable', reason });
    }
  }
  return { answers, lookups: records, calls };
}

/** Parties that do not tell one decision from another (the Crown, the Minister, Canada). */
const GENERIC_PARTY =
  /^(?:canada|r|the queen|her majesty the queen|his majesty the king|the king|attorney general|citizenship and immigration|public safety and emergency preparedness)\b/;

function distinctiveParties(name: string): string[] {
  return caseNameKey(name)
    .split(' v ')
    .map((p) => p.trim())
    .filter((p) => p && !GENERIC_PARTY.test(p));
}

/**
 * Whether a style of cause written with a citation names the decision an external source gives for
 * it: the same style of cause, or every distinctive party written (not "Canada", "R", the Crown)
 * being a party of the title, so `Smith v. Canada (MCI)` matches `Smith v. Canada (Citizenship and
 * Immigration)`, and the short name `Smith` matches too.
 */
export function titleMatchesName(written: string, title: string): boolean {
  const w = caseNameKey(written);
  if (w === caseNameKey(title)) return true;
  const writtenParties = distinctiveParties(written);
  const titleParties = distinctiveParties(title);
  if (writtenParties.length === 0) return false;
  return writtenParties.every((wp) => titleParties.some((tp) => tp === wp || tp.startsWith(`${wp} `) || wp.startsWith(`${tp} `)));
}
