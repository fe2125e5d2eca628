import { createCanvas } from '@napi-rs/canvas';
import { imageSize, imageSizeProblem } from '../../../../lambdas/agents/intake/documents/ocr/imageHeader';

/**
 * The declared size of an image, from its header alone: what the OCR pixel limit is checked
 * against before anything decodes the image. Real encoders' output is read right, and a header
 * that lies about a huge size is believed (and so refused), whatever the bytes after it.
 */
const drawn = (width: number, height: number, mime: 'image/png' | 'image/jpeg' | 'image/webp'): Uint8Array => {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, width, height);
  return mime === 'image/png' ? canvas.toBuffer('image/png') : mime === 'image/jpeg' ? canvas.toBuffer('image/jpeg') : canvas.toBuffer('image/webp');
};

/** A little-endian TIFF whose first IFD holds ImageWidth and ImageLength as LONGs. */
function tiffHeader(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(8 + 2 + 2 * 12 + 4);
  b.write('II', 0, 'latin1');
  b.writeUInt16LE(42, 2);
  b.writeUInt32LE(8, 4);
  b.writeUInt16LE(2, 8);
  [[256, width], [257, height]].forEach(([tag, value], i) => {
    const at = 10 + i * 12;
    b.writeUInt16LE(tag, at);
    b.writeUInt16LE(4, at + 2); // LONG
    b.writeUInt32LE(1, at + 4);
    b.writeUInt32LE(value, at + 8);
  });
  return b;
}

/** A BMP file header and BITMAPINFOHEADER; a negative height means rows stored top-down. */
function bmpHeader(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(54);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  return b;
}

/** The JPEG with its first start-of-frame's declared height and width replaced. */
function jpegDeclaring(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  const b = Buffer.from(jpeg);
  for (let at = 2; at < b.length - 9; ) {
    const marker = b[at + 1];
    if (marker >= 0xc0 && marker <= 0xc2) {
      b.writeUInt16BE(height, at + 5);
      b.writeUInt16BE(width, at + 7);
      return b;
    }
    at += 2 + b.readUInt16BE(at + 2);
  }
  throw new Error('no frame header');
}

const MAX = 40_000_000;

describe('image sizes from headers', () => {
  it.each(['image/png', 'image/jpeg', 'image/webp'] as const)('reads the size of a %s an encoder wrote', (mime) => {
    const kind = mime.split('/')[1] as 'png' | 'jpeg' | 'webp';
    expect(imageSize(drawn(321, 123, mime), kind)).toEqual({ width: 321, height: 123 });
  });

  it('reads TIFF and BMP headers, a top-down BMP too', () => {
    expect(imageSize(tiffHeader(2480, 3508), 'tiff')).toEqual({ width: 2480, height: 3508 });
    expect(imageSize(bmpHeader(1275, -1650), 'bmp')).toEqual({ width: 1275, height: 1650 });
  });

  it('believes a header declaring a huge image, and the limit refuses it', () => {
    const jpegBomb = jpegDeclaring(drawn(16, 16, 'image/jpeg'), 65_535, 65_535);
    expect(imageSize(jpegBomb, 'jpeg')).toEqual({ width: 65_535, height: 65_535 });
    expect(imageSizeProblem(imageSize(jpegBomb, 'jpeg')!, MAX)).toMatch(/^the image declares 65,535 × 65,535 pixels \(4,294\.8 megapixels\), over the OCR limit of 40 megapixels; not decoded$/);
    expect(imageSizeProblem(imageSize(tiffHeader(100_000, 100_000), 'tiff')!, MAX)).toContain('100,000 × 100,000 pixels');
    expect(imageSizeProblem(imageSize(bmpHeader(100_000, 100_000), 'bmp')!, MAX)).toContain('100,000 × 100,000 pixels');
  });

  it('accepts a letter page at 600 dpi, and names an image that declares no pixels', () => {
    expect(imageSizeProblem({ width: 5100, height: 6600 }, MAX)).toBeUndefined();
    expect(imageSizeProblem({ width: 0, height: 1000 }, MAX)).toBe('the image declares no pixels (0 × 1000)');
  });

  it('gives no size for a header cut short, rather than guessing', () => {
    expect(imageSize(drawn(50, 50, 'image/png').slice(0, 20), 'png')).toBeUndefined();
    expect(imageSize(tiffHeader(10, 10).slice(0, 6), 'tiff')).toBeUndefined();
    expect(imageSize(bmpHeader(10, 10).slice(0, 20), 'bmp')).toBeUndefined();
  });
});
