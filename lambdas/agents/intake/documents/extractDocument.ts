/**
 * Reads one document whatever it is: detects the format from the bytes, extracts text with the
 * matching extractor, and reports a typed status. Never throws. A file over the size limit is
 * reported `too-large` without being looked at.
 */
import { MAX_ZIP_ENTRIES } from './archive/boundedZip';
import { type DetectedFormat, detectFormat, type FileKind } from './detectFormat';
import { extractDocx } from './extractDocx';
import { type ExtractionOutcome, outcomeWithoutText } from './extractionOutcome';
import { extractPdf, type PdfExtractionOptions } from './extractPdf';
import { extractText } from './extractText';
import { ExtractedDocument } from '../../../contracts/intakeOutput';
import { archiveTooLargeDetail, documentTooLargeDetail } from './sizeLimitDetail';
import { ocrImageFile, ocrPdfPages, type OcrContext } from './ocr/ocrDocument';
import type { StoredLocation } from './ocr/ocrTypes';

export interface DocumentFile {
  docId: string;
  name: string;
  bytes: Uint8Array;
  /** Where the document is stored, for OCR engines that read it there (Textract, for multi-page PDFs). */
  location?: StoredLocation;
}

/**
 * Largest file read, in bytes. Together with the archive limits it keeps one document's memory
 * well under 1 GB: extractors hold the file, a few copies of its text and their own structures.
 */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

export interface ExtractDocumentOptions {
  pdf?: PdfExtractionOptions;
  /** Files larger than this are reported `too-large` without being read (default MAX_DOCUMENT_BYTES). */
  maxDocumentBytes?: number;
  /** OCR of scanned pages and image files; without it they are needs-ocr / unsupported, as before OCR existed. */
  ocr?: OcrContext;
}

const OFFICE_FAMILY = (own: FileKind, legacy = false): FileKind[] =>
  legacy ? [own, 'encrypted-office', 'ole'] : [own, 'encrypted-office', 'damaged-zip', 'oversized-zip'];
const ARCHIVE_FAMILY = (...own: FileKind[]): FileKind[] => [...own, 'damaged-zip', 'oversized-zip'];
const IMAGE_KINDS: FileKind[] = ['png', 'jpeg', 'gif', 'tiff', 'webp', 'heic', 'bmp'];
const TEXT_KINDS: FileKind[] = ['text'];

/** The kinds of content each known extension may legitimately hold. */
const EXTENSION_KINDS: Record<string, FileKind[]> = {
  pdf: ['pdf'],
  docx: OFFICE_FAMILY('docx'),
  docm: OFFICE_FAMILY('docx'),
  dotx: OFFICE_FAMILY('docx'),
  doc: OFFICE_FAMILY('doc', true),
  xlsx: OFFICE_FAMILY('xlsx'),
  xls: OFFICE_FAMILY('xls', true),
  pptx: OFFICE_FAMILY('pptx'),
  ppt: OFFICE_FAMILY('ppt', true),
  odt: ARCHIVE_FAMILY('opendocument'),
  ods: ARCHIVE_FAMILY('opendocument'),
  zip: ARCHIVE_FAMILY('zip', 'docx', 'xlsx', 'pptx', 'opendocument'),
  rtf: ['rtf', 'text'],
  ...Object.fromEntries(['txt', 'text', 'md', 'markdown', 'csv', 'tsv', 'log'].map((e) => [e, TEXT_KINDS])),
  ...Object.fromEntries(
    ['jpg', 'jpeg', 'png', 'gif', 'tif', 'tiff', 'webp', 'heic', 'heif', 'bmp'].map((e) => [e, IMAGE_KINDS]),
  ),
};

/** What the extension promises, for wording ("corrupt PDF"). */
const EXTENSION_NOUN: Record<string, string> = { pdf: 'PDF', docx: 'DOCX', docm: 'DOCX', dotx: 'DOCX' };

const READ_AS: Partial<Record<DetectedFormat['format'], string>> = { pdf: 'PDF', docx: 'DOCX', text: 'text' };

export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

function unsupportedDetail(detected: DetectedFormat): string {
  switch (detected.format) {
    case 'image':
      return `image file (${detected.kind.toUpperCase()}) — needs OCR; OCR is off or does not read this format`;
    case 'zip':
      return detected.kind === 'zip'
        ? 'unsupported format: a ZIP archive — upload the documents it contains individually'
        : `unsupported format: ${detected.label} — export it as PDF to include it`;
    case 'ole':
      return `unsupported format: ${detected.label} — save it as DOCX or PDF to include it`;
    default:
      return `unsupported format: ${detected.label}`;
  }
}

/** A PDF's text, then OCR of its pages without a text layer when OCR is on. */
async function pdfWithOcr(bytes: Uint8Array, options: ExtractDocumentOptions, location?: StoredLocation): Promise<ExtractionOutcome> {
  const { textless, ...outcome } = await extractPdf(bytes, options.pdf);
  if (!options.ocr || !textless?.length) return outcome;
  return { ...outcome, ...(await ocrPdfPages(bytes, outcome, textless, options.ocr, location)) };
}

async function extractByKind(
  detected: DetectedFormat,
  extension: string,
  file: DocumentFile,
  options: ExtractDocumentOptions,
): Promise<ExtractionOutcome> {
  const { bytes } = file;
  switch (detected.kind) {
    case 'empty':
      return outcomeWithoutText('empty', 'empty file (0 bytes)');
    case 'pdf':
      return pdfWithOcr(bytes, options, file.location);
    case 'docx':
    case 'encrypted-office':
      return extractDocx(bytes);
    case 'text':
      return extractText(bytes);
    case 'damaged-zip': {
      const noun = EXTENSION_NOUN[extension];
      return outcomeWithoutText('corrupt', noun ? `corrupt ${noun}: the ZIP container cannot be read` : 'corrupt ZIP container');
    }
    case 'oversized-zip':
      return outcomeWithoutText('too-large', archiveTooLargeDetail(EXTENSION_NOUN[extension] ?? 'ZIP archive', 'entries', MAX_ZIP_ENTRIES));
    case 'unknown': {
      const noun = EXTENSION_NOUN[extension] ?? (EXTENSION_KINDS[extension] === TEXT_KINDS ? 'text file' : undefined);
      if (noun) return outcomeWithoutText('corrupt', `corrupt ${noun}: the bytes are not a valid ${noun} (unrecognised binary data)`);
      return outcomeWithoutText('unsupported', unsupportedDetail(detected));
    }
    default: {
      const read = detected.format === 'image' && options.ocr ? await ocrImageFile(bytes, detected.kind, options.ocr) : undefined;
      return read ?? outcomeWithoutText('unsupported', unsupportedDetail(detected));
    }
  }
}

/** Applies the extension check: a readable file whose extension lies is `mislabeled`. */
function withExtensionCheck(outcome: ExtractionOutcome, detected: DetectedFormat, extension: string): ExtractionOutcome {
  const expected = EXTENSION_KINDS[extension];
  if (!expected || detected.kind === 'empty' || detected.kind === 'unknown' || expected.includes(detected.kind)) {
    return outcome;
  }
  const readAs = READ_AS[detected.format];
  const mismatch = `named .${extension} but contains ${detected.label}`;
  if (outcome.status === 'ok') {
    return { ...outcome, status: 'mislabeled', statusDetail: `${mismatch}; read as ${readAs ?? detected.format}` };
  }
  return { ...outcome, statusDetail: `${mismatch}; ${outcome.statusDetail}` };
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'Error';
}

export async function extractDocument(file: DocumentFile, options: ExtractDocumentOptions = {}): Promise<ExtractedDocument> {
  const { docId, name, bytes } = file;
  let format: ExtractedDocument['format'] = 'unknown';
  const maxBytes = options.maxDocumentBytes ?? MAX_DOCUMENT_BYTES;
  if (bytes.length > maxBytes) {
    return { docId, name, format, ...outcomeWithoutText('too-large', documentTooLargeDetail(bytes.length, maxBytes)) };
  }
  try {
    const detected = await detectFormat(bytes);
    format = detected.format;
    const extension = fileExtension(name);
    const outcome = withExtensionCheck(await extractByKind(detected, extension, file, options), detected, extension);
    return ExtractedDocument.parse({ docId, name, format, ...outcome });
  } catch (error) {
    return {
      docId,
      name,
      format,
      status: 'corrupt',
      statusDetail: `could not be read (${errorName(error)})`,
      pages: [],
      pageCount: 0,
    };
  }
}
