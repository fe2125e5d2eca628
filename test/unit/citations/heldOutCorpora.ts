/**
 * Reads the two held-out corpora in test/corpus/citations/ and measures them: look-alike sentences
 * (flags and provisions that are not in them) and genuine citations in varied spellings (recall).
 * Shared by heldOutCorpora.test.ts and bench/citations.ts.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { ResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { parseCitations } from '../../../lambdas/core/citations/parseCitations';
import { citationsInText } from '../../../lambdas/agents/verifier/verification/citationsInText';
import { verifyCitations } from '../../../lambdas/agents/verifier/verification/verifyCitations';

const DIR = join(__dirname, '..', '..', 'corpus', 'citations');
export interface LookAlike { text: string; expected: string[] }
export interface Spelling { input: string; kind: string; id: string; before?: string; lang: string }

export const lookAlikes = (): LookAlike[] => JSON.parse(readFileSync(join(DIR, 'lookalikes.json'), 'utf8')).rows;
export const spellings = (): Spelling[] => JSON.parse(readFileSync(join(DIR, 'spellings.json'), 'utf8')).rows;

/** What is wrong with the reading of a look-alike: citations not in it, or a verifier flag. */
export async function lookAlikeProblems(row: LookAlike, index: ResearchIndex, now: Date): Promise<string[]> {
  const problems: string[] = [];
  for (const mode of ['document', 'immigration'] as const) {
    for (const c of parseCitations(row.text, { now, index, mode })) if (!row.expected.includes(c.id)) problems.push(`${mode}: read ${c.kind} ${c.id}`);
  }
  const result = await verifyCitations(citationsInText(row.text, 'document:lookalike', index, now, 'document'), index, { iteration: 1, now });
  for (const f of result.failed) if (f.issue !== 'unverified' || !row.expected.includes(f.citation)) problems.push(`flag ${f.issue} on ${f.citation}`);
  return problems;
}

/** Why a spelling was not read as expected, or undefined when it was. */
export function spellingMiss(row: Spelling, index: ResearchIndex, now: Date): string | undefined {
  const before = row.before ?? '';
  const found = parseCitations(before + row.input, { now, index });
  const inInput = found.filter((c) => c.occurrences.some((o) => o.end > before.length));
  if (inInput.some((c) => c.kind === row.kind && c.id === row.id)) return undefined;
  return `read as ${JSON.stringify(inInput.map((c) => `${c.kind}:${c.id}`))}`;
}
