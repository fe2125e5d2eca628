import { caseNameKey } from '../caselaw/caseNameKey';
import type { CaseEntry } from '../caselaw/indexSchema';
import type { ResearchIndex } from '../caselaw/loadIndex';
import type { CheckedCitation } from '../research/researchSchema';
import { POLICY_NOT_INDEXED } from './checkCitation';
import { describeCase, type Resolution } from './resolveCitation';

const NO_SUCH_DECISION = 'remove or replace: no such decision found; verify on CanLII before relying on it';

function notFoundAction(resolution: Resolution, checked: CheckedCitation): string {
  if (checked.detail === POLICY_NOT_INDEXED) {
    return 'verify at the source before relying on it: policy and program-instruction sources cannot be checked against the index';
  }
  if (resolution.kind !== 'unresolved') return NO_SUCH_DECISION;
  switch (resolution.cause) {
    case 'outside-index':
      return 'verify on CanLII before relying on it: decisions of that court or tribunal are outside the index, so it could not be verified here';
    case 'not-indexed':
      return /^(?:IRPA|IRPR) /.test(resolution.key)
        ? 'remove or correct: no such provision found in the index; check it on Justice Laws before relying on it'
        : NO_SUCH_DECISION;
    case 'invalid':
    case 'unreadable':
      return NO_SUCH_DECISION;
  }
}

/** Decisions the written name could mean: the whole style of cause, else a party that is a short name (`Baker v. Canada`). */
function decisionNamed(name: string, index: ResearchIndex): readonly CaseEntry[] {
  const whole = index.findCasesByName(name);
  if (whole.length > 0) return whole;
  return caseNameKey(name)
    .split(' v ')
    .flatMap((party) => index.findCasesByName(party))
    .filter((e) => e.status === 'good-law');
}

function nameAction(resolution: Resolution, checked: CheckedCitation, index: ResearchIndex): string {
  if (resolution.kind !== 'case') return 'correct the style of cause to match the decision cited';
  const conflict = resolution.conflicts[0];
  if (conflict) return `correct the parallel citation: ${conflict.citation} is ${describeCase(conflict.entry)}`;
  const correct = `correct the style of cause to ${resolution.entry.name} (the decision at ${resolution.entry.citations[0]})`;
  const meant = checked.name ? decisionNamed(checked.name, index).find((e) => e !== resolution.entry) : undefined;
  return meant ? `${correct}, or if ${meant.shortName} was meant, cite ${describeCase(meant)}` : correct;
}

function citedAuthority(resolution: Resolution): string {
  switch (resolution.kind) {
    case 'case':
      return describeCase(resolution.entry);
    case 'case-by-name':
      return describeCase(resolution.entries[0]);
    case 'provision':
      return resolution.provision.id;
    case 'unresolved':
      return 'the authority';
  }
}

/** What a person should do about a failed citation, by issue. Names authorities, never document text. */
export function recommendedAction(checked: CheckedCitation, resolution: Resolution, index: ResearchIndex): string {
  switch (checked.issue) {
    case 'superseded':
      return checked.replacement ? `replace with ${checked.replacement}` : 'replace with the authority now in force';
    case 'name-mismatch':
      return nameAction(resolution, checked, index);
    case 'proposition-mismatch':
      return resolution.kind === 'provision'
        ? `re-read the provision: it does not support the proposition as cited; restate the proposition to match what ${citedAuthority(resolution)} provides, or cite an authority that supports it`
        : `re-read the decision: it does not support the proposition as cited; restate the proposition to match what ${citedAuthority(resolution)} holds, or cite an authority that supports it`;
    case 'not-found':
    case undefined:
      return notFoundAction(resolution, checked);
  }
}
