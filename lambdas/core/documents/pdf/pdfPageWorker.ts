/**
 * The entry module of a PDF worker thread (started by pdfWorkerPool.ts). It reads the pages the pool
 * hands it with the same page reader as the calling thread (readPdfPage.ts: text layer and hidden-text
 * screening), so a page is parsed once, where it is read, and only its screened text travels back.
 *
 * One job at a time: the document is opened, its pages claimed from the shared counter and sent one by
 * one (nothing accumulates here), and the document is destroyed before `done` is sent, so a thread
 * holds at most one open PDF.
 *
 * Bundled, this module is `dist/cli/pdfPageWorker.js` (bin/build/cliBuild.js) or the `pdfPageWorker.js`
 * beside a Lambda's `index.js`; from the TypeScript sources (jest, tsx) the pool starts it through tsx.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import { loadPdfjs } from '../loadPdfjs';
import { claimPage, type ReadJob, type WorkerReport } from './pdfWorkerMessages';
import { PDFJS_OPTIONS, pdfErrorName, readPdfPage } from './readPdfPage';
import { dropWebInflateOnPdfOnlyThread } from './syncInflate';

async function readJob(port: MessagePort, { job, data, counter }: ReadJob): Promise<void> {
  const report = (message: WorkerReport) => port.postMessage(message);
  const pdfjs = await (await loadPdfjs()).getResolvedPDFJS();
  const task = pdfjs.getDocument({ ...PDFJS_OPTIONS, data });
  try {
    let numPages: number;
    try {
      numPages = (await task.promise).numPages;
    } catch (error) {
      return report({ kind: 'open-failed', job, errorName: pdfErrorName(error) });
    }
    report({ kind: 'opened', job, numPages });
    const pdf = await task.promise;
    const pages = new Int32Array(counter);
    for (let n = claimPage(pages); n <= numPages; n = claimPage(pages)) {
      const read = await readPdfPage(pdfjs, pdf, n).catch(() => null);
      report({ kind: 'page', job, page: n, read });
    }
  } finally {
    await task.destroy().catch(() => undefined);
    report({ kind: 'done', job });
  }
}

if (parentPort) {
  const port = parentPort;
  dropWebInflateOnPdfOnlyThread();
  // Loaded at once, so that a thread started ahead of its first job is ready when the job comes.
  loadPdfjs().catch(() => undefined);
  let queue = Promise.resolve();
  port.on('message', (message: ReadJob) => {
    // The pool sends a thread its next job only after `done`; chaining keeps that true regardless.
    // Anything escaping a job (PDF.js cannot even be loaded) ends the thread: the pool sees it exit,
    // hands the job to another thread or back to the caller, and stops using threads that keep failing.
    queue = queue
      .then(() => readJob(port, message))
      .catch((error: unknown) => {
        setImmediate(() => {
          throw error;
        });
      });
  });
}
