/**
 * Text per page from a PDF's text layer with PDF.js (through unpdf), and a typed status for PDFs
 * that cannot be read: encrypted, corrupt, scanned (needs OCR) or empty.
 *
 * Text a reader of the page would not see (white on white, smaller than 2 pt, outside the page box,
 * drawn invisible) is taken out of the page text and returned on `quarantined`, so that no later
 * stage reads it; see quarantine/pdfGlyphVisibility.ts for how visibility is judged.
 */
import './quarantine/arrayBufferTransfer';
import { ascii, indexOfBytes } from './detectFormat';
import { describePageList, type ExtractionOutcome, hasText, outcomeWithoutText } from './extractionOutcome';
import { loadPdfjs, type PdfDocumentProxy, type Unpdf } from './loadPdfjs';
import { mapWithConcurrency } from './mapWithConcurrency';
import { pdfWorkerLimit, readPagesInParallel } from './pdfWorkerPool';
import type { PageText } from './intakeSchema';
import { cutSpans } from './quarantine/cutSpans';
import { bundledHiddenTextRules } from './quarantine/hiddenTextRules';
import { glyphVisibility } from './quarantine/pdfGlyphVisibility';
import { locateHiddenText } from './quarantine/pdfHiddenText';
import { boundText, capPassages, MAX_QUARANTINED_TEXT, type QuarantinedPassage } from './quarantine/quarantineSchema';

export interface PdfExtractionOptions {
  /** Pages parsed at the same time (bounded so a 300-page file does not hold every page). */
  pageConcurrency?: number;
  /** Give up (status corrupt) when the file is not read within this time. */
  timeoutMs?: number;
  /** Read long PDFs on worker threads as well (default true; only on multi-core machines). */
  parallel?: boolean;
}

/** What extractPdf returns: the outcome, and the hidden text taken out of its pages (absent when none). */
export type PdfExtractionOutcome = ExtractionOutcome & { quarantined?: QuarantinedPassage[] };

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

type PdfjsModule = Awaited<ReturnType<Unpdf['getResolvedPDFJS']>>;
type PdfPageProxy = Awaited<ReturnType<PdfDocumentProxy['getPage']>>;

/** One page as read: the text a reader sees, and what was taken out of it. */
interface PageRead {
  /** The text layer as PDF.js gives it (decides whether the page has text at all). */
  raw: string;
  text: string;
  quarantined: QuarantinedPassage[];
  /** The page's drawing could not be replayed, so its text is kept as read, unchecked. */
  unchecked?: boolean;
}

/** The text-layer rule (also in the worker pool): item strings, a newline after items that end a line, no NULs. */
function textOfItems(items: ReadonlyArray<object>): string {
  let text = '';
  for (const item of items) {
    if ('str' in item) text += (item as { hasEOL?: boolean }).hasEOL ? `${String(item.str)}\n` : String(item.str);
  }
  return text.includes('\u0000') ? text.replace(/\u0000/g, '') : text;
}

function fontMatrixOf(page: PdfPageProxy, fontName: string): readonly number[] | undefined {
  try {
    if (!page.commonObjs.has(fontName)) return undefined;
    const font = page.commonObjs.get(fontName) as { fontMatrix?: unknown } | null;
    return Array.isArray(font?.fontMatrix) ? (font.fontMatrix as number[]) : undefined;
  } catch {
    return undefined;
  }
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Replays the page's drawing to find text a reader would not see, and takes it out of `raw`. */
async function screenPage(pdfjs: PdfjsModule, page: PdfPageProxy, pageNumber: number, raw: string): Promise<PageRead> {
  if (!hasText(raw)) return { raw, text: raw, quarantined: [] };
  const rules = bundledHiddenTextRules().pdf;
  try {
    const operatorList = await page.getOperatorList({ intent: 'display', annotationMode: pdfjs.AnnotationMode.DISABLE });
    const glyphs = glyphVisibility({ operatorList, ops: pdfjs.OPS, view: page.view, fontMatrix: (name) => fontMatrixOf(page, name), rules });
    const hidden = locateHiddenText(raw, glyphs, rules);
    const { text, cut } = cutSpans(raw, hidden.spans);
    const quarantined: QuarantinedPassage[] = [
      ...cut.map((c) => ({ page: pageNumber, reason: c.reason, text: boundText(collapse(c.text), MAX_QUARANTINED_TEXT), detail: c.detail })),
      ...hidden.offPage.map((o) => ({ page: pageNumber, reason: 'off-page' as const, text: boundText(o.text, MAX_QUARANTINED_TEXT), detail: o.detail })),
    ];
    return { raw, text, quarantined };
  } catch {
    return { raw, text: raw, quarantined: [], unchecked: true };
  }
}

async function readPage(pdfjs: PdfjsModule, pdf: PdfDocumentProxy, pageNumber: number, known?: string): Promise<PageRead> {
  const page = await pdf.getPage(pageNumber);
  try {
    const raw = known ?? textOfItems((await page.getTextContent()).items);
    return await screenPage(pdfjs, page, pageNumber, raw);
  } finally {
    page.cleanup();
  }
}

type PageReads = (PageRead | undefined)[];

async function readPagesHere(pdfjs: PdfjsModule, pdf: PdfDocumentProxy, concurrency: number): Promise<PageReads> {
  const numbers = Array.from({ length: pdf.numPages }, (_, i) => i + 1);
  return mapWithConcurrency(numbers, concurrency, (n) => readPage(pdfjs, pdf, n).catch(() => undefined));
}

/**
 * This thread and the worker threads pull pages from one counter; gaps are read here afterwards.
 * Workers return text only, so this thread replays the drawing of their pages for hidden text.
 */
async function readPagesShared(pdfjs: PdfjsModule, pdf: PdfDocumentProxy, bytes: Uint8Array, concurrency: number): Promise<PageReads> {
  const numPages = pdf.numPages;
  const parallel = readPagesInParallel(bytes, numPages, PDFJS_OPTIONS);
  const here = new Map<number, PageRead | undefined>();
  const lane = async () => {
    for (let n = parallel.claim(); n <= numPages; n = parallel.claim()) {
      here.set(n, await readPage(pdfjs, pdf, n).catch(() => undefined));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const elsewhere = await parallel.done;
  const numbers = Array.from({ length: numPages }, (_, i) => i + 1);
  return mapWithConcurrency(numbers, concurrency, async (n) => {
    if (here.has(n)) return here.get(n);
    const text = elsewhere.get(n);
    return readPage(pdfjs, pdf, n, text ?? undefined).catch(() => undefined);
  });
}

function pagesOutcome(reads: PageReads, bytes: Uint8Array): PdfExtractionOutcome {
  const pageCount = reads.length;
  const failed: number[] = [];
  const textless: number[] = [];
  const unchecked: number[] = [];
  const pages: PageText[] = [];
  const quarantined: QuarantinedPassage[] = [];
  reads.forEach((read, i) => {
    if (read === undefined) return void failed.push(i + 1);
    if (!hasText(read.raw)) textless.push(i + 1);
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
    return outcomeWithoutText('needs-ocr', `no text layer — needs OCR (${scanned})${truncationNote}`, pageCount);
  }
  const restricted = hasEncryptDictionary(bytes) ? '; opened without a password (usage restrictions ignored)' : '';
  const partial =
    textless.length > 0
      ? `text extracted from ${withText} of ${pageCount} pages; ${describePageList(textless)} ` +
        `${textless.length === 1 ? 'has' : 'have'} no text layer and need OCR`
      : `text extracted from ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}`;
  const uncheckedNote = unchecked.length ? `; ${describePageList(unchecked)} could not be checked for hidden text` : '';
  return { status: 'ok', statusDetail: partial + restricted + truncationNote + uncheckedNote, pages, pageCount, ...hidden };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfReadTimeout()), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function extractPdf(bytes: Uint8Array, options: PdfExtractionOptions = {}): Promise<PdfExtractionOutcome> {
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
    let reads: PageReads;
    try {
      reads = await withTimeout(
        parallel ? readPagesShared(pdfjs, pdf, bytes, concurrency) : readPagesHere(pdfjs, pdf, concurrency),
        timeoutMs,
      );
    } catch (error) {
      return openFailure(error, bytes);
    }
    return pagesOutcome(reads, bytes);
  } finally {
    // Destroying the loading task also destroys the document proxy and its (fake) worker.
    await task.destroy().catch(() => undefined);
  }
}
