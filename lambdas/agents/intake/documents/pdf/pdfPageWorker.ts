/**
 * The entry module of a PDF worker thread (started by pdfWorkerPool.ts). It reads the pages the pool
 * hands it with the same page reader as the calling thread (readPdfPage.ts: text layer and hidden-text
 * screening), so a page is parsed once, where it is read, and only its screened text travels back.
 *
 * One job at a time: the document is opened, its pages claimed from the shared counter one at a time
 * and sent a few at a time (at most PAGES_PER_REPORT pages, REPORT_TEXT_CHARS of text), and the
 * document is destroyed before `done` is sent, so a thread holds at most one open PDF.
 *
 * Bundled, this module is `dist/cli/pdfPageWorker.js` (bin/build/cliBuild.js) or the `pdfPageWorker.js`
 * beside a Lambda's `index.js`; from the TypeScript sources (jest, tsx) the pool starts it through tsx.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import { loadPdfjs } from '../loadPdfjs';
import { claimPage, type PageReport, type ReadJob, type WorkerReport } from './pdfWorkerMessages';
import { PDFJS_OPTIONS, pdfErrorName, readPdfPage } from './readPdfPage';
import { refuseWebInflateOnPdfOnlyThread } from './syncInflate';

/**
 * Pages read before they are sent on. Each message costs a fixed 0.1-0.2 ms whatever its size (the
 * post here, and the pool's thread waking up to take it, on a core a reading thread needs), against
 * 3-5 ms to read a page: sending every page on its own made a 300-page read ~7% slower than batches
 * of 8 (bench/pdfExtraction.ts). A thread that dies takes its unsent pages with it, and the caller
 * reads those again (extractPdf.ts): a few pages more to read, none lost.
 */
const PAGES_PER_REPORT = 8;
/** …or sooner, once they hold this much text: a batch of dense pages stays small. */
const REPORT_TEXT_CHARS = 256 * 1024;

async function readJob(port: MessagePort, { job, data, counter }: ReadJob): Promise<void> {
  const report = (message: WorkerReport) => port.postMessage(message);
  let unsent: PageReport[] = [];
  let unsentChars = 0;
  const sendPages = () => {
    if (unsent.length) report({ kind: 'pages', job, pages: unsent });
    unsent = [];
    unsentChars = 0;
  };
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
    const claims = new Int32Array(counter);
    for (let n = claimPage(claims); n <= numPages; n = claimPage(claims)) {
      const read = await readPdfPage(pdfjs, pdf, n).catch(() => null);
      unsent.push({ page: n, read });
      unsentChars += read?.text.length ?? 0;
      if (unsent.length >= PAGES_PER_REPORT || unsentChars >= REPORT_TEXT_CHARS) sendPages();
    }
  } finally {
    sendPages();
    await task.destroy().catch(() => undefined);
    report({ kind: 'done', job });
  }
}

if (parentPort) {
  const port = parentPort;
  refuseWebInflateOnPdfOnlyThread();
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
