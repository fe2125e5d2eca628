import { caseNameKey } from '../caselaw/caseNameKey';
import type { CaseEntry, Provision } from '../caselaw/indexSchema';
import type { ResearchIndex } from '../caselaw/loadIndex';
import type { NeutralCitation, ParsedCitation, ReporterCitation } from '../citations/citationSchema';
import { parseCitations } from '../citations/parseCitations';
import { findOutOfScopeCitations } from './courtScope';

/** What a written citation refers to in the index, or why it refers to nothing there. */
export type Resolution =
  | {
      kind: 'case';
      key: string;
      entry: CaseEntry;
      /** Style of cause written inside the citation text itself (`Baker v. Canada, 2019 SCC 65`). */
      writtenName?: string;
      /** Parallel citations in the same text that name another decision in the index. */
      conflicts: Array<{ citation: string; entry: CaseEntry }>;
      /** Parallel citations the index does not hold (not checked). */
      unchecked: string[];
    }
  | { kind: 'case-by-name'; key: string; entries: CaseEntry[] }
  | { kind: 'provision'; key: string; requested: string; provision: Provision; exact: boolean }
  | { kind: 'unresolved'; key: string; cause: UnresolvedCause; detail: string };

/** Why a citation resolves to nothing: it cannot exist, the index lacks it, its court is outside the index, or it is unreadable. */
export type UnresolvedCause = 'invalid' | 'not-indexed' | 'outside-index' | 'unreadable';

/** Longest text handed to the parser: a citation is short; anything longer is garbled input. */
const MAX_PARSED_LENGTH = 1000;

type CaseCitation = NeutralCitation | ReporterCitation;

const isCaseCitation = (c: ParsedCitation): c is CaseCitation => c.kind === 'neutral' || c.kind === 'reporter';

export function describeCase(entry: CaseEntry): string {
  return `${entry.name}, ${entry.citations[0]}`;
}

function decisionsCovered(index: ResearchIndex): string {
  return `the ${index.cases.length} decisions (SCC, FCA, FC) the bundled index covers`;
}

function provisionsCovered(index: ResearchIndex): string {
  return `the ${index.provisions.length} IRPA/IRPR provisions the bundled index covers`;
}

function resolveCase(hits: CaseCitation[], index: ResearchIndex): Resolution {
  const [primary, ...others] = hits;
  const key = primary.citation;
  if (!primary.valid) return { kind: 'unresolved', key, cause: 'invalid', detail: `not a valid citation: ${primary.reason ?? 'it cannot exist'}` };
  const entry = index.findCaseByCitation(primary.citation);
  if (!entry) return { kind: 'unresolved', key, cause: 'not-indexed', detail: `not in the index: ${primary.citation} is not one of ${decisionsCovered(index)}` };
  const conflicts: Array<{ citation: string; entry: CaseEntry }> = [];
  const unchecked: string[] = [];
  for (const other of others) {
    const found = index.findCaseByCitation(other.citation);
    if (found && found !== entry) conflicts.push({ citation: other.citation, entry: found });
    else if (!found) unchecked.push(other.citation);
  }
  return { kind: 'case', key, entry, conflicts, unchecked, ...(primary.name !== undefined ? { writtenName: primary.name } : {}) };
}

function resolveProvision(id: string, index: ResearchIndex): Resolution {
  const exact = index.findProvision(id);
  if (exact) return { kind: 'provision', key: id, requested: id, provision: exact, exact: true };
  const ancestor = index.findProvisionOrAncestor(id);
  if (ancestor) return { kind: 'provision', key: id, requested: id, provision: ancestor, exact: false };
  return { kind: 'unresolved', key: id, cause: 'not-indexed', detail: `not in the index: ${id} is not one of ${provisionsCovered(index)}` };
}

function resolveName(name: string, index: ResearchIndex): Resolution | undefined {
  const entries = index.findCasesByName(name);
  if (entries.length === 0) return undefined;
  return { kind: 'case-by-name', key: `name:${caseNameKey(name)}`, entries: [...entries] };
}

/**
 * Resolves one written citation against the index: a neutral or reporter citation (any spelling the
 * parser normalises), a citation of a court outside the index, an IRPA/IRPR provision, or a case
 * name without a citation. Never throws on odd input; unresolvable text gets a reason.
 */
export function resolveCitation(written: string, index: ResearchIndex, now: Date): Resolution {
  const text = written.trim().slice(0, MAX_PARSED_LENGTH);
  const parsed = parseCitations(text, { index, now });
  const cases = parsed.filter(isCaseCitation).sort((a, b) => a.start - b.start);
  if (cases.length > 0) return resolveCase(cases, index);

  const outside = findOutOfScopeCitations(text)[0];
  if (outside) {
    return {
      kind: 'unresolved',
      key: outside.citation,
      cause: 'outside-index',
      detail: `not in the index: ${outside.citation} is a decision of ${outside.court}, which is outside the index (it covers only SCC, FCA and FC decisions)`,
    };
  }

  const statute = parsed.find((c) => c.kind === 'statute');
  if (statute?.kind === 'statute') return resolveProvision(statute.provisionId, index);

  const named = parsed.find((c) => c.kind === 'style-of-cause');
  const byName = (named?.kind === 'style-of-cause' ? resolveName(named.name, index) : undefined) ?? resolveName(text, index);
  if (byName) return byName;

  const key = text.replace(/\s+/g, ' ').toLowerCase();
  if (named?.kind === 'style-of-cause' || /\sv\.?\s/i.test(text)) {
    return { kind: 'unresolved', key: `name:${caseNameKey(text)}`, cause: 'not-indexed', detail: `not in the index: no decision with this style of cause is among ${decisionsCovered(index)}` };
  }
  return {
    kind: 'unresolved',
    key,
    cause: 'unreadable',
    detail: 'not a recognisable citation (expected e.g. "2019 SCC 65", "[1999] 2 SCR 817", "IRPA 40(1)(a)" or a style of cause); nothing in the index matches it',
  };
}
