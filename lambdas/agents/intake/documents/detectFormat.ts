/** Detects a file's format from its bytes (magic numbers), never from its name. */
import { MAX_ZIP_ENTRIES, openZip, ZipLimitExceeded } from './archive/boundedZip';
import type { ExtractedDocument } from '../../../contracts/intakeOutput';
import { decodeText } from './textDecoding';

export type FileFormat = ExtractedDocument['format'];

/** A finer description than `format`, used to choose an extractor and to word status details. */
export type FileKind =
  | 'empty'
  | 'pdf'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'opendocument'
  | 'zip'
  | 'damaged-zip'
  | 'oversized-zip'
  | 'encrypted-office'
  | 'doc'
  | 'xls'
  | 'ppt'
  | 'ole'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'tiff'
  | 'webp'
  | 'heic'
  | 'bmp'
  | 'rtf'
  | 'text'
  | 'unknown';

export interface DetectedFormat {
  format: FileFormat;
  kind: FileKind;
  /** Human-readable name of what the bytes are, e.g. "a PNG image". */
  label: string;
}

const KINDS: Record<FileKind, { format: FileFormat; label: string }> = {
  empty: { format: 'unknown', label: 'no data' },
  pdf: { format: 'pdf', label: 'a PDF document' },
  docx: { format: 'docx', label: 'a Word document (DOCX)' },
  xlsx: { format: 'zip', label: 'an Excel spreadsheet (XLSX)' },
  pptx: { format: 'zip', label: 'a PowerPoint presentation (PPTX)' },
  opendocument: { format: 'zip', label: 'an OpenDocument file' },
  zip: { format: 'zip', label: 'a ZIP archive' },
  'damaged-zip': { format: 'zip', label: 'a damaged ZIP container' },
  'oversized-zip': { format: 'zip', label: `a ZIP archive listing more than ${MAX_ZIP_ENTRIES.toLocaleString('en-CA')} entries` },
  'encrypted-office': { format: 'ole', label: 'a password-protected Office document' },
  doc: { format: 'ole', label: 'a Word 97-2003 document (DOC)' },
  xls: { format: 'ole', label: 'an Excel 97-2003 spreadsheet (XLS)' },
  ppt: { format: 'ole', label: 'a PowerPoint 97-2003 presentation (PPT)' },
  ole: { format: 'ole', label: 'an OLE compound file' },
  png: { format: 'image', label: 'a PNG image' },
  jpeg: { format: 'image', label: 'a JPEG image' },
  gif: { format: 'image', label: 'a GIF image' },
  tiff: { format: 'image', label: 'a TIFF image' },
  webp: { format: 'image', label: 'a WebP image' },
  heic: { format: 'image', label: 'a HEIC image' },
  bmp: { format: 'image', label: 'a BMP image' },
  rtf: { format: 'unknown', label: 'an RTF document' },
  text: { format: 'text', label: 'plain text' },
  unknown: { format: 'unknown', label: 'unrecognised binary data' },
};

export function describeKind(kind: FileKind): DetectedFormat {
  return { kind, ...KINDS[kind] };
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

export function ascii(text: string): number[] {
  return Array.from(text, (c) => c.charCodeAt(0));
}

/** Index of `needle` in `haystack` from `from`, or -1 (native search, no copy of the haystack). */
export function indexOfBytes(haystack: Uint8Array, needle: readonly number[], from = 0): number {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(Uint8Array.from(needle), from);
}

function utf16le(text: string): number[] {
  return Array.from(text).flatMap((c) => [c.charCodeAt(0), 0]);
}

const PDF_MAGIC = ascii('%PDF-');
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The PDF header may be preceded by up to 1 KB of junk (PDF 32000-1, annex H). */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const index = indexOfBytes(bytes.subarray(0, 1024 + PDF_MAGIC.length), PDF_MAGIC);
  return index !== -1;
}

/** Only the ZIP directory is read (bounded to MAX_ZIP_ENTRIES entries); nothing is decompressed. */
async function zipKind(bytes: Uint8Array): Promise<FileKind> {
  let names: string[];
  try {
    names = (await openZip(bytes)).entries.map((entry) => entry.name);
  } catch (error) {
    return error instanceof ZipLimitExceeded ? 'oversized-zip' : 'damaged-zip';
  }
  if (names.includes('word/document.xml')) return 'docx';
  if (names.includes('xl/workbook.xml')) return 'xlsx';
  if (names.includes('ppt/presentation.xml')) return 'pptx';
  if (names.includes('mimetype') && names.includes('content.xml')) return 'opendocument';
  return 'zip';
}

function oleKind(bytes: Uint8Array): FileKind {
  // Directory entry names in a compound file are UTF-16LE.
  const has = (name: string) => indexOfBytes(bytes, utf16le(name)) !== -1;
  const encrypted = ['EncryptionInfo', 'EncryptedPackage'].some((n) => has(n) || indexOfBytes(bytes, ascii(n)) !== -1);
  if (encrypted) return 'encrypted-office';
  if (has('WordDocument')) return 'doc';
  if (has('Workbook') || has('Book')) return 'xls';
  if (has('PowerPoint Document')) return 'ppt';
  return 'ole';
}

function imageKind(bytes: Uint8Array): FileKind | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('ftyp'), 4) && ['heic', 'heix', 'mif1', 'msf1'].some((b) => startsWith(bytes, ascii(b), 8))) {
    return 'heic';
  }
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 14) {
    const declaredSize = bytes[2] | (bytes[3] << 8) | (bytes[4] << 16) | (bytes[5] << 24);
    if (declaredSize === bytes.length) return 'bmp';
  }
  return undefined;
}

/** Bytes sniffed to decide whether a file is text. */
const TEXT_SNIFF_BYTES = 64 * 1024;

/** What the bytes are. Asynchronous because a ZIP's directory is read (yauzl reads asynchronously). */
export async function detectFormat(bytes: Uint8Array): Promise<DetectedFormat> {
  if (bytes.length === 0) return describeKind('empty');
  if (hasPdfHeader(bytes)) return describeKind('pdf');
  if (startsWith(bytes, ZIP_MAGIC) || startsWith(bytes, EMPTY_ZIP_MAGIC)) return describeKind(await zipKind(bytes));
  if (startsWith(bytes, OLE_MAGIC)) return describeKind(oleKind(bytes));
  const image = imageKind(bytes);
  if (image) return describeKind(image);
  if (startsWith(bytes, ascii('{\\rtf'))) return describeKind('rtf');
  if (decodeText(bytes, TEXT_SNIFF_BYTES)) return describeKind('text');
  return describeKind('unknown');
}
