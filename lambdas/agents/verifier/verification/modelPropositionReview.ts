import type { ResearchIndex } from '../../../core/caselaw/loadIndex';
import type { CheckedCitation, FailedCitation, VerifierOutput } from '../../../contracts/verifierOutput';
import { recommendedAction } from './recommendedAction';
import { resolveCitation, type Resolution } from './resolveCitation';
import { shown, type CitationInput } from './verificationSchema';

/**
 * A language model's second look at cited propositions, which can only TIGHTEN what the rules decided
 * (DESIGN §3): a citation the rules `verified` may become `proposition-mismatch` with the model's
 * reason; nothing else changes. An `unverified`, `fabricated`, `name-mismatch`, `superseded`,
 * `overruled` or `repealed` citation is never a candidate, so it can never become `verified`, and no
 * review can turn a failure into a pass. Pure: the model call is the verifier agent's.
 */

/** What an authority says, as the index records it (the project's own paraphrase, never document text). */
export type AuthoritySummary =
  | { kind: 'case'; name: string; citation: string; holding: string; propositions: string[] }
  | { kind: 'provision'; id: string; title: string; summary: string };

export interface PropositionCandidate {
  /** `p1`, `p2`, …: how the model refers to it. */
  id: string;
  /** Index of the citation in the verifier output's `checked`. */
  checkedIndex: number;
  citation: string;
  foundIn: string;
  /** What the citation is cited for (from an agent's output or a client's document: data for the model). */
  proposition: string;
  authority: AuthoritySummary;
  resolution: Resolution;
}

export interface PropositionFinding {
  id: string;
  supported: boolean;
  reason: string;
}

/** At most this many propositions go to the model in one audit pass (the rest keep the rules' verdict). */
export const MAX_REVIEWED_PROPOSITIONS = 12;
const MAX_PROPOSITION_CHARS = 500;
const MAX_REASON_CHARS = 300;

function authorityOf(resolution: Resolution): AuthoritySummary | undefined {
  if (resolution.kind === 'case') {
    const e = resolution.entry;
    return { kind: 'case', name: e.name, citation: e.citations[0], holding: e.holding, propositions: [...e.propositions] };
  }
  if (resolution.kind === 'provision' && !resolution.repealed) {
    const p = resolution.provision;
    return { kind: 'provision', id: p.id, title: p.title, summary: p.summary };
  }
  return undefined;
}

/** The propositions the rules accepted for citations they verified against the index: what a model may look at again. */
export function propositionCandidates(output: VerifierOutput, inputs: readonly CitationInput[], index: ResearchIndex, now: Date, max = MAX_REVIEWED_PROPOSITIONS): PropositionCandidate[] {
  const candidates: PropositionCandidate[] = [];
  const seen = new Set<string>();
  output.checked.forEach((checked, checkedIndex) => {
    if (checked.verdict !== 'verified') return;
    for (const input of inputs) {
      const proposition = input.proposition?.replace(/\s+/g, ' ').trim();
      if (!proposition || input.foundIn !== checked.foundIn || shown(input.citation) !== checked.citation) continue;
      const key = `${checkedIndex}\u0000${proposition}`;
      if (seen.has(key) || candidates.length >= max) continue;
      let resolution: Resolution;
      try {
        resolution = resolveCitation(input.citation, index, now);
      } catch {
        continue;
      }
      const authority = authorityOf(resolution);
      if (!authority) continue; // confirmed by name only, or by CanLII: no holding to compare with
      seen.add(key);
      candidates.push({ id: `p${candidates.length + 1}`, checkedIndex, citation: checked.citation, foundIn: checked.foundIn, proposition: proposition.slice(0, MAX_PROPOSITION_CHARS), authority, resolution });
    }
  });
  return candidates;
}

const label = (a: AuthoritySummary) => (a.kind === 'case' ? `${a.name}, ${a.citation}` : `${a.id} (${a.title})`);

/** Times the same citation, found in the same place, failed in earlier verification runs. */
function earlierFailures(previous: readonly VerifierOutput[], citation: string, foundIn: string): number {
  return previous.filter((run) => run.failed.some((f) => f.citation === citation && f.foundIn === foundIn)).length;
}

/**
 * The verifier output with each candidate the model found unsupported turned into
 * `proposition-mismatch` (with the model's reason and the usual recommended action). Findings for
 * unknown ids, for citations no longer verified, or saying "supported" change nothing.
 */
export function tightenWithReview(
  output: VerifierOutput,
  candidates: readonly PropositionCandidate[],
  findings: readonly PropositionFinding[],
  index: ResearchIndex,
  previous: readonly VerifierOutput[] = [],
): { output: VerifierOutput; tightened: number } {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const checked: CheckedCitation[] = [...output.checked];
  const failed: FailedCitation[] = [...output.failed];
  let tightened = 0;
  for (const finding of findings) {
    const candidate = byId.get(finding.id);
    if (!candidate || finding.supported) continue;
    const current = checked[candidate.checkedIndex];
    if (!current || current.verdict !== 'verified') continue;
    const reason = finding.reason.replace(/\s+/g, ' ').trim().slice(0, MAX_REASON_CHARS) || 'no reason given';
    const { replacement: _replacement, ...rest } = current;
    const mismatch: CheckedCitation = {
      ...rest,
      verdict: 'failed',
      issue: 'proposition-mismatch',
      detail: `${label(candidate.authority)} does not support the proposition it is cited for (language-model review of a proposition the rules accepted): ${reason}`,
    };
    checked[candidate.checkedIndex] = mismatch;
    failed.push({
      citation: mismatch.citation,
      issue: 'proposition-mismatch',
      attempts: 1 + earlierFailures(previous, mismatch.citation, mismatch.foundIn),
      detail: mismatch.detail,
      foundIn: mismatch.foundIn,
      recommendedAction: recommendedAction(mismatch, candidate.resolution, index),
    });
    tightened += 1;
  }
  if (!tightened) return { output, tightened };
  return { output: { ...output, status: 'FAILED', checked, failed }, tightened };
}
