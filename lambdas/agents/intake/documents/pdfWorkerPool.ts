/**
 * One pool of worker threads per process, sized to the machine, that reads PDFs: several documents at
 * once (a folder of short PDFs) and the pages of one long document on several threads at once.
 *
 * PDF.js parses on the thread that calls it (its "fake worker" in Node), so without threads a folder
 * is read on one core. Each thread runs pdf/pdfPageWorker.ts: it opens a document, claims page numbers
 * from the job's shared counter, reads and screens each page (pdf/readPdfPage.ts, the same code the
 * calling thread uses) and sends back only the screened text, a few pages at a time.
 *
 * Scheduling: jobs are served in the order they were asked for. An idle thread opens the oldest job no
 * thread has taken yet; when there is none, it joins the job with the most pages left to claim (at
 * least JOIN_MIN_PAGES, so that opening a second copy pays off; a document estimated that long is
 * joined at once, before the first thread has even opened it). A thread holds one document at a time
 * and sends its pages on within a few pages of reading them, so memory does not grow with the folder.
 *
 * Nothing is lost when a thread fails: a page is claimed by exactly one thread, the pool records every
 * page it receives, and a job whose threads have all stopped with pages unclaimed is joined by other
 * threads; a job's pages that were claimed by a thread that died are returned as missing, for the
 * caller to read itself (extractPdf.ts). A job no thread could open goes back to the queue, then to the
 * caller. Threads that keep failing (PDF.js cannot load in a thread) turn the pool off for the process.
 *
 * Where the threads' code comes from (see workerEntry): the CLI build bundles pdf/pdfPageWorker.ts as
 * dist/cli/pdfPageWorker.js (bin/build/cliBuild.js); jest and tsx run the TypeScript module through
 * tsx. A Lambda bundle needs two things for the pool to run (without them PDFs are simply read on the
 * handler's thread): `pdfPageWorker.js` beside the handler's `index.js` — e.g. an `afterBundling`
 * command `esbuild <inputDir>/lambdas/agents/intake/documents/pdf/pdfPageWorker.ts --bundle --platform=node
 * --format=cjs --target=node24 --external:unpdf --outfile=<outputDir>/pdfPageWorker.js` — and unpdf's
 * `dist/pdfjs.mjs` in node_modules (already copied, as every thread loads PDF.js by path).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { pdfjsBundlePath } from './loadPdfjs';
import { claimedPages, closeCounter, type ReadJob, type WorkerReport } from './pdf/pdfWorkerMessages';
import type { PageRead } from './pdf/readPdfPage';

/** More threads than this cost more memory (one PDF.js each) than a folder of PDFs gains from them. */
export const MAX_PDF_THREADS = 8;
/** Below this many (estimated) pages, starting threads costs more than reading on the calling thread. */
export const POOL_MIN_PAGES = 12;
/** One thread per this many (estimated) pages, up to the pool's size. */
const PAGES_PER_THREAD = 8;
/** A thread joins a document another thread is reading only when at least this many pages are left. */
const JOIN_MIN_PAGES = 8;
/** Threads that died with an error before the pool is turned off for the process. */
const MAX_FAILURES = 3;
/** Threads that may die opening one document before the caller reads it itself. */
const MAX_OPEN_ATTEMPTS = 2;

/** How a document read on the pool ended. */
export type PoolRead =
  /** `pages[i]` is page i + 1: its read, null when PDF.js could not parse it, undefined when no thread returned it. */
  | { kind: 'opened'; numPages: number; pages: Array<PageRead | null | undefined> }
  /** PDF.js could not open it; `errorName` is PDF.js's (or PdfReadTimeout when the time ran out). */
  | { kind: 'open-failed'; errorName: string }
  /** The pool could not read it (no threads, or every thread given it died): read it on this thread. */
  | { kind: 'not-read' };

interface Job {
  id: number;
  bytes: Uint8Array;
  counter: Int32Array;
  threadsWanted: number;
  timeoutMs: number;
  estimatedPages: number;
  numPages?: number;
  /** PDF.js's reason, once a thread could not open the document. */
  openError?: string;
  pages: Array<PageRead | null | undefined>;
  readers: Set<PoolThread>;
  openAttempts: number;
  timer?: NodeJS.Timeout;
  settle: (result: PoolRead) => void;
}

interface PoolThread {
  worker: Worker;
  job?: Job;
}

const threads: PoolThread[] = [];
/** Unsettled jobs in the order they were asked for. */
const jobs: Job[] = [];
let nextJobId = 1;
let failures = 0;
let pagesReadOnThreads = 0;

/**
 * Threads the pool may run: one per core (capped); none on a single core, without a worker entry,
 * or once turned off.
 */
export function pdfPoolSize(): number {
  if (failures >= MAX_FAILURES || !workerEntry()) return 0;
  const cores = availableParallelism();
  return cores < 2 ? 0 : Math.min(cores, MAX_PDF_THREADS);
}

/**
 * Threads worth using for `estimatedPages` pages of PDF (one document or a whole folder): none below
 * POOL_MIN_PAGES or on a single core, else one per PAGES_PER_THREAD pages up to the pool's size (at
 * least two). `force` uses the whole pool whatever the page count (extractPdf's `parallel: true`).
 */
export function pdfPoolThreadsFor(estimatedPages: number, force = false): number {
  const size = pdfPoolSize();
  if (size === 0 || (!force && estimatedPages < POOL_MIN_PAGES)) return 0;
  if (force) return size;
  return Math.min(size, Math.max(2, Math.ceil(estimatedPages / PAGES_PER_THREAD)));
}

/** What the pool has done in this process (for tests and benchmarks). */
export function pdfPoolActivity(): { threads: number; pagesReadOnThreads: number; failures: number } {
  return { threads: threads.length, pagesReadOnThreads, failures };
}

const WORKER_FILE = 'pdfPageWorker.js';
/**
 * From the TypeScript sources the thread needs tsx to compile its module. PDF.js is required first,
 * before tsx's hook is registered, so that Node loads it natively (through tsx it takes 5× longer).
 */
const FROM_SOURCE_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
require(workerData.pdfjs);
require(workerData.tsx).register();
require(workerData.entry);
`;

type WorkerEntry = { bundle: string } | { source: string; tsx: string };
let entry: WorkerEntry | null | undefined;

/**
 * Where the thread's code is: `pdfPageWorker.js` beside the running bundle (dist/cli/ for the CLI,
 * the function's folder in a Lambda), else the TypeScript module run through tsx; null when neither
 * is there (the pool is then off, and PDFs are read on the calling thread).
 */
function workerEntry(): WorkerEntry | null {
  if (entry !== undefined) return entry;
  const bundle = path.join(__dirname, WORKER_FILE);
  const source = path.join(__dirname, 'pdf', 'pdfPageWorker.ts');
  if (existsSync(bundle)) entry = { bundle };
  else if (existsSync(source)) {
    try {
      entry = { source, tsx: require.resolve('tsx/cjs/api') };
    } catch {
      entry = null;
    }
  } else entry = null;
  return entry;
}

function startWorker(found: WorkerEntry): Worker {
  if ('bundle' in found) return new Worker(found.bundle);
  const workerData = { pdfjs: pdfjsBundlePath(), tsx: found.tsx, entry: found.source };
  return new Worker(FROM_SOURCE_BOOTSTRAP, { eval: true, workerData });
}

function spawn(found: WorkerEntry): PoolThread {
  const thread: PoolThread = { worker: startWorker(found) };
  const { worker } = thread;
  worker.unref();
  worker.on('message', (report: WorkerReport) => onReport(thread, report));
  worker.on('error', () => {
    failures++;
  });
  worker.once('exit', () => onExit(thread));
  threads.push(thread);
  return thread;
}

/** Pages of the job no thread has claimed yet (its estimate while no thread has opened it). */
function unclaimed(job: Job): number {
  if (job.openError !== undefined) return 0;
  if (job.numPages === undefined) return Math.max(0, job.estimatedPages - Atomics.load(job.counter, 0));
  return job.numPages - claimedPages(job.counter, job.numPages);
}

/** The job an idle thread should take: the oldest one no thread has, else the one with most pages left. */
function jobForIdleThread(): Job | undefined {
  const waiting = jobs.find((job) => job.readers.size === 0 && job.openError === undefined && (job.numPages === undefined || unclaimed(job) > 0));
  if (waiting) return waiting;
  let best: Job | undefined;
  for (const job of jobs) {
    const left = unclaimed(job);
    if (left < JOIN_MIN_PAGES) continue;
    if (!best || left > unclaimed(best)) best = job;
  }
  return best;
}

function assign(thread: PoolThread, job: Job): void {
  thread.job = job;
  job.readers.add(thread);
  // A busy thread keeps the process alive (the caller is waiting for it); an idle one does not.
  thread.worker.ref();
  if (!job.timer) {
    job.timer = setTimeout(() => timeOut(job), job.timeoutMs);
    job.timer.unref();
  }
  const data = job.bytes.slice();
  const message: ReadJob = { kind: 'read', job: job.id, data, counter: job.counter.buffer as SharedArrayBuffer };
  thread.worker.postMessage(message, [data.buffer]);
}

/**
 * Starts threads up to what the waiting jobs want (all at once, so that they load PDF.js while the
 * first document is being opened), then gives every idle thread work.
 */
function dispatch(): void {
  const size = pdfPoolSize();
  const found = workerEntry();
  if (size === 0 || !found) {
    // Turned off: the jobs no thread is reading go back to their callers.
    for (const job of [...jobs]) review(job);
    return;
  }
  const wanted = Math.min(size, Math.max(0, ...jobs.map((job) => job.threadsWanted)));
  while (threads.length < wanted) spawn(found);
  for (const thread of threads) {
    if (thread.job) continue;
    const job = jobForIdleThread();
    if (!job) return;
    assign(thread, job);
  }
}

function settle(job: Job, result: PoolRead): void {
  const at = jobs.indexOf(job);
  if (at === -1) return;
  jobs.splice(at, 1);
  clearTimeout(job.timer);
  closeCounter(job.counter);
  job.settle(result);
}

/** Settles a job whose threads have all stopped, unless other threads can still take it on. */
function review(job: Job): void {
  if (job.readers.size > 0 || !jobs.includes(job)) return;
  const poolAlive = pdfPoolSize() > 0;
  if (job.numPages === undefined) {
    if (job.openError !== undefined) settle(job, { kind: 'open-failed', errorName: job.openError });
    else if (!poolAlive || job.openAttempts >= MAX_OPEN_ATTEMPTS) settle(job, { kind: 'not-read' });
    return;
  }
  if (unclaimed(job) > 0 && poolAlive) return;
  settle(job, { kind: 'opened', numPages: job.numPages, pages: job.pages });
}

function release(thread: PoolThread): Job | undefined {
  const job = thread.job;
  thread.job = undefined;
  thread.worker.unref();
  job?.readers.delete(thread);
  return job;
}

function onReport(thread: PoolThread, report: WorkerReport): void {
  const job = jobs.find((j) => j.id === report.job);
  switch (report.kind) {
    case 'opened':
      if (job && job.numPages === undefined) {
        job.numPages = report.numPages;
        job.openError = undefined;
        job.pages = new Array(report.numPages);
      }
      break;
    case 'open-failed':
      // Settled once every thread has stopped (see review): another thread may have opened it.
      if (job && job.numPages === undefined) job.openError = report.errorName;
      break;
    case 'pages':
      if (job && job.numPages !== undefined) {
        for (const { page, read } of report.pages) {
          if (page < 1 || page > job.numPages) continue;
          job.pages[page - 1] = read;
          pagesReadOnThreads++;
        }
      }
      // Pages read free no thread and open no job to join: nothing to schedule.
      return;
    case 'done': {
      const finished = release(thread);
      if (finished) review(finished);
      break;
    }
  }
  dispatch();
}

function onExit(thread: PoolThread): void {
  const at = threads.indexOf(thread);
  if (at !== -1) threads.splice(at, 1);
  const job = release(thread);
  if (job && job.numPages === undefined) job.openAttempts++;
  if (job) review(job);
  dispatch();
}

function timeOut(job: Job): void {
  const readers = [...job.readers];
  settle(job, { kind: 'open-failed', errorName: 'PdfReadTimeout' });
  // A thread still busy with a timed-out document may be stuck in it: it is replaced, not waited for.
  for (const thread of readers) void thread.worker.terminate();
}

export interface PoolReadOptions {
  /** Threads the caller wants working on its documents (see pdfPoolThreadsFor). */
  threads: number;
  /** The document's estimated pages (pdf/estimatePdfPages.ts): a long one is shared at once. */
  estimatedPages?: number;
  /** Give up (PdfReadTimeout) when the document is not read within this time of a thread taking it. */
  timeoutMs: number;
}

/** Reads a PDF on the pool's threads. The caller keeps its bytes (each thread is sent a copy). */
export function readPdfOnPool(bytes: Uint8Array, options: PoolReadOptions): Promise<PoolRead> {
  if (pdfPoolSize() === 0 || options.threads < 1) return Promise.resolve({ kind: 'not-read' });
  return new Promise((resolve) => {
    const job: Job = {
      id: nextJobId++,
      bytes,
      counter: new Int32Array(new SharedArrayBuffer(4)),
      threadsWanted: options.threads,
      timeoutMs: options.timeoutMs,
      estimatedPages: options.estimatedPages ?? 0,
      pages: [],
      readers: new Set(),
      openAttempts: 0,
      settle: resolve,
    };
    jobs.push(job);
    dispatch();
    // No thread could be started for it (the pool has just been turned off).
    review(job);
  });
}

/**
 * Stops the pool's threads (tests and benchmarks; a Lambda keeps them for its next invocation). Jobs
 * still being read carry on, on new threads or on the calling thread.
 */
export async function closePdfWorkers(): Promise<void> {
  await Promise.all(threads.map((thread) => thread.worker.terminate()));
}
