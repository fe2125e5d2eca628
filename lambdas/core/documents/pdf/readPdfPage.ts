/**
 * Reads one page of an open PDF: its text layer, screened for text a reader would not see (white on
 * white, smaller than 2 pt, outside the page box, drawn invisible) by replaying the page's drawing.
 * The one implementation of a page read, run wherever the page is parsed: on the calling thread
 * (extractPdf.ts) and in the PDF worker threads (pdfPageWorker.ts).
 */
import '../quarantine/arrayBufferTransfer';
import { hasText } from '../extractionOutcome';
import type { PdfDocumentProxy, Unpdf } from '../loadPdfjs';
import { cutSpans } from '../quarantine/cutSpans';
import { bundledHiddenTextRules } from '../quarantine/hiddenTextRules';
import { glyphVisibility } from '../quarantine/pdfGlyphVisibility';
import { locateHiddenText } from '../quarantine/pdfHiddenText';
import { boundText, MAX_QUARANTINED_TEXT, type QuarantinedPassage } from '../quarantine/quarantineSchema';

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
  if (!hasText(raw)) return { text: raw, hasTextLayer: false, quarantined: [] };
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
    return { text, hasTextLayer: true, quarantined };
  } catch {
    return { text: raw, hasTextLayer: true, quarantined: [], unchecked: true };
  }
}

/**
 * Reads and screens page `pageNumber` (1-based), then releases what PDF.js holds for it. Rejects
 * when the page itself cannot be parsed.
 */
export async function readPdfPage(pdfjs: PdfjsModule, pdf: PdfDocumentProxy, pageNumber: number): Promise<PageRead> {
  const page = await pdf.getPage(pageNumber);
  try {
    const raw = textOfItems((await page.getTextContent()).items);
    return await screenPage(pdfjs, page, pageNumber, raw);
  } finally {
    page.cleanup();
  }
}
