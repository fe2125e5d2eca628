import '../local/polyfills';
import { benchCliRun } from './cliRun';
import { benchSessionStore } from './sessionStore';
import { benchPdfExtraction } from './pdfExtraction';
import { benchCitations } from './citations';
import { benchVerification } from './verification';
import { benchResearch } from './research';
import { benchArchiveBounds } from './archiveBounds';
import { benchDocumentSizeLimit } from './documentSizeLimit';
import { benchWorkflowRuns } from './workflowRuns';
import { benchStatuteIndex } from './statuteIndex';
import { benchCitationReading } from './citationReading';
import { benchCdk } from './cdkSynth';
import { benchReportPdf } from './reportPdf';
import { benchModelLayer } from './modelLayer';
import { benchLoadAudits } from './loadAudits';
import { benchReading } from './reading';
import { benchHostedStatusLatency } from './hostedStatusLatency';
import { benchJudgment } from './judgment';
import { benchOcr } from './ocr';
import { benchReportLength } from './reportLength';
import { formatTable, targetFigures } from './summaryTable';

/** Each bench: its id (for `npm run bench -- <id>…`), what it measures, and how to run it. */
const BENCHES: Array<{ id: string; about: string; run: () => Promise<unknown> }> = [
  { id: 'cliRun', about: 'the CLI on the 10-document example: cold and warm host, peak RSS, npx, workflows command, five at once', run: () => benchCliRun() },
  { id: 'workflowRuns', about: 'every bundled example through the CLI, rules only, host up', run: () => benchWorkflowRuns() },
  { id: 'sessionStore', about: 'session store latency, on disk through the host', run: () => benchSessionStore() },
  { id: 'pdfExtraction', about: 'PDF extraction beside pdftotext', run: () => benchPdfExtraction() },
  { id: 'citations', about: 'case-law index load and citation parsing', run: () => benchCitations() },
  { id: 'verification', about: 'verifying 200 citations', run: () => benchVerification() },
  { id: 'research', about: 'BM25 build, search, a full detective run', run: () => benchResearch() },
  { id: 'statuteIndex', about: 'statute index load, lookups and search', run: () => benchStatuteIndex() },
  { id: 'citationReading', about: 'reading and verifying every citation of a 300-page document', run: () => benchCitationReading() },
  { id: 'archiveBounds', about: 'four 3 GiB DOCX bombs (all too-large, bounded memory)', run: () => benchArchiveBounds() },
  { id: 'documentSizeLimit', about: 'a document-list audit with a 50 MB text file at the limit and one a byte over (read in full / too-large)', run: () => benchDocumentSizeLimit() },
  { id: 'reportPdf', about: 'Markdown + PDF of an Ultra report with 300 findings, and a typical report\'s PDF size', run: () => benchReportPdf() },
  { id: 'reportLength', about: 'every bundled example\'s report PDF at guest/pro/ultra: pages and words before the appendix, total pages, against guest ≤ 2 and pro ≤ 4 pages', run: () => benchReportLength() },
  { id: 'modelLayer', about: 'model calls, tokens and cost per example and tier (fake Bedrock), the layer\'s own time per call', run: () => benchModelLayer() },
  { id: 'loadAudits', about: '50 concurrent audits on one local runtime: throughput, p50/p99, peak memory, lost and duplicated', run: () => benchLoadAudits() },
  { id: 'reading', about: 'the reading score on the variation corpus: precision and recall per fact kind and language, typing accuracy', run: () => benchReading() },
  { id: 'judgment', about: 'the judgment score on the case corpus (test/corpus/judgment), rules only: verdicts within the acceptable set, provision precision and recall, strong files alarmed, deadlines, forum', run: () => benchJudgment() },
  { id: 'hostedStatusLatency', about: '`case-audit status` while the host runs a CPU-heavy audit for another command, beside an idle host', run: () => benchHostedStatusLatency() },
  { id: 'ocr', about: 'local OCR: seconds per scanned page, peak RSS, a 10-page scanned folder through the CLI (--ocr local and off); run npm run build first', run: () => benchOcr() },
  { id: 'cdk', about: 'cdk synth, Lambda bundle sizes and import times', run: () => benchCdk() },
];

/** `npm run bench [-- id…]`: prints each bench's numbers, then one table of figures against targets. Asserts nothing. */
async function main(ids: string[]) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const unknown = ids.filter((id) => !BENCHES.some((b) => b.id === id));
  if (unknown.length) throw new Error(`unknown bench ${unknown.join(', ')} (one of ${BENCHES.map((b) => b.id).join(', ')})`);
  const results: Record<string, unknown> = {};
  for (const bench of BENCHES.filter((b) => !ids.length || ids.includes(b.id))) {
    process.stderr.write(`bench: ${bench.id} — ${bench.about}…\n`);
    results[bench.id] = await bench.run();
    process.stdout.write(`${bench.id}: ${bench.about}\n${JSON.stringify(results[bench.id], null, 2)}\n\n`);
  }
  const [load1] = (await import('node:os')).loadavg();
  process.stdout.write(`Figures against targets (load average ${load1.toFixed(2)} on ${(await import('node:os')).availableParallelism()} cores):\n${formatTable(targetFigures(results))}\n`);
  // The reading score's line is the very last line (issue 29): `reading: typing A%, recall R%, precision P%, french recall F%`.
  const reading = results.reading as { line?: string } | undefined;
  if (reading?.line) process.stdout.write(`${reading.line}\n`);
  // The judgment score's line (issue 30) is the very last: `judgment: verdicts V%, provision precision P%, recall R%, strong files alarmed N`.
  const judgment = results.judgment as { line?: string } | undefined;
  if (judgment?.line) process.stdout.write(`${judgment.line}\n`);
}

main(process.argv.slice(2)).catch((e) => {
  console.error(e);
  process.exit(1);
});
