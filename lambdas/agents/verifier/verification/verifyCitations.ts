import type { ResearchIndex } from '../../../core/caselaw/loadIndex';
import { caseNameKey } from '../../../core/caselaw/caseNameKey';
import { VerifierOutput, type CheckedCitation, type FailedCitation } from '../../../contracts/verifierOutput';
import { checkResolved } from './checkCitation';
import { recommendedAction } from './recommendedAction';
import { resolveCitation, type NeutralLookup, type Resolution } from './resolveCitation';
import { CitationInput, shown, type CheckOptions } from './verificationSchema';

export { collectAgentCitations, collectDocumentCitations } from './collectCitations';
export type { AgentOutput, ClientDocument, CollectOptions } from './collectCitations';

export interface VerifyOptions extends CheckOptions {
  /** This verifier iteration (1 for the first). */
  iteration: number;
  /** Outputs of earlier iterations of the same audit; used to count attempts. Invalid entries are ignored. */
  previous?: readonly VerifierOutput[];
}

interface Group {
  foundIn: string;
  resolution: Resolution;
  variants: CitationInput[];
}

function unexpected(error: unknown): string {
  return error instanceof Error ? error.name : 'unknown error';
}

/** A resolution that fails safe when the input could not be resolved at all. */
function safeResolve(citation: string, index: ResearchIndex, now: Date): Resolution {
  try {
    return resolveCitation(citation, index, now);
  } catch (error) {
    const key = citation.replace(/\s+/g, ' ').trim().toLowerCase();
    return { kind: 'unresolved', key, cause: 'unreadable', detail: `could not be checked (${unexpected(error)}); treated as unverified: check it before relying on it` };
  }
}

function safeCheck(input: CitationInput, group: Group, index: ResearchIndex, external: VerifyOptions['external']): CheckedCitation {
  try {
    return checkResolved(input, group.resolution, index, external);
  } catch (error) {
    return {
      citation: shown(input.citation),
      foundIn: input.foundIn,
      verdict: 'failed',
      issue: 'unverified',
      detail: `could not be checked (${unexpected(error)}); treated as unverified: check it before relying on it`,
    };
  }
}

/** Reads one raw input; anything malformed becomes an input that cannot resolve, never an exception. */
function readInput(raw: unknown): CitationInput {
  const parsed = CitationInput.safeParse(raw);
  if (parsed.success) return parsed.data;
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const citation = typeof record.citation === 'string' ? record.citation : '';
  const foundIn = typeof record.foundIn === 'string' ? record.foundIn : 'unknown';
  return { citation, foundIn };
}

function variantKey(input: CitationInput): string {
  return [caseNameKey(input.name ?? ''), (input.proposition ?? '').replace(/\s+/g, ' ').trim(), input.kind ?? ''].join('\u0000');
}

/** Groups inputs by normalised citation and place found; keeps each distinct name/proposition variant. */
function groupInputs(rawInputs: readonly unknown[], index: ResearchIndex, now: Date): Group[] {
  const groups = new Map<string, Group>();
  const seenVariants = new Set<string>();
  const resolutions = new Map<string, Resolution>();
  for (const raw of rawInputs) {
    const input = readInput(raw);
    let resolution = resolutions.get(input.citation);
    if (!resolution) {
      resolution = safeResolve(input.citation, index, now);
      resolutions.set(input.citation, resolution);
    }
    const groupKey = `${resolution.key}\u0000${input.foundIn}`;
    const variant = `${groupKey}\u0000${variantKey(input)}`;
    if (seenVariants.has(variant)) continue;
    seenVariants.add(variant);
    const group = groups.get(groupKey);
    if (group) group.variants.push(input);
    else groups.set(groupKey, { foundIn: input.foundIn, resolution, variants: [input] });
  }
  return [...groups.values()];
}

/** For each earlier iteration, the keys of the citations that failed in it. */
function failedKeysByIteration(previous: readonly unknown[], iteration: number, index: ResearchIndex, now: Date): Set<string>[] {
  const byIteration = new Map<number, Set<string>>();
  for (const raw of previous) {
    const parsed = VerifierOutput.safeParse(raw);
    if (!parsed.success || parsed.data.iteration >= iteration) continue;
    const keys = byIteration.get(parsed.data.iteration) ?? new Set<string>();
    for (const f of parsed.data.failed) keys.add(safeResolve(f.citation, index, now).key);
    byIteration.set(parsed.data.iteration, keys);
  }
  return [...byIteration.values()];
}

/**
 * The well-formed neutral citations (SCC, FCA, FC) among the inputs that the index does not hold:
 * what an external source (CanLII) could confirm. Each once, in order of first appearance.
 */
export function citationsToLookUp(inputs: readonly CitationInput[], index: ResearchIndex, now: Date = new Date()): NeutralLookup[] {
  const found = new Map<string, NeutralLookup>();
  for (const group of groupInputs(Array.isArray(inputs) ? inputs : [], index, now)) {
    if (group.variants.every((v) => v.kind === 'policy')) continue;
    const r = group.resolution;
    if (r.kind === 'unresolved' && r.lookup && !found.has(r.lookup.citation)) found.set(r.lookup.citation, r.lookup);
  }
  return [...found.values()];
}

/**
 * Verifies citations against the index (and, through `options.external`, what CanLII answered about
 * decisions the index lacks). Inputs are deduplicated by normalised citation and place
 * found (a failing variant, e.g. a wrong style of cause, is never hidden by a passing one), each is
 * checked, and the result is PASS only when nothing failed: an `unverified` citation fails too, since
 * it is never presented as authority (DESIGN §4). `attempts` counts the iterations, this one
 * included, in which the same citation failed. Never throws: garbled, duplicated, future-dated or
 * out-of-scope citations each get an outcome.
 */
export function verifyCitations(inputs: readonly CitationInput[], index: ResearchIndex, options: VerifyOptions): VerifierOutput {
  const now = options.now ?? new Date();
  const iteration = Number.isInteger(options.iteration) && options.iteration > 0 ? options.iteration : 1;
  const groups = groupInputs(Array.isArray(inputs) ? inputs : [], index, now);
  const earlier = failedKeysByIteration(Array.isArray(options.previous) ? options.previous : [], iteration, index, now);

  const checked: CheckedCitation[] = [];
  const failed: FailedCitation[] = [];
  for (const group of groups) {
    const results = group.variants.map((input) => safeCheck(input, group, index, options.external));
    const result = results.find((r) => r.verdict === 'failed') ?? results[0];
    checked.push(result);
    if (result.verdict !== 'failed') continue;
    const issue = result.issue ?? 'unverified';
    const lookup = group.resolution.kind === 'unresolved' ? group.resolution.lookup : undefined;
    const external = lookup ? options.external?.get(lookup.citation) : undefined;
    failed.push({
      citation: result.citation,
      issue,
      attempts: 1 + earlier.filter((keys) => keys.has(group.resolution.key)).length,
      detail: result.detail,
      foundIn: result.foundIn,
      recommendedAction: recommendedAction({ ...result, issue }, group.resolution, index, external),
    });
  }
  return { status: failed.length === 0 ? 'PASS' : 'FAILED', iteration, checked, failed };
}
