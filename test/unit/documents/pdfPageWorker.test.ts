/**
 * A PDF worker thread on its own, spoken to the way the pool speaks to it (pdf/pdfWorkerMessages.ts):
 * every page it claims comes back exactly once, a few pages to a message, all before `done`.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { pdfjsBundlePath } from '../../../lambdas/agents/intake/documents/loadPdfjs';
import type { ReadJob, WorkerReport } from '../../../lambdas/agents/intake/documents/pdf/pdfWorkerMessages';
import { longPdf } from '../../fixtures/documents/pdfFixtures';

const ENTRY = join(__dirname, '..', '..', '..', 'lambdas', 'agents', 'intake', 'documents', 'pdf', 'pdfPageWorker.ts');

/** As the pool starts a thread from the TypeScript sources: PDF.js loaded natively, then tsx. */
function startWorker(): Worker {
  const bootstrap = [
    `require(${JSON.stringify(pdfjsBundlePath())});`,
    `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();`,
    `require(${JSON.stringify(ENTRY)});`,
  ].join('\n');
  return new Worker(bootstrap, { eval: true });
}

async function readOnOneThread(data: Uint8Array): Promise<WorkerReport[]> {
  const worker = startWorker();
  try {
    const reports: WorkerReport[] = [];
    const done = new Promise<void>((resolve, reject) => {
      worker.on('message', (report: WorkerReport) => {
        reports.push(report);
        if (report.kind === 'done') resolve();
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the thread exited (${code}) before it was done`)));
    });
    const job: ReadJob = { kind: 'read', job: 7, data, counter: new SharedArrayBuffer(4) };
    worker.postMessage(job, [data.buffer as ArrayBuffer]);
    await done;
    return reports;
  } finally {
    await worker.terminate();
  }
}

describe('a PDF worker thread', () => {
  it('sends every page it reads exactly once, at most 8 to a message, and says done after the last', async () => {
    const reports = await readOnOneThread(await longPdf(20, 5));
    expect(reports[0]).toEqual({ kind: 'opened', job: 7, numPages: 20 });
    expect(reports.at(-1)).toEqual({ kind: 'done', job: 7 });
    const batches = reports.flatMap((r) => (r.kind === 'pages' ? [r.pages] : []));
    expect(batches.map((pages) => pages.length)).toEqual([8, 8, 4]);
    const pages = batches.flat();
    expect(pages.map((p) => p.page)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(pages[16].read?.text).toMatch(/^Statement page 17 of 20\n/);
    expect(reports.filter((r) => r.kind !== 'pages').map((r) => r.kind)).toEqual(['opened', 'done']);
  }, 60_000);
});
