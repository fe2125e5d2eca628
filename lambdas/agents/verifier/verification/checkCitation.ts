import { nameMatchesCase } from '../../../core/caselaw/caseNameKey';
import type { CaseEntry } from '../../../core/caselaw/indexSchema';
import type { ResearchIndex } from '../../../core/caselaw/loadIndex';
import type { CheckedCitation, CitationIssue } from '../../../contracts/verifierOutput';
import { titleMatchesName, type ExternalAnswer, type ExternalAnswers } from './externalConfirmation';
import { checkProposition, subjectOfCase, subjectOfProvision, type PropositionSubject } from './propositionCheck';
import { describeCase, resolveCitation, type Resolution } from './resolveCitation';
import { shown, type CheckOptions, type CitationInput } from './verificationSchema';

/** `{citation, name?, proposition?, foundIn, kind?}`; see `CitationInput`. */
export type CitationToCheck = CitationInput;

/**
 * How the index's statuses read and which outcome each gives. `overruled` in the index marks a
 * decision reversed on appeal (or overruled by a higher court): the outcome says `overruled`.
 * `superseded` and `overtaken-in-part` mark a decision whose test a later decision replaced; both are
 * reported as `superseded` (for `overtaken-in-part`, the replaced part is the one it is usually cited
 * for), and the detail says "overtaken in part" so a reader knows the rest may survive.
 */
const STATUS: Record<Exclude<CaseEntry['status'], 'good-law'>, { verb: string; issue: CitationIssue }> = {
  overruled: { verb: 'reversed on appeal by', issue: 'overruled' },
  'overtaken-in-part': { verb: 'overtaken in part by', issue: 'superseded' },
  superseded: { verb: 'superseded by', issue: 'superseded' },
};

/** Detail of a `policy` authority: such sources are outside the offline sources. */
export const POLICY_UNVERIFIED =
  'could not be verified offline; check it at its source before relying on it (policy and program-instruction sources are outside the offline sources, which hold decisions and IRPA/IRPR provisions)';

type Outcome = { verdict: 'verified'; detail: string } | { verdict: 'failed'; issue: CitationIssue; detail: string; replacement?: string };

function failed(issue: CitationIssue, detail: string, replacement?: string): Outcome {
  return { verdict: 'failed', issue, detail, ...(replacement !== undefined ? { replacement } : {}) };
}

/** `superseded` / `overruled` with the replacement followed to the authority now in force, or undefined for good law. */
function statusProblem(entry: CaseEntry, index: ResearchIndex): Outcome | undefined {
  if (entry.status === 'good-law') return undefined;
  const { verb, issue } = STATUS[entry.status];
  const chain = index.replacementChain(entry);
  const current = chain[chain.length - 1];
  const first = chain[0];
  const note = entry.replacedByNote ? ` ${entry.replacedByNote}` : '';
  if (!current || !first) return failed(issue, `${describeCase(entry)} is not good law (${entry.status}).${note}`, entry.supersededBy ?? undefined);
  const path = chain.length === 1 ? '' : `; that chain of replacements ends at ${describeCase(current)}`;
  const detail = `${verb} ${describeCase(first)}${path}: cite ${describeCase(current)}, the authority now in force.${note}`;
  return failed(issue, detail, describeCase(current));
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

/** A decision the index lacks, as an external source (CanLII) answered about it. */
function externalOutcome(resolution: Extract<Resolution, { kind: 'unresolved' }>, answer: ExternalAnswer, input: CitationToCheck, index: ResearchIndex): Outcome {
  const key = resolution.key;
  switch (answer.outcome) {
    case 'found': {
      const name = input.name?.trim() || resolution.writtenName;
      const title = shown(answer.title);
      if (name && !titleMatchesName(name, answer.title)) return failed('name-mismatch', `${key} is ${title} on CanLII, not "${shown(name)}"`);
      const cited = answer.sourceCitation ? `, ${shown(answer.sourceCitation)}` : '';
      return {
        verdict: 'verified',
        detail:
          `confirmed on CanLII: ${title}${cited} (existence and style of cause only: the decision is not in the bundled index, ` +
          'so whether it is still good law and supports the proposition it is cited for was not checked)',
      };
    }
    case 'no-such-case':
      return failed(
        'unverified',
        `could not be verified: CanLII has no decision at ${key}, and it is not one of the ${index.cases.length} decisions in the bundled index; check the citation (court, year and number) before relying on it`,
      );
    case 'unavailable':
      return failed('unverified', `${resolution.detail}; CanLII could not be consulted (${answer.reason})`);
    case 'not-consulted':
      return failed('unverified', `${resolution.detail}; CanLII was not consulted: ${answer.reason}`);
  }
}

function outcomeOf(resolution: Resolution, input: CitationToCheck, index: ResearchIndex, external: ExternalAnswers | undefined): Outcome {
  switch (resolution.kind) {
    case 'unresolved': {
      if (resolution.cause === 'invalid') return failed('fabricated', resolution.detail);
      const answer = resolution.lookup ? external?.get(resolution.lookup.citation) : undefined;
      if (answer) return externalOutcome(resolution, answer, input, index);
      return failed('unverified', resolution.detail);
    }
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
      const { provision, requested, exact, repealed } = resolution;
      if (repealed) {
        const by = repealed.replacedBy ? `; cite ${repealed.replacedBy}, the provision now in force` : '';
        return failed('repealed', `${repealed.reason} and is no longer in force${by}`, repealed.replacedBy);
      }
      const label = exact ? `${provision.id} (${provision.title})` : `${requested}, through the enclosing provision ${provision.id} (${provision.title})`;
      const problem = propositionProblem(input.proposition, subjectOfProvision(provision), label);
      if (problem) return problem;
      return {
        verdict: 'verified',
        detail: exact
          ? `in force in the consolidated ${provision.instrument}: ${label}`
          : `${requested} is not itself in the index; verified against the enclosing provision ${provision.id} (${provision.title})`,
      };
    }
  }
}

/**
 * Checks an input whose citation was already resolved (see `checkCitation`). `external` holds what
 * an external source (CanLII) answered about decisions the index lacks, by normalised citation.
 */
export function checkResolved(input: CitationToCheck, resolution: Resolution, index: ResearchIndex, external?: ExternalAnswers): CheckedCitation {
  const base = { citation: shown(input.citation), foundIn: input.foundIn, ...(input.name?.trim() ? { name: shown(input.name) } : {}) };
  if (input.kind === 'policy') return { ...base, verdict: 'failed', issue: 'unverified', detail: POLICY_UNVERIFIED };
  const outcome = outcomeOf(resolution, input, index, external);
  const written = resolution.kind === 'case' || resolution.kind === 'unresolved' ? resolution.writtenName : undefined;
  const withName = !base.name && written ? { name: written } : {};
  return { ...base, ...withName, ...outcome };
}

/**
 * Checks one citation against the index, in order: it can exist at all (else `fabricated`), the index
 * holds it (a decision, a provision or its enclosing provision; else `unverified`), the style of
 * cause matches the citation (`name-mismatch`), the decision is still good law (`superseded` /
 * `overruled`) or the provision in force (`repealed`), and the cited proposition is consistent with
 * what it stands for (`proposition-mismatch`). The first failure is reported. Pure and
 * deterministic for a given index, clock and external answers.
 */
export function checkCitation(input: CitationToCheck, index: ResearchIndex, options: CheckOptions = {}): CheckedCitation {
  return checkResolved(input, resolveCitation(input.citation, index, options.now ?? new Date()), index, options.external);
}
