/**
 * Entry of a bundle built by pdfWorkerBundle.test.ts: extracts the PDF named on the command line on
 * the pool's threads and prints the outcome and the pool's activity as one line of JSON.
 */
import { readFileSync } from 'node:fs';
import { extractPdf } from '../../../../lambdas/agents/intake/documents/extractPdf';
import { closePdfWorkers, pdfPoolActivity } from '../../../../lambdas/agents/intake/documents/pdfWorkerPool';

async function main(): Promise<void> {
  const outcome = await extractPdf(new Uint8Array(readFileSync(process.argv[2])), { parallel: true });
  process.stdout.write(`${JSON.stringify({ outcome, activity: pdfPoolActivity() })}\n`);
  await closePdfWorkers();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
