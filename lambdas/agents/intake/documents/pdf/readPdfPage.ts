/**
 * Reads one page of an open PDF: its text, screened for text a reader would not see (white on white,
 * smaller than 2 pt, outside the page box, drawn invisible), both from one replay of the page's
 * drawing (quarantine/pdfGlyphVisibility.ts, pdf/glyphText.ts).
 * The one implementation of a page read, run wherever the page is parsed: on the calling thread
 * (extractPdf.ts) and in the PDF worker threads (pdfPageWorker.ts).
 */
import '../quarantine/arrayBufferTransfer';
import { hasText } from '../../../../core/caseText/hasText';
import type { PdfDocumentProxy, Unpdf } from '../loadPdfjs';
import { cutSpans } from '../../../../core/caseText/cutSpans';
import { bundledHiddenTextRules, type HiddenTextRules } from '../quarantine/hiddenTextRules';
import { glyphVisibility, type GlyphVisibility, type OperatorListLike, type PdfFontFacts } from '../quarantine/pdfGlyphVisibility';
import { locateHiddenText } from '../quarantine/pdfHiddenText';
import { GlyphTextBuilder } from './glyphText';
import { boundText, MAX_QUARANTINED_TEXT, type QuarantinedPassage } from '../../../../contracts/quarantinedPassage';

export type PdfjsModule = Awaited<ReturnType<Unpdf['getResolvedPDFJS']>>;
type PdfPageProxy = Awaited<ReturnType<PdfDocumentProxy['getPage']>>;

/** Text extraction needs no rendering: no font loading, no eval, no logging (0 = errors only). */
export const PDFJS_OPTIONS = {
  isEvalSupported: false,
  useSystemFonts: true,
  disableFontFace: true,
  fontExtraProperties: false,
  enableXfa: false,
  verbosity: 0,
  /**
   * Images over 50 megapixels (a letter page scanned at 600 dpi is 34) are left out of the drawing
   * rather than decoded: a few bytes can declare an image of gigabytes.
   */
  maxImageSize: 50_000_000,
} as const;

/**
 * One page as read: the text a reader sees, and what was taken out of it. Plain data, so that a
 * worker thread can post it as it is.
 */
export interface PageRead {
  text: string;
  /** The text layer as PDF.js gives it has characters other than whitespace (else: a scan, needs OCR). */
  hasTextLayer: boolean;
  quarantined: QuarantinedPassage[];
  /** The page's drawing could not be replayed, so its text is kept as read, unchecked. */
  unchecked?: true;
}

/** The name of an error thrown by PDF.js (its exceptions are not always `Error` instances). */
export function pdfErrorName(error: unknown): string {
  return error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
    ? String((error as { name: unknown }).name)
    : 'Error';
}

/** The text-layer rule: item strings, a newline after items that end a line, no NULs. */
export function textOfItems(items: ReadonlyArray<object>): string {
  let text = '';
  for (const item of items) {
    if ('str' in item) text += (item as { hasEOL?: boolean }).hasEOL ? `${String(item.str)}\n` : String(item.str);
  }
  return withoutNul(text);
}

/** Text without NUL characters (which some PDFs map glyphs to). */
const withoutNul = (text: string): string => (text.includes('\u0000') ? text.replace(/\u0000/g, '') : text);

function fontFactsOf(page: PdfPageProxy, fontName: string): PdfFontFacts | undefined {
  try {
    if (!page.commonObjs.has(fontName)) return undefined;
    const font = page.commonObjs.get(fontName) as { fontMatrix?: unknown; vertical?: unknown; isType3Font?: unknown } | null;
    if (!font) return undefined;
    return { matrix: Array.isArray(font.fontMatrix) ? (font.fontMatrix as number[]) : undefined, vertical: font.vertical === true, type3: font.isType3Font === true };
  } catch {
    return undefined;
  }
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The page's text as PDF.js's text layer gives it (a second parse of the page). */
async function textLayerOf(page: PdfPageProxy): Promise<string> {
  return textOfItems((await page.getTextContent()).items);
}

/** The page's drawing, or undefined when PDF.js cannot build it (the text is then kept unchecked). */
async function operatorListOf(pdfjs: PdfjsModule, page: PdfPageProxy): Promise<OperatorListLike | undefined> {
  try {
    return await page.getOperatorList({ intent: 'display', annotationMode: pdfjs.AnnotationMode.DISABLE });
  } catch {
    return undefined;
  }
}

/** Takes out of the page's text what a reader would not see. */
function screened(pageNumber: number, raw: string, glyphs: readonly GlyphVisibility[], rules: HiddenTextRules['pdf']): PageRead {
  const hidden = locateHiddenText(raw, glyphs, rules);
  const { text, cut } = cutSpans(raw, hidden.spans);
  const quarantined: QuarantinedPassage[] = [
    ...cut.map((c) => ({ page: pageNumber, reason: c.reason, text: boundText(collapse(c.text), MAX_QUARANTINED_TEXT), detail: c.detail })),
    ...hidden.offPage.map((o) => ({ page: pageNumber, reason: 'off-page' as const, text: boundText(o.text, MAX_QUARANTINED_TEXT), detail: o.detail })),
  ];
  return { text, hasTextLayer: true, quarantined };
}

const unread = (raw: string): PageRead => ({ text: raw, hasTextLayer: false, quarantined: [] });

/**
 * Whether the last page this thread read of a document had a text layer. A document's first page, and
 * any page after one without text (a scan), is asked for its text layer first: for an image-only page
 * that costs far less than its drawing (PDF.js decodes every image to build that), and for a page
 * with text it costs one extra parse. After a page with text, the drawing comes first and gives the
 * text. Only the order of the work depends on it, never what is read.
 */
const lastPageHadText = new WeakMap<object, boolean>();

/** A page's drawing replayed once: every glyph's visibility, and the page's text when it could be built from them. */
export interface PageReplay {
  glyphs: GlyphVisibility[];
  /** The page's text built from its glyphs; undefined when only PDF.js's text layer reads it right (see glyphText.ts). */
  text?: string;
}

/** Replays the page's drawing; undefined when PDF.js cannot build it or the replay fails. */
export async function replayPage(pdfjs: PdfjsModule, page: PdfPageProxy): Promise<PageReplay | undefined> {
  const operatorList = await operatorListOf(pdfjs, page);
  if (!operatorList) return undefined;
  const builder = new GlyphTextBuilder(page.view);
  try {
    const glyphs = glyphVisibility({ operatorList, ops: pdfjs.OPS, view: page.view, font: (name) => fontFactsOf(page, name), rules: bundledHiddenTextRules().pdf, text: builder });
    return builder.needsTextLayer === undefined ? { glyphs, text: pageTextOf(pdfjs, builder) } : { glyphs };
  } catch {
    return undefined;
  }
}

/**
 * Reads and screens one page: the page's drawing is replayed once, both to place its text and to find
 * what a reader would not see. Pages the replay cannot put into words the way PDF.js would (right to
 * left, vertical, Type 3 fonts) take their text from PDF.js's text layer, screened the same way.
 */
async function readPage(pdfjs: PdfjsModule, pdf: PdfDocumentProxy, page: PdfPageProxy, pageNumber: number): Promise<PageRead> {
  let layer: string | undefined;
  if (lastPageHadText.get(pdf) !== true) {
    layer = await textLayerOf(page);
    if (!hasText(layer)) return unread(layer);
  }
  const replay = await replayPage(pdfjs, page);
  const raw = replay?.text ?? layer ?? (await textLayerOf(page));
  lastPageHadText.set(pdf, hasText(raw));
  if (!hasText(raw)) return unread(raw);
  return replay ? screened(pageNumber, raw, replay.glyphs, bundledHiddenTextRules().pdf) : { text: raw, hasTextLayer: true, quarantined: [], unchecked: true };
}

/** The built text as the text layer would give it: ligatures and other compatibility forms unfolded, no NULs. */
function pageTextOf(pdfjs: PdfjsModule, builder: GlyphTextBuilder): string {
  return withoutNul(pdfjs.normalizeUnicode(builder.text()));
}

/**
 * Reads and screens page `pageNumber` (1-based), then releases what PDF.js holds for it. Rejects
 * when the page itself cannot be parsed.
 */
export async function readPdfPage(pdfjs: PdfjsModule, pdf: PdfDocumentProxy, pageNumber: number): Promise<PageRead> {
  const page = await pdf.getPage(pageNumber);
  try {
    return await readPage(pdfjs, pdf, page, pageNumber);
  } finally {
    page.cleanup();
  }
}
