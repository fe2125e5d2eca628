/**
 * What the PDF pool (pdfWorkerPool.ts) and its worker threads (pdfPageWorker.ts) say to each other.
 *
 * A job is one PDF. The pool sends a thread the bytes (its own copy) and the job's page counter, a
 * SharedArrayBuffer that every thread reading the job claims page numbers from: a page is read by
 * exactly one thread. The thread opens the document, says how many pages it has (or why it cannot be
 * opened), then claims, reads and screens one page at a time and sends them a few at a time (see
 * pdfPageWorker.ts), and says `done` once no page is left, all are sent and it has let go of the
 * document.
 */
import type { PageRead } from './readPdfPage';

export interface ReadJob {
  kind: 'read';
  job: number;
  data: Uint8Array;
  /** One Int32: how many pages have been claimed so far (claims take the next number atomically). */
  counter: SharedArrayBuffer;
}

/** One page as a thread read it; `read` is null when PDF.js could not parse the page. */
export interface PageReport {
  page: number;
  read: PageRead | null;
}

export type WorkerReport =
  | { kind: 'opened'; job: number; numPages: number }
  /** PDF.js's error name (PasswordException, InvalidPDFException, …): the caller words the status. */
  | { kind: 'open-failed'; job: number; errorName: string }
  /** Pages read since the thread's last report. */
  | { kind: 'pages'; job: number; pages: PageReport[] }
  | { kind: 'done'; job: number };

/** Claims the next page number (1-based) from a job's counter; past the last page when none is left. */
export function claimPage(counter: Int32Array): number {
  return Atomics.add(counter, 0, 1) + 1;
}

/** Stops every thread from claiming further pages of a job (a timed-out or abandoned job). */
export function closeCounter(counter: Int32Array): void {
  Atomics.store(counter, 0, 0x3fffffff);
}

/** Pages of the job claimed so far (never more than `numPages`). */
export function claimedPages(counter: Int32Array, numPages: number): number {
  return Math.min(Atomics.load(counter, 0), numPages);
}
