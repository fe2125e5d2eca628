/**
 * Text per page from a PDF's text layer with PDF.js (through unpdf), and a typed status for PDFs
 * that cannot be read: encrypted, corrupt, scanned (needs OCR) or empty.
 */
import { ascii, indexOfBytes } from './detectFormat';
import { describePageList, type ExtractionOutcome, hasText, outcomeWithoutText } from './extractionOutcome';
import { loadPdfjs, type PdfDocumentProxy } from './loadPdfjs';
import { mapWithConcurrency } from './mapWithConcurrency';
import { pdfWorkerLimit, readPagesInParallel } from './pdfWorkerPool';
import type { PageText } from './intakeSchema';

export interface PdfExtractionOptions {
  /** Pages parsed at the same time (bounded so a 300-page file does not hold every page). */
  pageConcurrency?: number;
  /** Give up (status corrupt) when the file is not read within this time. */
  timeoutMs?: number;
  /** Read long PDFs on worker threads as well (default true; only on multi-core machines). */
  parallel?: boolean;
}

const DEFAULT_PAGE_CONCURRENCY = 4;
/** Below this many pages, starting worker threads costs more than it saves. */
const PARALLEL_MIN_PAGES = 32;
const DEFAULT_TIMEOUT_MS = 120_000;

/** Text extraction needs no rendering: no font loading, no eval, no logging (0 = errors only). */
const PDFJS_OPTIONS = {
  isEvalSupported: false,
  useSystemFonts: true,
  disableFontFace: true,
  fontExtraProperties: false,
  enableXfa: false,
  verbosity: 0,
} as const;

class PdfReadTimeout extends Error {
  override readonly name = 'PdfReadTimeout';
}

function errorName(error: unknown): string {
  return error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
    ? String((error as { name: unknown }).name)
    : 'Error';
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

function openFailure(error: unknown, bytes: Uint8Array): ExtractionOutcome {
  const name = errorName(error);
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

async function pageText(pdf: PdfDocumentProxy, pageNumber: number): Promise<string> {
  const page = await pdf.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if ('str' in item) text += item.hasEOL ? `${item.str}\n` : item.str;
    }
    return text.includes('\u0000') ? text.replace(/\u0000/g, '') : text;
  } finally {
    page.cleanup();
  }
}

type PageTexts = (string | undefined)[];

async function readPagesHere(pdf: PdfDocumentProxy, concurrency: number): Promise<PageTexts> {
  const numbers = Array.from({ length: pdf.numPages }, (_, i) => i + 1);
  return mapWithConcurrency(numbers, concurrency, (n) => pageText(pdf, n).catch(() => undefined));
}

/** This thread and the worker threads pull pages from one counter; gaps are read here afterwards. */
async function readPagesShared(pdf: PdfDocumentProxy, bytes: Uint8Array, concurrency: number): Promise<PageTexts> {
  const numPages = pdf.numPages;
  const parallel = readPagesInParallel(bytes, numPages, PDFJS_OPTIONS);
  const here = new Map<number, string | undefined>();
  const lane = async () => {
    for (let n = parallel.claim(); n <= numPages; n = parallel.claim()) {
      here.set(n, await pageText(pdf, n).catch(() => undefined));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const elsewhere = await parallel.done;
  const texts: PageTexts = [];
  for (let n = 1; n <= numPages; n++) {
    const text = here.has(n) ? here.get(n) : (elsewhere.get(n) ?? undefined);
    texts.push(text ?? (here.has(n) ? undefined : await pageText(pdf, n).catch(() => undefined)));
  }
  return texts;
}

function pagesOutcome(texts: PageTexts, bytes: Uint8Array): ExtractionOutcome {
  const pageCount = texts.length;
  const failed: number[] = [];
  const textless: number[] = [];
  const pages: PageText[] = [];
  texts.forEach((text, i) => {
    if (text === undefined) return void failed.push(i + 1);
    if (!hasText(text)) textless.push(i + 1);
    pages.push({ page: i + 1, text });
  });
  const withText = pageCount - failed.length - textless.length;
  const truncated = !hasEndOfFileMarker(bytes);
  if (failed.length > 0) {
    const detail =
      `corrupt PDF: ${describePageList(failed)} could not be read` +
      (truncated ? '; the file is truncated (no end-of-file marker)' : '') +
      `; text recovered from ${withText} of ${pageCount} pages`;
    return { status: 'corrupt', statusDetail: detail, pages: withText > 0 ? pages : [], pageCount };
  }
  const truncationNote = truncated ? '; no end-of-file marker (the file may be truncated)' : '';
  if (withText === 0) {
    const scanned = `${pageCount} scanned ${pageCount === 1 ? 'page' : 'pages'}`;
    return outcomeWithoutText('needs-ocr', `no text layer — needs OCR (${scanned})${truncationNote}`, pageCount);
  }
  const restricted = hasEncryptDictionary(bytes) ? '; opened without a password (usage restrictions ignored)' : '';
  const partial =
    textless.length > 0
      ? `text extracted from ${withText} of ${pageCount} pages; ${describePageList(textless)} ` +
        `${textless.length === 1 ? 'has' : 'have'} no text layer and need OCR`
      : `text extracted from ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}`;
  return { status: 'ok', statusDetail: partial + restricted + truncationNote, pages, pageCount };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfReadTimeout()), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function extractPdf(bytes: Uint8Array, options: PdfExtractionOptions = {}): Promise<ExtractionOutcome> {
  if (bytes.length === 0) return outcomeWithoutText('empty', 'empty file (0 bytes)');
  const concurrency = options.pageConcurrency ?? DEFAULT_PAGE_CONCURRENCY;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const unpdf = await loadPdfjs();
  const pdfjs = await unpdf.getResolvedPDFJS();
  // PDF.js detaches the buffer it is given; the caller keeps its bytes.
  const task = pdfjs.getDocument({ ...PDFJS_OPTIONS, data: bytes.slice() });
  try {
    let pdf: PdfDocumentProxy;
    try {
      pdf = await withTimeout(task.promise, timeoutMs);
    } catch (error) {
      return openFailure(error, bytes);
    }
    if (pdf.numPages === 0) return outcomeWithoutText('empty', 'PDF has no pages');
    const parallel = options.parallel !== false && pdf.numPages >= PARALLEL_MIN_PAGES && pdfWorkerLimit() > 0;
    let texts: PageTexts;
    try {
      texts = await withTimeout(
        parallel ? readPagesShared(pdf, bytes, concurrency) : readPagesHere(pdf, concurrency),
        timeoutMs,
      );
    } catch (error) {
      return openFailure(error, bytes);
    }
    return pagesOutcome(texts, bytes);
  } finally {
    // Destroying the loading task also destroys the document proxy and its (fake) worker.
    await task.destroy().catch(() => undefined);
  }
}
