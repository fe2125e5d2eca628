/**
 * Reads the pages of a long PDF on several CPU cores. PDF.js parses on the calling thread (its
 * "fake worker" in Node), so a 300-page file is bound by one core; idle worker threads each open
 * their own copy of the document and pull page numbers from a shared counter, as does the caller.
 * Work stealing means a slow or failed worker costs nothing: the caller reads whatever is left,
 * and any page a worker claimed but did not return is read again by the caller.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { pdfjsBundlePath } from './loadPdfjs';

/** Text of each page read by a worker (null: the page could not be read). */
export type WorkerPages = Map<number, string | null>;

interface PooledWorker {
  worker: Worker;
  busy: boolean;
}

/**
 * Runs as CommonJS inside the worker thread. Its page-text rule is the one of `pageText` in
 * extractPdf.ts (item strings, a newline after items that end a line, NUL characters removed).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Without DecompressionStream PDF.js inflates content streams synchronously, which is faster for
// text extraction than a web stream per page; this thread's globals are its own.
delete globalThis.DecompressionStream;
const pdfjs = require(workerData.pdfjsPath);
parentPort.on('message', async ({ data, counter, numPages, options }) => {
  const next = new Int32Array(counter);
  const pages = [];
  const task = pdfjs.getDocument({ ...options, data });
  try {
    const pdf = await task.promise;
    for (let n = Atomics.add(next, 0, 1) + 1; n <= numPages; n = Atomics.add(next, 0, 1) + 1) {
      let text = null;
      try {
        const page = await pdf.getPage(n);
        try {
          const content = await page.getTextContent();
          text = '';
          for (const item of content.items) if ('str' in item) text += item.hasEOL ? item.str + '\\n' : item.str;
          if (text.includes('\\u0000')) text = text.replace(/\\u0000/g, '');
        } finally {
          page.cleanup();
        }
      } catch {
        text = null;
      }
      pages.push([n, text]);
    }
  } catch {
    // The caller reads the pages this worker did not return.
  } finally {
    await task.destroy().catch(() => undefined);
    parentPort.postMessage({ pages });
  }
});
`;

const pool: PooledWorker[] = [];
/** Workers that died with an error; after a few (e.g. PDF.js cannot load in a thread) the pool is off. */
let failures = 0;
const MAX_FAILURES = 2;

/** Worker threads to use besides the calling thread (none on a single-core machine). */
export function pdfWorkerLimit(): number {
  if (failures >= MAX_FAILURES) return 0;
  return Math.max(0, Math.min(availableParallelism() - 1, 3));
}

function spawn(): PooledWorker {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pdfjsPath: pdfjsBundlePath() } });
  worker.unref();
  const pooled: PooledWorker = { worker, busy: false };
  const drop = () => {
    const index = pool.indexOf(pooled);
    if (index !== -1) pool.splice(index, 1);
  };
  worker.once('error', () => {
    failures++;
    drop();
  });
  worker.once('exit', drop);
  pool.push(pooled);
  return pooled;
}

/** Idle workers, spawning up to the limit; busy ones (another document) are not waited for. */
function acquire(wanted: number): PooledWorker[] {
  const idle = pool.filter((p) => !p.busy).slice(0, wanted);
  while (idle.length < wanted && pool.length < pdfWorkerLimit()) idle.push(spawn());
  for (const p of idle) p.busy = true;
  return idle;
}

function runJob(pooled: PooledWorker, bytes: Uint8Array, counter: SharedArrayBuffer, numPages: number, options: object): Promise<WorkerPages> {
  return new Promise((resolve) => {
    const { worker } = pooled;
    const finish = (pages: [number, string | null][]) => {
      worker.off('message', onMessage);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
      pooled.busy = false;
      resolve(new Map(pages));
    };
    const onMessage = (message: { pages: [number, string | null][] }) => finish(message.pages);
    const onFailure = () => finish([]);
    worker.on('message', onMessage);
    worker.once('error', onFailure);
    worker.once('exit', onFailure);
    const data = bytes.slice();
    worker.postMessage({ data, counter, numPages, options }, [data.buffer]);
  });
}

export interface ParallelRead {
  /** Claims the next page number for the calling thread (> numPages when none are left). */
  claim(): number;
  /** Resolves with the pages the workers read once they have all stopped. */
  done: Promise<WorkerPages>;
}

/** Starts workers on `bytes`; the caller reads pages too, claiming them with `claim()`. */
export function readPagesInParallel(bytes: Uint8Array, numPages: number, pdfjsOptions: object): ParallelRead {
  const counter = new SharedArrayBuffer(4);
  const next = new Int32Array(counter);
  const workers = acquire(pdfWorkerLimit());
  const jobs = workers.map((w) => runJob(w, bytes, counter, numPages, pdfjsOptions));
  const done = Promise.all(jobs).then((maps) => new Map(maps.flatMap((m) => [...m])));
  return { claim: () => Atomics.add(next, 0, 1) + 1, done };
}

/** Stops the pool's threads (tests and benchmarks; Lambda keeps them for the next invocation). */
export async function closePdfWorkers(): Promise<void> {
  const workers = pool.splice(0, pool.length);
  await Promise.all(workers.map((p) => p.worker.terminate()));
}
