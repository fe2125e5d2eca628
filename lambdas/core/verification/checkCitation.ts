import { nameMatchesCase } from '../caselaw/caseNameKey';
import type { CaseEntry } from '../caselaw/indexSchema';
import type { ResearchIndex } from '../caselaw/loadIndex';
import type { CheckedCitation, CitationIssue } from '../research/researchSchema';
import { checkProposition, subjectOfCase, subjectOfProvision, type PropositionSubject } from './propositionCheck';
import { describeCase, resolveCitation, type Resolution } from './resolveCitation';
import { shown, type CheckOptions, type CitationInput } from './verificationSchema';

/** `{citation, name?, proposition?, foundIn, kind?}`; see `CitationInput`. */
export type CitationToCheck = CitationInput;

const STATUS_VERB: Record<Exclude<CaseEntry['status'], 'good-law'>, string> = {
  overruled: 'reversed on appeal by',
  'overtaken-in-part': 'overtaken in part by',
  superseded: 'superseded by',
};

/** Detail of a `policy` authority: such sources are not in the index. */
export const POLICY_NOT_INDEXED =
  'not in the index: policy and program-instruction sources are outside the bundled index and cannot be verified here';

type Outcome = { verdict: 'verified'; detail: string } | { verdict: 'failed'; issue: CitationIssue; detail: string; replacement?: string };

function failed(issue: CitationIssue, detail: string, replacement?: string): Outcome {
  return { verdict: 'failed', issue, detail, ...(replacement !== undefined ? { replacement } : {}) };
}

/** `superseded` with the replacement followed to the authority now in force, or undefined for good law. */
function statusProblem(entry: CaseEntry, index: ResearchIndex): Outcome | undefined {
  if (entry.status === 'good-law') return undefined;
  const chain = index.replacementChain(entry);
  const current = chain[chain.length - 1];
  const first = chain[0];
  const verb = STATUS_VERB[entry.status];
  const note = entry.replacedByNote ? ` ${entry.replacedByNote}` : '';
  if (!current || !first) return failed('superseded', `${describeCase(entry)} is not good law (${entry.status}).${note}`, entry.supersededBy ?? undefined);
  const path = chain.length === 1 ? '' : `; that chain of replacements ends at ${describeCase(current)}`;
  const detail = `${verb} ${describeCase(first)}${path}: cite ${describeCase(current)}, the authority now in force.${note}`;
  return failed('superseded', detail, describeCase(current));
}

function propositionProblem(proposition: string | undefined, subject: PropositionSubject, label: string): Outcome | undefined {
  if (proposition === undefined || proposition.trim() === '') return undefined;
  const verdict = checkProposition(proposition, subject);
  if (verdict.consistent) return undefined;
  return failed('proposition-mismatch', `${label} does not support the proposition it is cited for: ${verdict.reason ?? 'no meaningful overlap'}`);
}

function checkCase(entry: CaseEntry, citedAs: string, input: CitationToCheck, writtenName: string | undefined, index: ResearchIndex): Outcome {
  const name = input.name?.trim() || writtenName;
  if (name && !nameMatchesCase(name, entry)) {
    return failed('name-mismatch', `${citedAs} is ${entry.name}, not "${shown(name)}"`);
  }
  return (
    statusProblem(entry, index) ??
    propositionProblem(input.proposition, subjectOfCase(entry), describeCase(entry)) ?? {
      verdict: 'verified',
      detail: `in the index and good law: ${describeCase(entry)}`,
    }
  );
}

function checkByName(entries: CaseEntry[], input: CitationToCheck, index: ResearchIndex): Outcome {
  const inForce = entries.filter((e) => e.status === 'good-law');
  const candidates = inForce.length > 0 ? inForce : entries;
  const status = inForce.length > 0 ? undefined : statusProblem(entries[0], index);
  if (status) return status;
  const names = candidates.map(describeCase).join('; ');
  const problems = candidates.map((e) => propositionProblem(input.proposition, subjectOfCase(e), describeCase(e)));
  const problem = problems.every((p) => p !== undefined) ? problems[0] : undefined;
  return problem ?? { verdict: 'verified', detail: `named without a citation; identified in the index as ${names}` };
}

function outcomeOf(resolution: Resolution, input: CitationToCheck, index: ResearchIndex): Outcome {
  switch (resolution.kind) {
    case 'unresolved':
      return failed('not-found', resolution.detail);
    case 'case': {
      const conflict = resolution.conflicts[0];
      if (conflict) {
        return failed('name-mismatch', `the parallel citation ${conflict.citation} is ${describeCase(conflict.entry)}, not ${describeCase(resolution.entry)}`);
      }
      const outcome = checkCase(resolution.entry, resolution.key, input, resolution.writtenName, index);
      const unchecked = resolution.unchecked.length > 0 ? ` (parallel citation ${resolution.unchecked.join(', ')} is not in the index and was not checked)` : '';
      return { ...outcome, detail: outcome.detail + unchecked };
    }
    case 'case-by-name':
      return checkByName(resolution.entries, input, index);
    case 'provision': {
      const { provision, requested, exact } = resolution;
      const label = exact ? `${provision.id} (${provision.title})` : `${requested}, through the enclosing provision ${provision.id} (${provision.title})`;
      const problem = propositionProblem(input.proposition, subjectOfProvision(provision), label);
      if (problem) return problem;
      return {
        verdict: 'verified',
        detail: exact
          ? `in the index: ${label}`
          : `${requested} is not itself in the index; verified against the enclosing provision ${provision.id} (${provision.title})`,
      };
    }
  }
}

/** Checks an input whose citation was already resolved (see `checkCitation`). */
export function checkResolved(input: CitationToCheck, resolution: Resolution, index: ResearchIndex): CheckedCitation {
  const base = { citation: shown(input.citation), foundIn: input.foundIn, ...(input.name?.trim() ? { name: shown(input.name) } : {}) };
  if (input.kind === 'policy') {
    return {
      ...base,
      verdict: 'failed',
      issue: 'not-found',
      detail: POLICY_NOT_INDEXED,
    };
  }
  const outcome = outcomeOf(resolution, input, index);
  const withName = resolution.kind === 'case' && !base.name && resolution.writtenName ? { name: resolution.writtenName } : {};
  return { ...base, ...withName, ...outcome };
}

/**
 * Checks one citation against the index, in order: it exists (a decision, a provision or its
 * enclosing provision), the style of cause matches the citation, the decision is still good law,
 * and the cited proposition is consistent with what it stands for. The first failure is reported.
 * Pure and deterministic for a given index and clock.
 */
export function checkCitation(input: CitationToCheck, index: ResearchIndex, options: CheckOptions = {}): CheckedCitation {
  return checkResolved(input, resolveCitation(input.citation, index, options.now ?? new Date()), index);
}
