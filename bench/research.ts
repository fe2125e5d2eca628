/**
 * Research benchmarks: `npx tsx bench/research.ts` prints JSON.
 * - bm25IndexBuildMs: median time to build the bundled source's BM25 index (index data already loaded).
 * - searchMedianMs / searchP95Ms: per search, over 50 realistic queries.
 * - runDetectiveSpousalMs: median full detective run (plan + research + selection), Pro tier, spousal file
 *   with an undisclosed refusal, bundled index only.
 */
import { loadResearchIndex } from '../lambdas/core/caselaw/loadIndex';
import type { ApplicantProfile, DocumentSummary } from '../lambdas/contracts/intakeOutput';
import { createBundledIndexSource } from '../lambdas/core/research/bundledIndexSource';
import { runDetective } from '../lambdas/agents/detective/research/detective';
import { ResearchBudget } from '../lambdas/core/research/researchBudget';
import { planResearch } from '../lambdas/agents/detective/research/researchPlan';
import type { ResearchQuery } from '../lambdas/core/research/researchSource';
import { getTiers } from '../workflows/registry';

const BUILD_RUNS = 20;
const DETECTIVE_RUNS = 20;
const QUERY_COUNT = 50;

const QUERIES: ResearchQuery[] = [
  { text: 'misrepresentation undisclosed prior refusal' },
  { text: 'genuine marriage bad faith primary purpose', applicationType: 'spousal-sponsorship' },
  { text: 'standard of review reasonableness' },
  { text: 'study permit applicant will leave Canada end of authorized stay', applicationType: 'study-permit', topics: ['study-permit', 'dual-intent'] },
  { text: 'sufficient funds financial capacity tuition living expenses', applicationType: 'study-permit' },
  { text: 'procedural fairness chance to respond to concerns', topics: ['procedural-fairness'] },
  { text: 'ability to perform the work language requirements', applicationType: 'work-permit' },
  { text: 'visitor will leave Canada home ties', applicationType: 'visitor-visa' },
  { text: 'humanitarian and compassionate relief unusual hardship' },
  { text: 'dual intent permanent residence temporary resident', kinds: ['provision'] },
];

function time<T>(fn: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = fn();
  return { ms: performance.now() - start, value };
}

async function timeAsync<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

const fact = (value: string, docId: string) => ({ value, evidence: { docId, quote: value } });

/** A spousal file (no personal data) with a refusal letter and a form answering No to prior refusals. */
function spousalFile(): { profile: ApplicantProfile; documents: DocumentSummary[] } {
  const doc = (docId: string, type: DocumentSummary['type']): DocumentSummary => ({
    docId, name: `${docId}.pdf`, status: 'ok', statusDetail: 'text extracted', type, typeReason: 'bench', pages: 2, characters: 4000,
  });
  return {
    profile: {
      funds: [fact('CAD 4,200.00', 'bank')],
      priorRefusals: [fact('Your application for a temporary resident visa has been refused.', 'refusal')],
      declarations: [fact('answered No: Have you ever been refused a visa or permit?', 'imm5669')],
      otherFacts: [],
    },
    documents: [doc('imm1344', 'imm-1344'), doc('imm5669', 'imm-5669'), doc('marriage', 'marriage-certificate'), doc('refusal', 'refusal-letter')],
  };
}

export async function benchResearch(): Promise<Record<string, number>> {
  const index = loadResearchIndex();
  const firstBuild = time(() => createBundledIndexSource({ index }));
  const builds = Array.from({ length: BUILD_RUNS }, () => time(() => createBundledIndexSource({ index })).ms);
  const source = firstBuild.value;

  const searches: number[] = [];
  let hits = 0;
  for (let i = 0; i < QUERY_COUNT; i += 1) {
    const run = await timeAsync(() => source.search(QUERIES[i % QUERIES.length]));
    searches.push(run.ms);
    hits += run.value.length;
  }

  const tier = getTiers().pro;
  const { profile, documents } = spousalFile();
  const detective = async () => {
    const plan = planResearch('spousal-sponsorship', profile, documents);
    return runDetective({ plan, sources: [source], budget: new ResearchBudget(tier.maxResearchCalls), tier, applicationType: 'spousal-sponsorship', index });
  };
  const firstDetective = await timeAsync(detective);
  const detectiveRuns: number[] = [];
  for (let i = 0; i < DETECTIVE_RUNS; i += 1) detectiveRuns.push((await timeAsync(detective)).ms);

  return {
    bm25IndexBuildFirstMs: round(firstBuild.ms),
    bm25IndexBuildMs: round(percentile(builds, 0.5)),
    indexedDocuments: index.cases.length + index.provisions.length,
    searchMedianMs: round(percentile(searches, 0.5)),
    searchP95Ms: round(percentile(searches, 0.95)),
    searches: QUERY_COUNT,
    hitsReturned: hits,
    runDetectiveSpousalFirstMs: round(firstDetective.ms),
    runDetectiveSpousalMs: round(percentile(detectiveRuns, 0.5)),
    detectiveAuthorities: firstDetective.value.authorities.length,
    detectiveSimilarCases: firstDetective.value.similarCases.length,
    detectiveResearchCalls: firstDetective.value.researchCalls.used,
  };
}

if (require.main === module) {
  benchResearch()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
