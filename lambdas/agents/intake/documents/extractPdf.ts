/**
 * Text per page from a PDF's text layer with PDF.js (through unpdf), and a typed status for PDFs
 * that cannot be read: encrypted, corrupt, scanned (needs OCR), empty, or too large once its
 * compressed streams are inflated (a decompression bomb, refused before PDF.js reads it).
 *
 * Text a reader of the page would not see (white on white, smaller than 2 pt, outside the page box,
 * drawn invisible) is taken out of the page text and returned on `quarantined`, so that no later
 * stage reads it; see pdf/readPdfPage.ts and quarantine/pdfGlyphVisibility.ts.
 *
 * Pages are read where they are parsed: on the shared pool of worker threads (pdfWorkerPool.ts) when
 * the document, or the folder it belongs to, has enough pages to be worth it, else on this thread.
 * Pages the pool could not return (a thread died) are read here, so none is ever lost.
 */
import { ascii, indexOfBytes } from './detectFormat';
import { describePageList, type ExtractionOutcome, outcomeWithoutText } from './extractionOutcome';
import { loadPdfjs, type PdfDocumentProxy } from './loadPdfjs';
import { mapWithConcurrency } from '../../../core/concurrency/mapWithConcurrency';
import type { PageText } from '../../../contracts/intakeOutput';
import { findInflateBreach, inflateBreachDetail, type InflateLimits } from './pdf/compressedStreamLimits';
import { estimatePdfPages } from './pdf/estimatePdfPages';
import { type PageRead, PDFJS_OPTIONS, type PdfjsModule, pdfErrorName, readPdfPage } from './pdf/readPdfPage';
import { pdfPoolThreadsFor, readPdfOnPool } from './pdfWorkerPool';
import { capPassages, type QuarantinedPassage } from '../../../contracts/quarantinedPassage';

export interface PdfExtractionOptions {
  /** Pages parsed at the same time on this thread (bounded so a 300-page file does not hold every page). */
  pageConcurrency?: number;
  /** Give up (status corrupt) when the file is not read within this time. */
  timeoutMs?: number;
  /**
   * Worker threads: false reads on this thread only; true uses the whole pool (on a multi-core
   * machine) whatever the page count; by default the pool is used when the pages justify it.
   */
  parallel?: boolean;
  /**
   * Threads of the pool this document may use, decided for a whole folder by its page count
   * (runIntake.ts); without it the decision is made from this document's own pages.
   */
  poolThreads?: number;
  /** How far the PDF's compressed streams may expand (default PDF_INFLATE_LIMITS). */
  inflateLimits?: InflateLimits;
}

/** What extractPdf returns: the outcome, and the hidden text taken out of its pages (absent when none). */
export type PdfExtractionOutcome = ExtractionOutcome & {
  quarantined?: QuarantinedPassage[];
  /** The pages (1-based) without a text layer, for OCR; absent when there are none. */
  textless?: number[];
};

const DEFAULT_PAGE_CONCURRENCY = 4;
const DEFAULT_TIMEOUT_MS = 120_000;

class PdfReadTimeout extends Error {
  override readonly name = 'PdfReadTimeout';
}

function hasEncryptDictionary(bytes: Uint8Array): boolean {
  const at = indexOfBytes(bytes, ascii('/Encrypt'));
  if (at === -1) return false;
  const next = bytes[at + '/Encrypt'.length];
  return next === undefined || !/[A-Za-z]/.test(String.fromCharCode(next));
}

/** A complete PDF ends with `%%EOF` (possibly followed by a little padding). */
function hasEndOfFileMarker(bytes: Uint8Array): boolean {
  return indexOfBytes(bytes.subarray(Math.max(0, bytes.length - 2048)), ascii('%%EOF')) !== -1;
}

const OPEN_FAILURES: Record<string, string> = {
  InvalidPDFException: 'invalid PDF structure',
  FormatError: 'malformed PDF data',
  UnknownErrorException: 'the PDF parser failed',
  PdfReadTimeout: 'the file could not be read in time',
};

/** The status of a PDF that could not be opened, from PDF.js's error name. */
function openFailure(name: string, bytes: Uint8Array): ExtractionOutcome {
  if (name === 'PasswordException') {
    return outcomeWithoutText('encrypted', 'password-protected PDF: a password is required to open it');
  }
  if (hasEncryptDictionary(bytes)) {
    return outcomeWithoutText('encrypted', 'encrypted PDF that could not be decrypted');
  }
  const truncated = hasEndOfFileMarker(bytes) ? '' : '; the file is truncated (no end-of-file marker)';
  const reason = OPEN_FAILURES[name] ?? `cannot be parsed (${name})`;
  return outcomeWithoutText('corrupt', `corrupt PDF: ${reason}${truncated}`);
}

/** Page i + 1's read; null when it could not be read. */
type PageReads = Array<PageRead | null>;

function pagesOutcome(reads: PageReads, bytes: Uint8Array): PdfExtractionOutcome {
  const pageCount = reads.length;
  const failed: number[] = [];
  const textless: number[] = [];
  const unchecked: number[] = [];
  const pages: PageText[] = [];
  const quarantined: QuarantinedPassage[] = [];
  reads.forEach((read, i) => {
    if (read === null) return void failed.push(i + 1);
    if (!read.hasTextLayer) textless.push(i + 1);
    if (read.unchecked) unchecked.push(i + 1);
    quarantined.push(...read.quarantined);
    pages.push({ page: i + 1, text: read.text });
  });
  const hidden = quarantined.length ? { quarantined: capPassages(quarantined) } : {};
  const withText = pageCount - failed.length - textless.length;
  const truncated = !hasEndOfFileMarker(bytes);
  if (failed.length > 0) {
    const detail =
      `corrupt PDF: ${describePageList(failed)} could not be read` +
      (truncated ? '; the file is truncated (no end-of-file marker)' : '') +
      `; text recovered from ${withText} of ${pageCount} pages`;
    return { status: 'corrupt', statusDetail: detail, pages: withText > 0 ? pages : [], pageCount, ...(withText > 0 ? hidden : {}) };
  }
  const truncationNote = truncated ? '; no end-of-file marker (the file may be truncated)' : '';
  if (withText === 0) {
    const scanned = `${pageCount} scanned ${pageCount === 1 ? 'page' : 'pages'}`;
    return { ...outcomeWithoutText('needs-ocr', `no text layer — needs OCR (${scanned})${truncationNote}`, pageCount), textless };
  }
  const restricted = hasEncryptDictionary(bytes) ? '; opened without a password (usage restrictions ignored)' : '';
  const partial =
    textless.length > 0
      ? `text extracted from ${withText} of ${pageCount} pages; ${describePageList(textless)} ` +
        `${textless.length === 1 ? 'has no text layer and needs OCR' : 'have no text layer and need OCR'}`
      : `text extracted from ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}`;
  const uncheckedNote = unchecked.length ? `; ${describePageList(unchecked)} could not be checked for hidden text` : '';
  return { status: 'ok', statusDetail: partial + restricted + truncationNote + uncheckedNote, pages, pageCount, ...hidden, ...(textless.length ? { textless } : {}) };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfReadTimeout()), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Reads the pages `wanted` (1-based) of `bytes` on this thread into `reads`; every other page of
 * `reads` is already known. An open failure is returned as the PDF's outcome.
 */
async function readHere(bytes: Uint8Array, options: PdfExtractionOptions, known?: { numPages: number; reads: PageReads; wanted: number[] }): Promise<PdfExtractionOutcome> {
  const concurrency = options.pageConcurrency ?? DEFAULT_PAGE_CONCURRENCY;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pdfjs: PdfjsModule = await (await loadPdfjs()).getResolvedPDFJS();
  // PDF.js detaches the buffer it is given; the caller keeps its bytes.
  const task = pdfjs.getDocument({ ...PDFJS_OPTIONS, data: bytes.slice() });
  try {
    let pdf: PdfDocumentProxy;
    try {
      pdf = await withTimeout(task.promise, timeoutMs);
    } catch (error) {
      return openFailure(pdfErrorName(error), bytes);
    }
    if (pdf.numPages === 0) return outcomeWithoutText('empty', 'PDF has no pages');
    const reads: PageReads = known?.numPages === pdf.numPages ? [...known.reads] : new Array<PageRead | null>(pdf.numPages).fill(null);
    const wanted = known?.numPages === pdf.numPages ? known.wanted : reads.map((_, i) => i + 1);
    try {
      await withTimeout(
        mapWithConcurrency(wanted, concurrency, async (n) => {
          reads[n - 1] = await readPdfPage(pdfjs, pdf, n).catch(() => null);
        }),
        timeoutMs,
      );
    } catch (error) {
      return openFailure(pdfErrorName(error), bytes);
    }
    return pagesOutcome(reads, bytes);
  } finally {
    // Destroying the loading task also destroys the document proxy and its (fake) worker.
    await task.destroy().catch(() => undefined);
  }
}

/** Threads of the pool to read this document on (0: this thread). */
function poolThreads(estimatedPages: number, options: PdfExtractionOptions): number {
  if (options.parallel === false) return 0;
  if (options.parallel === true) return pdfPoolThreadsFor(Infinity, true);
  return options.poolThreads ?? pdfPoolThreadsFor(estimatedPages);
}

export async function extractPdf(bytes: Uint8Array, options: PdfExtractionOptions = {}): Promise<PdfExtractionOutcome> {
  if (bytes.length === 0) return outcomeWithoutText('empty', 'empty file (0 bytes)');
  // Checked here, on the calling thread, before any PDF.js (here or on a worker thread) inflates a
  // stream: PDF.js's own decoder has no output cap (pdf/compressedStreamLimits.ts).
  const breach = await findInflateBreach(bytes, options.inflateLimits);
  if (breach) return outcomeWithoutText('too-large', inflateBreachDetail(breach));
  const estimatedPages = estimatePdfPages(bytes);
  const threads = poolThreads(estimatedPages, options);
  if (threads > 0) {
    const pooled = await readPdfOnPool(bytes, { threads, estimatedPages, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
    if (pooled.kind === 'open-failed') return openFailure(pooled.errorName, bytes);
    if (pooled.kind === 'opened') {
      if (pooled.numPages === 0) return outcomeWithoutText('empty', 'PDF has no pages');
      const wanted: number[] = [];
      const reads: PageReads = Array.from({ length: pooled.numPages }, (_, i) => {
        const read = pooled.pages[i];
        if (read === undefined) wanted.push(i + 1);
        return read ?? null;
      });
      if (!wanted.length) return pagesOutcome(reads, bytes);
      return readHere(bytes, options, { numPages: pooled.numPages, reads, wanted });
    }
  }
  return readHere(bytes, options);
}
