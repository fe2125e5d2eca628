import type * as z from 'zod';
import { normalizeCitation } from '../citations/normalizeCitation';
import { CaseEntry, CaseIndexFile, Provision, ProvisionIndexFile } from './indexSchema';

export type IndexValidation =
  | { ok: true; cases: CaseEntry[]; provisions: Provision[] }
  | { ok: false; problems: string[] };

function describeIssues(file: string, raw: unknown, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const [index, ...rest] = issue.path;
    const entry = Array.isArray(raw) && typeof index === 'number' ? (raw[index] as { id?: unknown } | undefined) : undefined;
    const id = typeof entry?.id === 'string' ? ` (${entry.id})` : '';
    const where = typeof index === 'number' ? `${file}[${index}]${id}` : file;
    const field = rest.length > 0 ? `.${rest.join('.')}` : '';
    return `${where}${field}: ${issue.message}`;
  });
}

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(values.filter((v) => (seen.has(v) ? true : (seen.add(v), false))))];
}

const NEUTRAL_FORM = /^(\d{4}) (SCC|FCA|FC) \d+$/;

function citationProblems(entry: CaseEntry): string[] {
  const problems: string[] = [];
  for (const citation of entry.citations) {
    const normal = normalizeCitation(citation);
    if (normal !== citation) {
      problems.push(
        `case "${entry.id}": citation "${citation}" is not a normalised neutral or reporter citation` +
          (normal ? ` (expected "${normal}")` : ''),
      );
    }
  }
  const neutral = NEUTRAL_FORM.exec(entry.citations[0]);
  if (neutral && Number(neutral[1]) !== entry.year) {
    problems.push(`case "${entry.id}": citation "${entry.citations[0]}" does not match year ${entry.year}`);
  }
  if (neutral && neutral[2] !== entry.court) {
    problems.push(`case "${entry.id}": citation "${entry.citations[0]}" does not match court ${entry.court}`);
  }
  if (!entry.name.toLowerCase().includes(entry.shortName.toLowerCase())) {
    problems.push(`case "${entry.id}": shortName "${entry.shortName}" does not appear in the name "${entry.name}"`);
  }
  return problems;
}

function statusProblems(entry: CaseEntry, byCitation: Map<string, CaseEntry>): string[] {
  const problems: string[] = [];
  if (entry.status === 'good-law') {
    if (entry.supersededBy !== null) problems.push(`case "${entry.id}": good-law but supersededBy "${entry.supersededBy}" is set`);
    return problems;
  }
  if (entry.supersededBy === null && entry.replacedByNote === null) {
    problems.push(`case "${entry.id}": status ${entry.status} needs supersededBy or replacedByNote`);
  }
  if (entry.supersededBy !== null) {
    const target = byCitation.get(entry.supersededBy);
    if (!target) problems.push(`case "${entry.id}": supersededBy "${entry.supersededBy}" does not match any decision in the index`);
    else if (target.id === entry.id) problems.push(`case "${entry.id}": supersededBy points to itself`);
  }
  return problems;
}

function cycleProblems(cases: CaseEntry[], byCitation: Map<string, CaseEntry>): string[] {
  const problems: string[] = [];
  for (const start of cases) {
    const seen = new Set<string>([start.id]);
    let current: CaseEntry | undefined = start;
    while (current?.supersededBy) {
      current = byCitation.get(current.supersededBy);
      if (!current) break;
      if (seen.has(current.id)) {
        problems.push(`case "${start.id}": supersededBy chain loops back to "${current.id}"`);
        break;
      }
      seen.add(current.id);
    }
  }
  return problems;
}

/** Cross-entry checks on data that already passed the schema. */
export function findIndexProblems(cases: CaseEntry[], provisions: Provision[]): string[] {
  const problems: string[] = [];
  for (const id of duplicates(cases.map((c) => c.id))) problems.push(`case id "${id}" is used more than once`);
  for (const id of duplicates(provisions.map((p) => p.id))) problems.push(`provision id "${id}" is used more than once`);
  for (const citation of duplicates(cases.flatMap((c) => c.citations))) {
    problems.push(`citation "${citation}" belongs to more than one decision`);
  }
  const byCitation = new Map(cases.flatMap((c) => c.citations.map((citation) => [citation, c] as const)));
  const provisionIds = new Set(provisions.map((p) => p.id));
  for (const provision of provisions) {
    if (!provision.id.startsWith(`${provision.instrument} `)) {
      problems.push(`provision "${provision.id}": id does not start with its instrument ${provision.instrument}`);
    }
  }
  for (const entry of cases) {
    problems.push(...citationProblems(entry), ...statusProblems(entry, byCitation));
    for (const id of entry.provisions) {
      if (!provisionIds.has(id)) problems.push(`case "${entry.id}": provision "${id}" is not in provisions.json`);
    }
  }
  problems.push(...cycleProblems(cases, byCitation));
  return problems;
}

/** Schema and cross-reference validation of the raw research data (as read from the JSON files). */
export function validateResearchData(raw: { cases: unknown; provisions: unknown }): IndexValidation {
  const cases = CaseIndexFile.safeParse(raw.cases);
  const provisions = ProvisionIndexFile.safeParse(raw.provisions);
  const schemaProblems = [
    ...(cases.success ? [] : describeIssues('cases', raw.cases, cases.error)),
    ...(provisions.success ? [] : describeIssues('provisions', raw.provisions, provisions.error)),
  ];
  if (!cases.success || !provisions.success) return { ok: false, problems: schemaProblems };
  const problems = findIndexProblems(cases.data, provisions.data);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, cases: cases.data, provisions: provisions.data };
}
