import { caseNameKey } from '../../../core/caselaw/caseNameKey';
import type { CaseEntry } from '../../../core/caselaw/indexSchema';
import type { ResearchIndex } from '../../../core/caselaw/loadIndex';
import type { CheckedCitation } from '../../../contracts/verifierOutput';
import { POLICY_UNVERIFIED } from './checkCitation';
import type { ExternalAnswer } from './externalConfirmation';
import { describeCase, type Resolution } from './resolveCitation';

/** The action for a decision that could not be verified: it may be real, so check it rather than call it invented. */
export const VERIFY_ON_CANLII = 'verify it on CanLII before relying on it; if it cannot be found there, remove it or replace it with a verified authority';

function unverifiedAction(resolution: Resolution, checked: CheckedCitation, external: ExternalAnswer | undefined): string {
  if (external?.outcome === 'no-such-case') {
    return 'check the citation (court, year and number): CanLII has no decision at it; correct it, or remove it or replace it with a verified authority';
  }
  if (checked.detail === POLICY_UNVERIFIED) {
    return 'verify it at its source (the IRCC program instruction or policy) before relying on it; until then it is not relied on as authority';
  }
  if (resolution.kind !== 'unresolved') return VERIFY_ON_CANLII;
  switch (resolution.cause) {
    case 'provision-not-indexed':
      return 'verify it on Justice Laws (laws-lois.justice.gc.ca) before relying on it; if no such provision exists, correct or remove it';
    case 'name-not-indexed':
      return 'add its neutral citation and verify it on CanLII before relying on it, or remove it';
    case 'unreadable':
      return 'check what it refers to and cite it in full (e.g. "2019 SCC 65" or "IRPA 40(1)(a)"), or remove it';
    case 'invalid':
    case 'decision-not-indexed':
    case 'outside-index':
      return VERIFY_ON_CANLII;
  }
}

function fabricatedAction(resolution: Resolution): string {
  if (/^(?:IRPA|IRPR) /.test(resolution.key)) return 'remove it: no such provision can exist; cite the provision that was meant';
  return 'remove it: no decision can have this citation; if a real decision was meant, find its correct citation on CanLII and cite that';
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

function nameAction(resolution: Resolution, checked: CheckedCitation, index: ResearchIndex, external: ExternalAnswer | undefined): string {
  if (resolution.kind === 'unresolved' && external?.outcome === 'found') {
    return `correct the style of cause to ${external.title} (the decision at ${resolution.key} on CanLII), or cite the decision that was meant`;
  }
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

/**
 * What a person should do about a failed citation, by outcome: verify on CanLII (`unverified`),
 * remove (`fabricated`), replace with the authority now in force (`superseded`, `overruled`,
 * `repealed`), correct the name (`name-mismatch`), re-read and restate (`proposition-mismatch`).
 * Names authorities, never document text.
 */
export function recommendedAction(checked: CheckedCitation, resolution: Resolution, index: ResearchIndex, external?: ExternalAnswer): string {
  switch (checked.issue) {
    case 'superseded':
    case 'overruled':
      return checked.replacement ? `replace with ${checked.replacement}` : 'replace with the authority now in force';
    case 'repealed':
      return checked.replacement ? `replace with ${checked.replacement}, the provision now in force` : 'remove it or replace it with the provision now in force';
    case 'fabricated':
      return fabricatedAction(resolution);
    case 'name-mismatch':
      return nameAction(resolution, checked, index, external);
    case 'proposition-mismatch':
      return resolution.kind === 'provision'
        ? `re-read the provision: it does not support the proposition as cited; restate the proposition to match what ${citedAuthority(resolution)} provides, or cite an authority that supports it`
        : `re-read the decision: it does not support the proposition as cited; restate the proposition to match what ${citedAuthority(resolution)} holds, or cite an authority that supports it`;
    case 'unverified':
    case undefined:
      return unverifiedAction(resolution, checked, external);
  }
}
