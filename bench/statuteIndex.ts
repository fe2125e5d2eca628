/**
 * Statute index benchmarks: `npx tsx bench/statuteIndex.ts` prints JSON.
 * - coldLoadMedianMs / coldLoadMaxMs: `loadStatuteIndex()` in a fresh Node process (its modules,
 *   zod included, already required; the JSON read, parsed, checked and indexed), over COLD_RUNS
 *   processes. Target ≤ 50 ms.
 * - coldRequireAndLoadMedianMs: the same plus requiring the statute modules (zod, bm25) first.
 * - englishWordsFirstLoadMs / frenchWordsFirstLoadMs: reading one language's words files on their first use
 *   (same process, warm): what the first quote or search in that language adds.
 * - fullValidationMs: the full zod schema and consistency checks over both files (generator/tests only).
 * - lookupsPerSecond: `lookupProvision` over a mix of in-force, repealed and missing ids.
 * - searchIndexBuildMs: the first English search (builds the BM25 index over ~5,700 units).
 * - searchMedianMs / searchP95Ms: per search afterwards, over realistic queries.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, round, time } from './timing';

const ROOT = join(__dirname, '..');
const COLD_RUNS = 7;
const LOOKUP_ROUNDS = 2_000;
const SEARCH_RUNS = 60;
const CHILD_FLAG = '--statute-cold-load';

const LOOKUP_IDS = [
  'IRPA 40(1)(a)', 'IRPR 216(1)(b)', 'IRPR 117(9)(b)', 'IRPA 25(1)', 'IRPR 4.1', 'IRPA 16', 'IRPR 1(1) "common-law partner"',
  'RIPR 1(1) "conjoint de fait"', 'LIPR 40(1)a)', 'IRPA 11.1', 'IRPA 13(2)(a)', 'IRPR 216(1)(z)', 'IRPA 40(7)', 'IRPR 4.7', 'IRPA 999',
];

const QUERIES = [
  'study permit officer satisfied leave Canada end of period',
  'misrepresenting or withholding material facts',
  'humanitarian and compassionate considerations best interests of a child',
  'marriage not genuine primarily for the purpose of acquiring status',
  'sufficient financial resources tuition living expenses study',
  'spouse common-law partner sponsor undertaking',
  'work permit ability to perform the work',
  'temporary resident visa dual intent permanent resident',
  'excluded relationship not examined at the time of sponsor application',
  'procedural fairness officer interview',
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/** In the child: require the modules, then time the one call. Prints JSON. */
function childColdLoad(): void {
  const started = performance.now();
  // Required here rather than imported so that module loading can be timed apart from the load itself.
  const { loadStatuteIndex } = require('../lambdas/core/statutes/loadStatuteIndex') as typeof import('../lambdas/core/statutes/loadStatuteIndex');
  const required = performance.now();
  const index = loadStatuteIndex();
  const loaded = performance.now();
  process.stdout.write(JSON.stringify({ loadMs: loaded - required, requireAndLoadMs: loaded - started, provisions: index.provisions.length }));
}

function coldLoads(): { loadMs: number[]; requireAndLoadMs: number[]; provisions: number } {
  const loadMs: number[] = [];
  const requireAndLoadMs: number[] = [];
  let provisions = 0;
  for (let i = 0; i < COLD_RUNS; i += 1) {
    const run = spawnSync(process.execPath, ['--require', 'tsx/cjs', __filename, CHILD_FLAG], { cwd: ROOT, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`cold-load child failed: ${run.stderr}`);
    const result = JSON.parse(run.stdout) as { loadMs: number; requireAndLoadMs: number; provisions: number };
    loadMs.push(result.loadMs);
    requireAndLoadMs.push(result.requireAndLoadMs);
    provisions = result.provisions;
  }
  return { loadMs, requireAndLoadMs, provisions };
}

export async function benchStatuteIndex(): Promise<Record<string, number>> {
  const cold = coldLoads();

  const { buildStatuteIndexFrom, loadStatuteIndex } = await import('../lambdas/core/statutes/loadStatuteIndex');
  const { lookupProvision } = await import('../lambdas/core/statutes/lookupProvision');
  const { searchStatutes } = await import('../lambdas/core/statutes/searchStatutes');
  const { loadStatuteWords } = await import('../lambdas/core/statutes/statuteWords');

  const raw = ['irpa.json', 'irpr.json'].map((name) => JSON.parse(readFileSync(join(ROOT, 'data/laws', name), 'utf8')) as unknown);
  const fullValidation = time(() => buildStatuteIndexFrom(raw));
  const index = loadStatuteIndex();
  const englishLoad = time(() => loadStatuteWords('en'));
  const frenchLoad = time(() => loadStatuteWords('fr'));

  for (const id of LOOKUP_IDS) lookupProvision(id, index); // warm up
  const lookups = time(() => {
    for (let round = 0; round < LOOKUP_ROUNDS; round += 1) for (const id of LOOKUP_IDS) lookupProvision(id, index);
  });

  const firstSearch = time(() => searchStatutes(QUERIES[0], { limit: 10 }, index));
  const searches: number[] = [];
  for (let i = 0; i < SEARCH_RUNS; i += 1) searches.push(time(() => searchStatutes(QUERIES[i % QUERIES.length], { limit: 10 }, index)).ms);

  const sizeOf = (names: string[]) => names.reduce((sum, name) => sum + readFileSync(join(ROOT, 'data/laws', name)).length, 0);
  return {
    coldLoadMedianMs: round(median(cold.loadMs)),
    coldLoadMaxMs: round(Math.max(...cold.loadMs)),
    coldRequireAndLoadMedianMs: round(median(cold.requireAndLoadMs)),
    englishWordsFirstLoadMs: round(englishLoad.ms),
    frenchWordsFirstLoadMs: round(frenchLoad.ms),
    fullValidationMs: round(fullValidation.ms),
    provisions: cold.provisions,
    indexBytes: sizeOf(['irpa.json', 'irpr.json']),
    englishWordsBytes: sizeOf(['irpa.en.json', 'irpr.en.json']),
    frenchWordsBytes: sizeOf(['irpa.fr.json', 'irpr.fr.json']),
    lookupsPerSecond: Math.round((LOOKUP_ROUNDS * LOOKUP_IDS.length) / (lookups.ms / 1000)),
    searchIndexBuildMs: round(firstSearch.ms),
    searchMedianMs: round(median(searches)),
    searchP95Ms: round(percentile(searches, 0.95)),
  };
}

if (require.main === module) {
  if (process.argv.includes(CHILD_FLAG)) {
    childColdLoad();
  } else {
    benchStatuteIndex()
      .then((result) => console.log(JSON.stringify(result, null, 2)))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  }
}
