/**
 * The image of each scanned page of a PDF, for OCR, without a native renderer: pdf-lib (pure
 * JavaScript, already used for reports) parses the document's objects, and the largest image
 * XObject a page draws (directly or in a form XObject) is taken as the page's scan. JPEG streams
 * (DCTDecode) are passed through as they are: Tesseract and Textract decode JPEG themselves. Flate
 * streams of 8-bit grey or RGB (or 1-bit bilevel) pixels are inflated, within the size their
 * /Width and /Height declare, and written as PNG with pngjs. Other encodings (CCITT fax, JBIG2,
 * JPEG 2000, indexed colour) leave the page needs-ocr, saying which encoding it was.
 *
 * Why not PDF.js: it decodes every image to draw a page, in memory, before anything can check it;
 * here /Width × /Height (and a JPEG's own frame header) are checked against the pixel limit before
 * a byte is inflated, so an image bomb is refused with its declared size.
 */
import { inflateSync } from 'node:zlib';
import type { PDFDict as PDFDictType, PDFDocument as PDFDocumentType, PDFRawStream as PDFRawStreamType } from 'pdf-lib';
import { imageSize, imageSizeProblem } from './imageHeader';
import type { OcrImage } from './ocrTypes';

/** A page's image ready for OCR, or why there is none. */
export type PageImage = { image: OcrImage } | { problem: string };

type PdfLib = typeof import('pdf-lib');
interface PngJs {
  PNG: { sync: { write(png: { width: number; height: number; data: Buffer }, options: Record<string, unknown>): Buffer } };
}

interface ImageObject {
  dict: PDFDictType;
  contents: Uint8Array;
  width: number;
  height: number;
}

function nameOf(lib: PdfLib, value: unknown): string | undefined {
  return value instanceof lib.PDFName ? value.decodeText() : undefined;
}

function numberOf(lib: PdfLib, value: unknown): number | undefined {
  return value instanceof lib.PDFNumber ? value.asNumber() : undefined;
}

/** The image XObjects a resource dictionary draws, and those of its form XObjects (one level). */
function imagesOf(lib: PdfLib, doc: PDFDocumentType, resources: PDFDictType | undefined, depth = 0): ImageObject[] {
  const xobjects = resources?.lookupMaybe(lib.PDFName.of('XObject'), lib.PDFDict);
  if (!xobjects) return [];
  const found: ImageObject[] = [];
  for (const [, ref] of xobjects.entries()) {
    const object = doc.context.lookup(ref);
    if (!(object instanceof lib.PDFRawStream)) continue;
    const stream = object as PDFRawStreamType;
    const subtype = nameOf(lib, stream.dict.lookup(lib.PDFName.of('Subtype')));
    if (subtype === 'Image') {
      const width = numberOf(lib, stream.dict.lookup(lib.PDFName.of('Width'))) ?? 0;
      const height = numberOf(lib, stream.dict.lookup(lib.PDFName.of('Height'))) ?? 0;
      found.push({ dict: stream.dict, contents: stream.contents, width, height });
    } else if (subtype === 'Form' && depth < 1) {
      found.push(...imagesOf(lib, doc, stream.dict.lookupMaybe(lib.PDFName.of('Resources'), lib.PDFDict), depth + 1));
    }
  }
  return found;
}

function filtersOf(lib: PdfLib, dict: PDFDictType): string[] {
  const filter = dict.lookup(lib.PDFName.of('Filter'));
  if (filter instanceof lib.PDFArray) return filter.asArray().map((f) => nameOf(lib, f) ?? '?');
  const one = nameOf(lib, filter);
  return one ? [one] : [];
}

/** Colour components of an image's colour space: 1 (grey) or 3 (RGB); undefined for others. */
function componentsOf(lib: PdfLib, doc: PDFDocumentType, dict: PDFDictType): number | undefined {
  const space = dict.lookup(lib.PDFName.of('ColorSpace'));
  const name = nameOf(lib, space);
  if (name === 'DeviceGray' || name === 'CalGray') return 1;
  if (name === 'DeviceRGB' || name === 'CalRGB') return 3;
  if (space instanceof lib.PDFArray && nameOf(lib, space.lookup(0)) === 'ICCBased') {
    const profile = doc.context.lookup(space.get(1));
    const n = profile instanceof lib.PDFRawStream ? numberOf(lib, profile.dict.lookup(lib.PDFName.of('N'))) : undefined;
    return n === 1 || n === 3 ? n : undefined;
  }
  if (name === undefined && space === undefined) return 1; // an image mask or a 1-bit image without a space
  return undefined;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Undoes PNG predictors (/Predictor 10–15): each row starts with its filter type. */
function unpredict(data: Uint8Array, rowBytes: number, bpp: number, rows: number): Uint8Array {
  const out = new Uint8Array(rowBytes * rows);
  for (let y = 0; y < rows; y++) {
    const type = data[y * (rowBytes + 1)];
    const src = y * (rowBytes + 1) + 1;
    const at = y * rowBytes;
    for (let x = 0; x < rowBytes; x++) {
      const raw = data[src + x] ?? 0;
      const left = x >= bpp ? out[at + x - bpp] : 0;
      const up = y > 0 ? out[at - rowBytes + x] : 0;
      const upLeft = y > 0 && x >= bpp ? out[at - rowBytes + x - bpp] : 0;
      const predicted = type === 1 ? left : type === 2 ? up : type === 3 ? (left + up) >> 1 : type === 4 ? paeth(left, up, upLeft) : 0;
      out[at + x] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

/** 8-bit pixels of a Flate image, within its declared size; a string says why not. */
function flatePixels(lib: PdfLib, doc: PDFDocumentType, image: ImageObject): { data: Uint8Array; components: number } | string {
  const components = componentsOf(lib, doc, image.dict);
  const bits = numberOf(lib, image.dict.lookup(lib.PDFName.of('BitsPerComponent'))) ?? 1;
  if (components === undefined || !(bits === 8 || (bits === 1 && components === 1))) {
    return `its scan uses a colour space or depth local OCR does not read (${bits}-bit)`;
  }
  const parms = image.dict.lookupMaybe(lib.PDFName.of('DecodeParms'), lib.PDFDict);
  const predictor = parms ? (numberOf(lib, parms.lookup(lib.PDFName.of('Predictor'))) ?? 1) : 1;
  if (predictor !== 1 && predictor < 10) return 'its scan uses a TIFF predictor local OCR does not read';
  const rowBytes = Math.ceil((image.width * components * bits) / 8);
  const expected = (rowBytes + (predictor >= 10 ? 1 : 0)) * image.height;
  let inflated: Uint8Array;
  try {
    // Never more than the declared pixels: a stream that inflates further is cut there.
    inflated = inflateSync(image.contents, { maxOutputLength: Math.max(1, expected), finishFlush: 2 /* Z_SYNC_FLUSH: a short stream is kept */ });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return 'its scan inflates past its declared size';
    return 'its scan could not be inflated';
  }
  let rows = predictor >= 10 ? unpredict(inflated, rowBytes, Math.max(1, (components * bits) >> 3), image.height) : inflated;
  if (bits === 1) {
    const grey = new Uint8Array(image.width * image.height);
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) grey[y * image.width + x] = (rows[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
    rows = grey;
  }
  return { data: rows, components };
}

function pngOf(pixels: { data: Uint8Array; components: number }, width: number, height: number): Uint8Array {
  const { PNG } = require('pngjs') as PngJs;
  const colorType = pixels.components === 1 ? 0 : 2;
  const data = Buffer.alloc(width * height * pixels.components);
  data.set(pixels.data.subarray(0, data.length));
  // Written for the OCR engine to read back at once, not to keep: no row filters, light compression (3× faster than the defaults).
  return PNG.sync.write({ width, height, data }, { colorType, inputColorType: colorType, inputHasAlpha: false, bitDepth: 8, filterType: 0, deflateLevel: 1 });
}

/** The page image of one page's largest image, checked against `maxPixels` before anything is decoded. */
function pageImage(lib: PdfLib, doc: PDFDocumentType, pageIndex: number, maxPixels: number): PageImage {
  const page = doc.getPages()[pageIndex];
  if (!page) return { problem: 'the page could not be found for OCR' };
  const images = imagesOf(lib, doc, page.node.Resources());
  if (!images.length) return { problem: 'no scanned image on the page' };
  const image = images.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  const declared = imageSizeProblem({ width: image.width, height: image.height }, maxPixels);
  if (declared) return { problem: declared };
  const filters = filtersOf(lib, image.dict);
  if (filters.length === 1 && filters[0] === 'DCTDecode') {
    // The JPEG's own frame header may declare more than the PDF says: checked too.
    const own = imageSize(image.contents, 'jpeg');
    const problem = own ? imageSizeProblem(own, maxPixels) : 'its JPEG scan has no readable frame header';
    return problem ? { problem } : { image: { bytes: image.contents, kind: 'jpeg' } };
  }
  if (filters.length === 0 || (filters.length === 1 && filters[0] === 'FlateDecode')) {
    const pixels = filters.length === 0 ? { data: image.contents, components: componentsOf(lib, doc, image.dict) ?? 1 } : flatePixels(lib, doc, image);
    if (typeof pixels === 'string') return { problem: pixels };
    return { image: { bytes: pngOf(pixels, image.width, image.height), kind: 'png' } };
  }
  return { problem: `its scan is encoded with ${filters.join(' + ')}, which local OCR does not read` };
}

/** Opens a PDF for its page images; the returned function gives one page's (1-based) image. */
export async function openPageImages(bytes: Uint8Array, maxPixels: number): Promise<(page: number) => PageImage> {
  const lib = require('pdf-lib') as PdfLib;
  const doc = await lib.PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  return (page) => {
    try {
      return pageImage(lib, doc, page - 1, maxPixels);
    } catch (error) {
      return { problem: `the page's image could not be read (${error instanceof Error ? error.name : 'Error'})` };
    }
  };
}
