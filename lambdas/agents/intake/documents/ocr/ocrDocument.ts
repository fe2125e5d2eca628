/**
 * OCR of what the text extractors could not read: the scanned pages of a PDF and image files.
 * Each page read by OCR is marked (`source: 'ocr'`, `ocrConfidence`); a page that is not read stays
 * needs-ocr with the reason in the document's status detail (over a cap, out of time, confidence
 * below the threshold, an image over the pixel limit, OCR unavailable). Never throws.
 */
import { describePageList, type ExtractionOutcome } from '../extractionOutcome';
import type { FileKind } from '../detectFormat';
import type { PageText } from '../../../../contracts/intakeOutput';
import { mapWithConcurrency } from '../../../../core/concurrency/mapWithConcurrency';
import { imageSize, imageSizeProblem } from './imageHeader';
import type { OcrBudget } from './ocrBudget';
import { type OcrEngine, type OcrImage, type OcrLimits, type OcrPage, OcrUnavailable, percent, type StoredLocation } from './ocrTypes';
import { openPageImages } from './pdfPageImages';

/** How one audit runs OCR: the engine (or why there is none), its limits and the audit's budget. */
export interface OcrContext {
  engine: OcrEngine | { unavailable: string };
  limits: OcrLimits;
  budget: OcrBudget;
}

/** A page's OCR: read, or the reason it was not. */
type PageOcr = { read: OcrPage } | { reason: string };

const errorReason = (error: unknown): string =>
  error instanceof Error && (error instanceof OcrUnavailable || error.name === 'TextractUnusable' || error.name === 'OcrImageUnreadable')
    ? error.message
    : `OCR failed (${error instanceof Error ? error.name : 'Error'})`;

/** Why a page read by OCR is not kept (no text, confidence under the threshold); undefined when it is. */
function rejection(page: OcrPage, limits: OcrLimits): string | undefined {
  if (!/\S/.test(page.text)) return 'OCR found no text';
  if (page.confidence < limits.minConfidence) return `OCR confidence ${percent(page.confidence)} below ${percent(limits.minConfidence)}`;
  return undefined;
}

const judged = (page: OcrPage, limits: OcrLimits): PageOcr => {
  const reason = rejection(page, limits);
  return reason ? { reason } : { read: page };
};

/** "pages 4, 7 need OCR: OCR confidence 41% below 60%; page 9 needs OCR: …" */
function reasonsText(reasons: Map<number, string>): string {
  const byReason = new Map<string, number[]>();
  for (const [page, reason] of reasons) byReason.set(reason, [...(byReason.get(reason) ?? []), page]);
  return [...byReason]
    .map(([reason, pages]) => `${describePageList(pages)} ${pages.length === 1 ? 'needs' : 'need'} OCR: ${reason}`)
    .join('; ');
}

/** extractPdf's clause naming a partly scanned PDF's pages without a text layer (extractPdf.ts, pagesOutcome). */
const TEXTLESS_CLAUSE = /; pages? [^;]*? (?:has no text layer and needs|have no text layer and need) OCR/;

const meanConfidence = (pages: OcrPage[]) => pages.reduce((sum, p) => sum + p.confidence, 0) / pages.length;

/** Reads the listed pages with an engine that reads images (Tesseract), within the caps and the budget. */
async function readPagesAsImages(engine: OcrEngine, bytes: Uint8Array, pages: number[], ctx: OcrContext): Promise<Map<number, PageOcr>> {
  const results = new Map<number, PageOcr>();
  let imageOf: (page: number) => { image: OcrImage } | { problem: string };
  try {
    imageOf = await openPageImages(bytes, ctx.limits.maxPixels);
  } catch (error) {
    for (const page of pages) results.set(page, { reason: `the PDF could not be opened for OCR (${error instanceof Error ? error.name : 'Error'})` });
    return results;
  }
  let unavailable: string | undefined;
  // Pages are claimed in order; the engine bounds how many are read at once.
  await mapWithConcurrency(pages, 2, async (page) => {
    if (unavailable) return void results.set(page, { reason: unavailable });
    // Claimed before the page's image is made: making it (inflating, encoding) costs time too.
    const refused = ctx.budget.claim();
    if (refused) return void results.set(page, { reason: refused });
    const image = imageOf(page);
    if ('problem' in image) {
      ctx.budget.refund();
      return void results.set(page, { reason: image.problem });
    }
    try {
      results.set(page, judged(await engine.readImage(image.image), ctx.limits));
    } catch (error) {
      if (error instanceof OcrUnavailable) unavailable = error.message;
      results.set(page, { reason: errorReason(error) });
    }
  });
  return results;
}

/** Reads the listed pages with an engine that reads whole documents (Textract). */
async function readPagesAsDocument(engine: OcrEngine, bytes: Uint8Array, pageCount: number, pages: number[], ctx: OcrContext, location?: StoredLocation): Promise<Map<number, PageOcr>> {
  const results = new Map<number, PageOcr>();
  const allowed: number[] = [];
  for (const page of pages) {
    const refused = ctx.budget.claim();
    if (refused) results.set(page, { reason: refused });
    else allowed.push(page);
  }
  if (!allowed.length) return results;
  const read = await engine.readPdf!({ bytes, pageCount, pages: allowed, ...(location ? { location } : {}) });
  for (const page of allowed) {
    const found = read.pages.get(page);
    results.set(page, found ? judged(found, ctx.limits) : { reason: read.failure ?? 'OCR found no text' });
  }
  return results;
}

/**
 * The outcome of a PDF once its pages without a text layer (`textless`) went through OCR. `outcome`
 * is the text extraction's: `needs-ocr` (every page scanned) or `ok` with some pages scanned.
 */
export async function ocrPdfPages(bytes: Uint8Array, outcome: ExtractionOutcome, textless: number[], ctx: OcrContext, location?: StoredLocation): Promise<ExtractionOutcome> {
  if (!textless.length || (outcome.status !== 'needs-ocr' && outcome.status !== 'ok')) return outcome;
  const reasons = new Map<number, string>();
  const wanted = textless.slice(0, ctx.limits.maxPagesPerDocument);
  for (const page of textless.slice(ctx.limits.maxPagesPerDocument)) reasons.set(page, `over the limit of ${ctx.limits.maxPagesPerDocument} OCR pages a document`);
  let results: Map<number, PageOcr>;
  if ('unavailable' in ctx.engine) {
    results = new Map(wanted.map((page) => [page, { reason: (ctx.engine as { unavailable: string }).unavailable }]));
  } else if (ctx.engine.readPdf && outcome.pageCount <= ctx.limits.maxPagesPerDocument) {
    // A whole-document job (Textract's) reads, and bills, every page: only for a PDF within the cap.
    // A longer one is read page image by page image, so the cap bounds the cost too.
    results = await readPagesAsDocument(ctx.engine, bytes, outcome.pageCount, wanted, ctx, location);
  } else {
    results = await readPagesAsImages(ctx.engine, bytes, wanted, ctx);
  }
  const read = new Map<number, OcrPage>();
  for (const [page, result] of results) {
    if ('read' in result) read.set(page, result.read);
    else reasons.set(page, result.reason);
  }
  const ocrPages: PageText[] = [...read].map(([page, r]) => ({ page, text: r.text, source: 'ocr', ocrConfidence: Math.round(r.confidence * 1000) / 1000 }));
  const pages = [...outcome.pages.filter((p) => !read.has(p.page)), ...ocrPages].sort((a, b) => a.page - b.page);
  const ocrSummary = read.size ? `text read by OCR from ${describePageList([...read.keys()])} (mean confidence ${percent(meanConfidence([...read.values()]))})` : '';
  const notRead = reasons.size ? reasonsText(new Map([...reasons].sort((a, b) => a[0] - b[0]))) : '';
  if (outcome.status === 'ok') {
    // The text extraction's "pages 2, 4 have no text layer and need OCR" is replaced by what OCR did with each.
    const extracted = outcome.statusDetail.replace(TEXTLESS_CLAUSE, '');
    return { ...outcome, pages, statusDetail: [extracted, ocrSummary, notRead].filter(Boolean).join('; ') };
  }
  if (!read.size) return { ...outcome, statusDetail: [outcome.statusDetail, notRead].filter(Boolean).join('; ') };
  return { status: 'ok', statusDetail: [ocrSummary, notRead].filter(Boolean).join('; '), pages, pageCount: outcome.pageCount };
}

/** Image kinds each engine reads. */
const ENGINE_KINDS: Record<OcrEngine['name'], ReadonlyArray<OcrImage['kind']>> = {
  tesseract: ['png', 'jpeg', 'tiff', 'bmp', 'webp'],
  textract: ['png', 'jpeg', 'tiff'],
};

/**
 * An image file read by OCR: its header is checked against the pixel limit before anything decodes
 * it. Undefined when the engine does not read this kind (the caller reports it unsupported).
 */
export async function ocrImageFile(bytes: Uint8Array, kind: FileKind, ctx: OcrContext): Promise<ExtractionOutcome | undefined> {
  const label = kind.toUpperCase();
  const needsOcr = (reason: string): ExtractionOutcome => ({ status: 'needs-ocr', statusDetail: `image file (${label}) — needs OCR: ${reason}`, pages: [], pageCount: 1 });
  if ('unavailable' in ctx.engine) return needsOcr(ctx.engine.unavailable);
  const engine = ctx.engine;
  if (!(ENGINE_KINDS[engine.name] as readonly string[]).includes(kind)) return undefined;
  const size = imageSize(bytes, kind);
  if (!size) return { status: 'corrupt', statusDetail: `corrupt image: the ${label} header cannot be read`, pages: [], pageCount: 0 };
  const tooLarge = imageSizeProblem(size, ctx.limits.maxPixels);
  if (tooLarge) return { status: 'too-large', statusDetail: `image file (${label}): ${tooLarge}`, pages: [], pageCount: 1 };
  const refused = ctx.budget.claim();
  if (refused) return needsOcr(refused);
  let page: OcrPage;
  try {
    page = await engine.readImage({ bytes, kind: kind as OcrImage['kind'] });
  } catch (error) {
    if (error instanceof Error && error.name === 'OcrImageUnreadable') return { status: 'corrupt', statusDetail: `corrupt image: ${error.message}`, pages: [], pageCount: 1 };
    return needsOcr(errorReason(error));
  }
  const reason = rejection(page, ctx.limits);
  if (reason) return needsOcr(reason);
  return {
    status: 'ok',
    statusDetail: `image file (${label}): text read by OCR (confidence ${percent(page.confidence)})`,
    pages: [{ page: 1, text: page.text, source: 'ocr', ocrConfidence: Math.round(page.confidence * 1000) / 1000 }],
    pageCount: 1,
  };
}
