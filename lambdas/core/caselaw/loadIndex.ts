import casesJson from '../../../data/cases.json';
import provisionsJson from '../../../data/provisions.json';
import type { CitationParserIndex } from '../citations/parseCitations';
import { normalizeCitation } from '../citations/normalizeCitation';
import { caseNameKey } from './caseNameKey';
import { validateResearchData } from './indexChecks';
import type { CaseEntry, Provision } from './indexSchema';
import { DeterministicError } from '../errors/deterministicError';

/** The bundled data failed validation; `problems` lists each one. */
export class ResearchIndexInvalid extends DeterministicError {
  override readonly name = 'ResearchIndexInvalid';
  constructor(readonly problems: string[]) {
    super(`research index is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}): ${problems.join('; ')}`);
  }
}

/** The bundled case-law and statute index with its lookups. Also usable as the citation parser's index. */
export interface ResearchIndex extends CitationParserIndex {
  readonly cases: readonly CaseEntry[];
  readonly provisions: readonly Provision[];
  /** By any citation of the decision, in any accepted spelling (`[1999] 2 S.C.R. 817`, `2019 CSC 65`). */
  findCaseByCitation(citation: string): CaseEntry | undefined;
  findCaseById(id: string): CaseEntry | undefined;
  /** By style of cause or short name, ignoring case and punctuation. Several decisions can share a name. */
  findCasesByName(name: string): readonly CaseEntry[];
  /** By canonical id (`IRPA 40(1)(a)`). */
  findProvision(id: string): Provision | undefined;
  /** The provision itself or the closest enclosing one held (`IRPA 38(1)(c)` → `IRPA 38(1)`). */
  findProvisionOrAncestor(id: string): Provision | undefined;
  /** The decisions that replaced this one, nearest first (`Pushpanathan` → `Dunsmuir` → `Vavilov`). */
  replacementChain(entry: CaseEntry): readonly CaseEntry[];
}

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

function canonicalProvisionId(id: string): string {
  return id.trim().replace(/\s+/g, ' ').replace(/ (?=\()/g, '');
}

function createIndex(cases: CaseEntry[], provisions: Provision[]): ResearchIndex {
  const byCitation = new Map<string, CaseEntry>();
  const byId = new Map<string, CaseEntry>();
  const byName = new Map<string, CaseEntry[]>();
  for (const entry of cases) {
    byId.set(entry.id, entry);
    for (const citation of entry.citations) byCitation.set(citation, entry);
    addTo(byName, caseNameKey(entry.name), entry);
    for (const part of entry.name.split(';')) addTo(byName, caseNameKey(part), entry);
    addTo(byName, caseNameKey(entry.shortName), entry);
  }
  const byProvisionId = new Map(provisions.map((p) => [p.id, p]));
  const shortNames = new Set(cases.map((c) => c.shortName));
  const standaloneShortNames = [...new Set(cases.filter((c) => c.shortNameStandsAlone).map((c) => c.shortName))];

  const findProvision = (id: string) => byProvisionId.get(canonicalProvisionId(id));
  return {
    cases,
    provisions,
    standaloneShortNames,
    isKnownShortName: (name) => shortNames.has(name),
    findCaseByCitation: (citation) => byCitation.get(normalizeCitation(citation) ?? citation.trim()),
    findCaseById: (id) => byId.get(id),
    findCasesByName: (name) => byName.get(caseNameKey(name)) ?? [],
    findProvision,
    findProvisionOrAncestor(id) {
      let current = canonicalProvisionId(id);
      for (;;) {
        const found = byProvisionId.get(current);
        if (found) return found;
        const parent = current.replace(/\([^()]*\)$/, '');
        if (parent === current) return undefined;
        current = parent;
      }
    },
    replacementChain(entry) {
      const chain: CaseEntry[] = [];
      let next = entry.supersededBy ? byCitation.get(entry.supersededBy) : undefined;
      while (next && !chain.includes(next) && next !== entry) {
        chain.push(next);
        next = next.supersededBy ? byCitation.get(next.supersededBy) : undefined;
      }
      return chain;
    },
  };
}

/** Validates raw research data and builds its lookups; throws ResearchIndexInvalid listing every problem. */
export function buildResearchIndex(raw: { cases: unknown; provisions: unknown }): ResearchIndex {
  const result = validateResearchData(raw);
  if (!result.ok) throw new ResearchIndexInvalid(result.problems);
  return createIndex(result.cases, result.provisions);
}

let bundled: ResearchIndex | undefined;

/** The bundled index from `data/`, validated and built once per process (container). */
export function loadResearchIndex(): ResearchIndex {
  bundled ??= buildResearchIndex({ cases: casesJson, provisions: provisionsJson });
  return bundled;
}
