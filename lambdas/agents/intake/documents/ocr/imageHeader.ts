/**
 * An image's declared size, read from its header alone (PNG IHDR, JPEG SOF, TIFF's first IFD, BMP,
 * WebP, GIF), so that an image bomb (a few bytes declaring 100,000 × 100,000 pixels) is refused
 * before any decoder allocates its pixels.
 */
import type { FileKind } from '../detectFormat';

export interface ImageSize {
  width: number;
  height: number;
}

const be16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);
const le16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const le32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16)) + ((b[at + 3] << 24) >>> 0);
const le24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);

function pngSize(b: Uint8Array): ImageSize | undefined {
  // Signature (8), IHDR length (4), "IHDR" (4), width, height.
  if (b.length < 24 || String.fromCharCode(b[12], b[13], b[14], b[15]) !== 'IHDR') return undefined;
  return { width: be32(b, 16), height: be32(b, 20) };
}

/** The first start-of-frame marker's size; markers are walked by their lengths, never decoded. */
function jpegSize(b: Uint8Array): ImageSize | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: be16(b, at + 5), width: be16(b, at + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return undefined; // scan data before any frame header
    at += 2 + be16(b, at + 2);
  }
  return undefined;
}

function tiffSize(b: Uint8Array): ImageSize | undefined {
  if (b.length < 8) return undefined;
  const little = b[0] === 0x49;
  const u16 = (at: number) => (little ? le16(b, at) : be16(b, at));
  const u32 = (at: number) => (little ? le32(b, at) : be32(b, at));
  const ifd = u32(4);
  if (ifd + 2 > b.length) return undefined;
  const count = u16(ifd);
  let width: number | undefined;
  let height: number | undefined;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > b.length) break;
    const tag = u16(entry);
    const type = u16(entry + 2);
    const value = type === 3 ? u16(entry + 8) : u32(entry + 8);
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return width !== undefined && height !== undefined ? { width, height } : undefined;
}

function bmpSize(b: Uint8Array): ImageSize | undefined {
  if (b.length < 26) return undefined;
  const height = le32(b, 22) | 0; // negative: rows stored top-down
  return { width: Math.abs(le32(b, 18) | 0), height: Math.abs(height) };
}

function webpSize(b: Uint8Array): ImageSize | undefined {
  if (b.length < 30) return undefined;
  const chunk = String.fromCharCode(b[12], b[13], b[14], b[15]);
  if (chunk === 'VP8X') return { width: le24(b, 24) + 1, height: le24(b, 27) + 1 };
  if (chunk === 'VP8L') {
    const bits = le32(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
  return undefined;
}

/** The declared size of an image of `kind`; undefined when its header cannot be read. */
export function imageSize(bytes: Uint8Array, kind: FileKind): ImageSize | undefined {
  switch (kind) {
    case 'png':
      return pngSize(bytes);
    case 'jpeg':
      return jpegSize(bytes);
    case 'tiff':
      return tiffSize(bytes);
    case 'bmp':
      return bmpSize(bytes);
    case 'webp':
      return webpSize(bytes);
    case 'gif':
      return bytes.length >= 10 ? { width: le16(bytes, 6), height: le16(bytes, 8) } : undefined;
    default:
      return undefined;
  }
}

const megapixels = (pixels: number) => `${(pixels / 1e6).toLocaleString('en-CA', { maximumFractionDigits: 1 })} megapixels`;

/**
 * Why an image of `size` is not decoded: too large (over `maxPixels`), or empty; undefined when it
 * may be. A sentence for the document's status.
 */
export function imageSizeProblem(size: ImageSize, maxPixels: number): string | undefined {
  const pixels = size.width * size.height;
  if (pixels === 0) return `the image declares no pixels (${size.width} × ${size.height})`;
  if (pixels > maxPixels) {
    return `the image declares ${size.width.toLocaleString('en-CA')} × ${size.height.toLocaleString('en-CA')} pixels (${megapixels(pixels)}), over the OCR limit of ${megapixels(maxPixels)}; not decoded`;
  }
  return undefined;
}
