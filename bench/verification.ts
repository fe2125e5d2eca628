/**
 * Verifier benchmark: `npx tsx bench/verification.ts` prints JSON.
 * - verify200CitationsMs: median over RUNS of verifyCitations on 200 mixed inputs (good law with
 *   propositions, superseded, fabricated, provisions, name mismatches, other courts, future years);
 *   target ≤ 50 ms.
 * - verify200CitationsFirstMs: the first (cold) run.
 * - collectAndVerifyDocumentMs: median of collecting and verifying the citations of a ~200-citation
 *   submission-style document (the same document as bench/citations.ts).
 */
import { loadResearchIndex, type ResearchIndex } from '../lambdas/core/caselaw/loadIndex';
import type { CitationInput } from '../lambdas/agents/verifier/verification/verificationSchema';
import { collectDocumentCitations, verifyCitations } from '../lambdas/agents/verifier/verification/verifyCitations';
import { citationDocument } from './citations';
import { median, round, time } from './timing';

const RUNS = 20;
const CITATIONS = 200;


/** 200 verifier inputs in the mix an audit produces, spread over three stages. */
export function mixedInputs(index: ResearchIndex, count = CITATIONS): CitationInput[] {
  const good = index.cases.filter((c) => c.status === 'good-law');
  const overtaken = index.cases.filter((c) => c.status !== 'good-law');
  const stages = ['detective', 'strategist', 'gatekeeper'];
  const inputs: CitationInput[] = [];
  for (let i = 0; inputs.length < count; i += 1) {
    const foundIn = stages[i % stages.length];
    const entry = good[i % good.length];
    const old = overtaken[i % overtaken.length];
    const provision = index.provisions[i % index.provisions.length];
    const forms: CitationInput[] = [
      { citation: entry.citations[0], name: entry.name, proposition: entry.propositions[i % entry.propositions.length], foundIn },
      { citation: `${entry.shortName}, ${entry.citations[0]}`, proposition: entry.holding.slice(0, 120), foundIn },
      { citation: old.citations[0], name: old.name, foundIn },
      { citation: `${2005 + (i % 19)} FC ${1500 + i}`, name: `Fabricated${i} v. Canada (Citizenship and Immigration)`, foundIn },
      { citation: provision.id, proposition: provision.summary.slice(0, 100), foundIn, kind: 'provision' },
      { citation: `Baker v. Canada, ${entry.citations[0]}`, foundIn },
      { citation: `${2015 + (i % 8)} ONCA ${i + 1}`, foundIn },
      { citation: `${2030 + (i % 5)} FC ${i + 1}`, foundIn },
    ];
    inputs.push(forms[i % forms.length]);
  }
  return inputs;
}

export async function benchVerification(): Promise<Record<string, number>> {
  const index = loadResearchIndex();
  const now = new Date();
  const inputs = mixedInputs(index);
  const first = time(() => verifyCitations(inputs, index, { iteration: 1, now }));
  const runs = Array.from({ length: RUNS }, () => time(() => verifyCitations(inputs, index, { iteration: 1, now })).ms);

  const previous = [first.value];
  const withPrevious = Array.from({ length: RUNS }, () => time(() => verifyCitations(inputs, index, { iteration: 2, previous, now })).ms);

  const docs = [{ docId: 'bench', pages: [{ page: 1, text: citationDocument(index) }] }];
  let documentCitations = 0;
  const documentRuns = Array.from({ length: RUNS }, () =>
    time(() => {
      const found = collectDocumentCitations(docs, { index, now });
      documentCitations = found.length;
      return verifyCitations(found, index, { iteration: 1, now });
    }).ms,
  );

  return {
    citations: inputs.length,
    verify200CitationsFirstMs: round(first.ms),
    verify200CitationsMs: round(median(runs)),
    verify200CitationsWithPreviousMs: round(median(withPrevious)),
    failedOf200: first.value.failed.length,
    documentCitations,
    collectAndVerifyDocumentMs: round(median(documentRuns)),
  };
}

if (require.main === module) {
  benchVerification()
    .then((result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    });
}
