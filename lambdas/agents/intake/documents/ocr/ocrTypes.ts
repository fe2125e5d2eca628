/**
 * What OCR is asked and answers, shared by the engines (Tesseract locally, Textract in AWS), the
 * page images of scanned PDFs and the extraction of documents. Below every other file of ocr/.
 */
export type { OcrMode } from '../../../../core/settings/ocrSetting';

/** One page read by OCR: its text and the mean confidence of its words (0–1). */
export interface OcrPage {
  text: string;
  confidence: number;
}

/** An image the engine reads: its bytes, in a format the engine decodes itself (PNG, JPEG, TIFF, BMP, WebP). */
export interface OcrImage {
  bytes: Uint8Array;
  kind: 'png' | 'jpeg' | 'tiff' | 'bmp' | 'webp';
}

/** Where a document is stored, for engines that read it there (Textract's asynchronous API reads S3). */
export interface StoredLocation {
  bucket: string;
  key: string;
  versionId?: string;
}

/**
 * An engine that reads whole documents (Textract): the pages it could read, by page number, and
 * for the others why not. Engines that read only images (Tesseract) leave this out.
 */
export interface DocumentOcr {
  pages: Map<number, OcrPage>;
  /** A reason that applies to every page the engine did not return (a failed job, throttling). */
  failure?: string;
}

export interface OcrEngine {
  readonly name: 'tesseract' | 'textract';
  /** Reads one image. Rejects with OcrUnavailable when the engine cannot run at all. */
  readImage(image: OcrImage): Promise<OcrPage>;
  /** Reads the pages of a PDF, when the engine reads documents rather than images. */
  readPdf?(pdf: { bytes: Uint8Array; pageCount: number; location?: StoredLocation; pages: number[] }): Promise<DocumentOcr>;
}

/** The engine cannot run here (its packages are not installed, its worker could not start). */
export class OcrUnavailable extends Error {
  override readonly name = 'OcrUnavailable';
}

/** The limits of OCR for one audit. */
export interface OcrLimits {
  /** Pages of one document read by OCR; the rest stay needs-ocr. */
  maxPagesPerDocument: number;
  /** Pages of the whole audit read by OCR. */
  maxPagesPerAudit: number;
  /** Time OCR may take for the whole audit, in ms: pages not started by then stay needs-ocr. */
  budgetMs: number;
  /** Images larger than this (width × height) are refused before anything decodes them. */
  maxPixels: number;
  /** A page whose mean word confidence is below this (0–1) stays needs-ocr. */
  minConfidence: number;
}

/**
 * 20 pages a document and 60 an audit cover a scanned passport, marriage certificate and a few
 * statements at about a second a page; 40 megapixels is a letter page at 600 dpi with room to spare.
 */
export const DEFAULT_OCR_LIMITS: OcrLimits = {
  maxPagesPerDocument: 20,
  maxPagesPerAudit: 60,
  budgetMs: 5 * 60_000,
  maxPixels: 40_000_000,
  minConfidence: 0.6,
};

export const percent = (fraction: number): string => `${Math.round(fraction * 100)}%`;
