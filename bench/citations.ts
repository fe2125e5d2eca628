/**
 * Citation benchmarks: `npx tsx bench/citations.ts` prints JSON.
 * - indexLoadColdMs: read both data files, JSON.parse, validate and build the lookups (no memo).
 * - indexLoadFirstCallMs / indexLoadWarmMs: first and memoised calls of loadResearchIndex().
 * - parse200CitationsMs: median over runs of parseCitations on a ~200-citation document.
 */
import { lookAlikeProblems, lookAlikes, spellingMiss, spellings } from '../test/unit/citations/heldOutCorpora';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildResearchIndex, loadResearchIndex, type ResearchIndex } from '../lambdas/core/caselaw/loadIndex';
import { parseCitations } from '../lambdas/core/citations/parseCitations';
import { median, round, time } from './timing';

const RUNS = 25;


/** A submission-style document with 200 citations in the spellings the parser has to handle. */
export function citationDocument(index: ResearchIndex, citations = 200): string {
  const paragraphs: string[] = [];
  for (let i = 0; paragraphs.length < citations; i += 1) {
    const entry = index.cases[i % index.cases.length];
    const provision = index.provisions[i % index.provisions.length];
    const forms = [
      `In ${entry.name}, ${entry.citations[0]} at para ${(i % 90) + 1}, the Court considered the officer's reasons.`,
      `As ${entry.shortName} shows (${entry.citations[0]}), the record must support the finding.`,
      `The officer relied on ${provision.id.replace(/^IRPA /, 's. ').replace(/^IRPR /, 'paragraph ')}${provision.instrument === 'IRPA' ? ' of the Act' : ' of the Regulations'}.`,
      `See also ${2005 + (i % 20)} FC ${100 + i}, at paras ${i % 40}-${(i % 40) + 3}.`,
    ];
    paragraphs.push(forms[i % forms.length]);
  }
  return paragraphs.join('\n\n');
}

export async function benchCitations(): Promise<Record<string, number>> {
  const dataDir = join(__dirname, '../data');
  const cold = time(() =>
    buildResearchIndex({
      cases: JSON.parse(readFileSync(join(dataDir, 'cases.json'), 'utf8')) as unknown,
      provisions: JSON.parse(readFileSync(join(dataDir, 'provisions.json'), 'utf8')) as unknown,
    }),
  );
  const first = time(() => loadResearchIndex());
  const warm = time(() => loadResearchIndex());
  const index = first.value;

  const document = citationDocument(index);
  const firstParse = time(() => parseCitations(document, { index }));
  const runs = Array.from({ length: RUNS }, () => time(() => parseCitations(document, { index })).ms);
  const occurrences = firstParse.value.reduce((n, c) => n + c.occurrences.length, 0);

  // The held-out corpora (test/corpus/citations/): look-alikes that get a flag or a citation not in
  // them, and genuine spellings read as the case or provision they cite.
  const now = new Date();
  const alikes = lookAlikes();
  let lookAlikesWrong = 0;
  for (const row of alikes) if ((await lookAlikeProblems(row, index, now)).length > 0) lookAlikesWrong += 1;
  const spelled = spellings();
  const spellingsRead = spelled.filter((row) => spellingMiss(row, index, now) === undefined).length;

  return {
    lookAlikesWrong,
    lookAlikes: alikes.length,
    spellingsRead,
    spellings: spelled.length,
    spellingRecallPct: round((100 * spellingsRead) / spelled.length),
    indexLoadColdMs: round(cold.ms),
    indexLoadFirstCallMs: round(first.ms),
    indexLoadWarmMs: round(warm.ms),
    parse200CitationsFirstMs: round(firstParse.ms),
    parse200CitationsMs: round(median(runs)),
    documentChars: document.length,
    citationOccurrencesFound: occurrences,
    distinctCitationsFound: firstParse.value.length,
  };
}

if (require.main === module) {
  benchCitations()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
