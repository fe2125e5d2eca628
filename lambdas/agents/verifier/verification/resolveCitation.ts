import { caseNameKey } from '../../../core/caselaw/caseNameKey';
import type { CaseEntry, Provision } from '../../../core/caselaw/indexSchema';
import type { ResearchIndex } from '../../../core/caselaw/loadIndex';
import type { NeutralCitation, ParsedCitation, ReporterCitation } from '../../../core/citations/citationSchema';
import { parseCitations } from '../../../core/citations/parseCitations';
import { findOutOfScopeCitations } from './courtScope';
import { resolveProvision } from './resolveProvision';

/** A neutral citation of a court that an external source (CanLII) can look up directly. */
export interface NeutralLookup {
  /** Normalised, e.g. `2021 FC 1052`. */
  citation: string;
  year: number;
  court: NeutralCitation['court'];
  number: number;
}

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
  | {
      kind: 'provision';
      key: string;
      requested: string;
      provision: Provision;
      exact: boolean;
      /** Set when the statute says the provision is no longer in force: what repealed it, and why this id is caught by it. */
      repealed?: { by: string; reason: string; replacedBy?: string };
    }
  | {
      kind: 'unresolved';
      key: string;
      cause: UnresolvedCause;
      detail: string;
      /** For a well-formed neutral citation of the SCC, FCA or FC the index lacks: what an external source can look up. */
      lookup?: NeutralLookup;
      /** Style of cause written inside the citation text itself. */
      writtenName?: string;
    };

/**
 * Why a citation resolves to nothing in the index:
 * - `invalid`: it cannot exist (the parser's `valid: false`) → `fabricated`;
 * - `decision-not-indexed`: a well-formed decision citation the index does not hold → `unverified`;
 * - `provision-not-indexed`: an IRPA/IRPR provision the index does not hold → `unverified`;
 * - `name-not-indexed`: a style of cause without a citation that names no decision in the index → `unverified`;
 * - `outside-index`: a court or tribunal the index does not cover → `unverified`;
 * - `unreadable`: not a recognisable citation at all → `unverified`.
 */
export type UnresolvedCause = 'invalid' | 'decision-not-indexed' | 'provision-not-indexed' | 'name-not-indexed' | 'outside-index' | 'unreadable';

/** The advice every `unverified` detail carries (DESIGN §3: never called fabricated, never relied on). */
export const UNVERIFIED_OFFLINE = 'could not be verified offline; check it on CanLII before relying on it';

/** Longest text handed to the parser: a citation is short; anything longer is garbled input. */
const MAX_PARSED_LENGTH = 1000;

type CaseCitation = NeutralCitation | ReporterCitation;

const isCaseCitation = (c: ParsedCitation): c is CaseCitation => c.kind === 'neutral' || c.kind === 'reporter';

/** Kinds this module reads itself; any other kind the parser emits (e.g. a report series outside the index) is a decision citation. */
const READ_HERE: ReadonlySet<string> = new Set(['neutral', 'reporter', 'statute', 'style-of-cause']);

export function describeCase(entry: CaseEntry): string {
  return `${entry.name}, ${entry.citations[0]}`;
}

const decisionsCoveredShort = 'SCC, FCA and FC decisions';

function decisionsCovered(index: ResearchIndex): string {
  return `the ${index.cases.length} decisions (SCC, FCA, FC) in the bundled index`;
}


function lookupOf(citation: CaseCitation): NeutralLookup | undefined {
  if (citation.kind !== 'neutral') return undefined;
  return { citation: citation.citation, year: citation.year, court: citation.court, number: citation.number };
}

function resolveCase(hits: CaseCitation[], index: ResearchIndex): Resolution {
  const [primary, ...others] = hits;
  const key = primary.citation;
  const writtenName = primary.name !== undefined ? { writtenName: primary.name } : {};
  if (!primary.valid) return { kind: 'unresolved', key, cause: 'invalid', detail: `${key} cannot exist: ${primary.reason ?? 'it is not a possible citation'}`, ...writtenName };
  const entry = index.findCaseByCitation(primary.citation);
  if (!entry) {
    const lookup = lookupOf(primary);
    return {
      kind: 'unresolved',
      key,
      cause: 'decision-not-indexed',
      detail: `${UNVERIFIED_OFFLINE} (${key} is not one of ${decisionsCovered(index)})`,
      ...(lookup ? { lookup } : {}),
      ...writtenName,
    };
  }
  const conflicts: Array<{ citation: string; entry: CaseEntry }> = [];
  const unchecked: string[] = [];
  for (const other of others) {
    const found = index.findCaseByCitation(other.citation);
    if (found && found !== entry) conflicts.push({ citation: other.citation, entry: found });
    else if (!found) unchecked.push(other.citation);
  }
  return { kind: 'case', key, entry, conflicts, unchecked, ...writtenName };
}

function resolveName(name: string, index: ResearchIndex): Resolution | undefined {
  const entries = index.findCasesByName(name);
  if (entries.length === 0) return undefined;
  return { kind: 'case-by-name', key: `name:${caseNameKey(name)}`, entries: [...entries] };
}

/**
 * A citation of a kind this module does not read itself (another court's or a tribunal's citation,
 * a CanLII identifier, …): the parser's validity decides between `fabricated` and `unverified`.
 */
function resolveOtherKind(citation: ParsedCitation): Resolution {
  const key = citation.normalized;
  if (!citation.valid) return { kind: 'unresolved', key, cause: 'invalid', detail: `${key} cannot exist: ${citation.reason ?? 'it is not a possible citation'}` };
  const courtName = 'courtName' in citation && typeof citation.courtName === 'string' ? citation.courtName : undefined;
  const what = courtName ? `a decision of ${courtName}, outside the bundled index, which covers only ${decisionsCoveredShort}` : 'not a citation the bundled index holds';
  return { kind: 'unresolved', key, cause: courtName ? 'outside-index' : 'decision-not-indexed', detail: `${UNVERIFIED_OFFLINE} (${key} is ${what})` };
}

/**
 * Resolves one written citation against the index: a neutral or reporter citation (any spelling the
 * parser normalises), a citation of a court outside the index, a citation of another kind the
 * parser reads (a report series the index does not hold), an IRPA/IRPR provision, or a case name
 * without a citation. Never throws on odd input; unresolvable text gets a cause and a reason.
 */
export function resolveCitation(written: string, index: ResearchIndex, now: Date): Resolution {
  const text = written.trim().slice(0, MAX_PARSED_LENGTH);
  const parsed = parseCitations(text, { index, now });
  const cases = parsed.filter(isCaseCitation).sort((a, b) => a.start - b.start);
  if (cases.length > 0) return resolveCase(cases, index);

  const outside = findOutOfScopeCitations(text, now)[0];
  if (outside) {
    if ('valid' in outside && outside.valid === false) {
      const reason = 'reason' in outside && typeof outside.reason === 'string' ? outside.reason : 'it is not a possible citation';
      return { kind: 'unresolved', key: outside.citation, cause: 'invalid', detail: `${outside.citation} cannot exist: ${reason}` };
    }
    return {
      kind: 'unresolved',
      key: outside.citation,
      cause: 'outside-index',
      detail: `${UNVERIFIED_OFFLINE} (${outside.citation} is a decision of ${outside.court}, outside the bundled index, which covers only ${decisionsCoveredShort})`,
    };
  }

  const other = parsed.find((c) => !READ_HERE.has(c.kind));
  if (other) return resolveOtherKind(other);

  const statute = parsed.find((c) => c.kind === 'statute');
  if (statute?.kind === 'statute') return resolveProvision(statute.provisionId, index);

  const named = parsed.find((c) => c.kind === 'style-of-cause');
  const byName = (named?.kind === 'style-of-cause' ? resolveName(named.name, index) : undefined) ?? resolveName(text, index);
  if (byName) return byName;

  const key = text.replace(/\s+/g, ' ').toLowerCase();
  if (named?.kind === 'style-of-cause' || /\sv\.?\s/i.test(text)) {
    return {
      kind: 'unresolved',
      key: `name:${caseNameKey(text)}`,
      cause: 'name-not-indexed',
      detail: `${UNVERIFIED_OFFLINE} (no citation was given, and no decision with this style of cause is among ${decisionsCovered(index)})`,
    };
  }
  return {
    kind: 'unresolved',
    key,
    cause: 'unreadable',
    detail:
      'not a recognisable citation (expected e.g. "2019 SCC 65", "[1999] 2 SCR 817", "IRPA 40(1)(a)" or a style of cause), so it could not be verified; check what it refers to before relying on it',
  };
}
