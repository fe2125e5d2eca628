/**
 * Scanned documents for the OCR tests: text drawn into PNGs with @napi-rs/canvas (black on white,
 * as a scanner gives it) and image-only PDFs made from them with pdf-lib (no text layer at all).
 */
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import type { OcrEngine } from '../../../../lambdas/agents/intake/documents/ocr/ocrTypes';
import { sharedTesseractEngine } from '../../../../lambdas/agents/intake/documents/ocr/tesseractEngine';

/** The real local engine, counting the images it is asked to read (`reads()`; `reset()` between tests). */
export function countingTesseract(): { engine: OcrEngine; reads: () => number; reset: () => void } {
  let reads = 0;
  const engine: OcrEngine = {
    name: 'tesseract',
    readImage(image) {
      reads++;
      return sharedTesseractEngine().readImage(image);
    },
  };
  return { engine, reads: () => reads, reset: () => (reads = 0) };
}

/** A white canvas with `lines` drawn on it, one per 60 px, in a 40 px sans-serif font. */
function drawnText(lines: readonly string[], width: number) {
  const canvas = createCanvas(width, 60 * lines.length + 60);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = 'black';
  ctx.font = '40px sans-serif';
  lines.forEach((line, i) => ctx.fillText(line, 40, 70 + 60 * i));
  return { canvas, ctx };
}

/** A PNG of `lines`, one per 60 px, in a 40 px sans-serif font. */
export function textPng(lines: readonly string[], width = 1400): Uint8Array {
  return drawnText(lines, width).canvas.toBuffer('image/png');
}

/** A PNG of random black and white speckles: nothing a reader could read. */
export function noisePng(width: number, height: number, seed = 7): Uint8Array {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(width, height);
  let state = seed;
  for (let i = 0; i < image.data.length; i += 4) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const v = state % 2 ? 0 : 255;
    image.data[i] = image.data[i + 1] = image.data[i + 2] = v;
    image.data[i + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
  return canvas.toBuffer('image/png');
}

/** An image-only PDF: page i is the PNG `pages[i % pages.length]`, `count` pages (one image object per distinct PNG). */
export async function scannedPdf(pages: readonly Uint8Array[], count = pages.length): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const images = await Promise.all(pages.map((png) => pdf.embedPng(png)));
  for (let i = 0; i < count; i++) {
    const image = images[i % images.length];
    const page = pdf.addPage([image.width * 0.5, image.height * 0.5]);
    page.drawImage(image, { x: 0, y: 0, width: image.width * 0.5, height: image.height * 0.5 });
  }
  return pdf.save();
}

export const PASSPORT_LINES = [
  'PASSPORT / PASSEPORT',
  'Republic of Ghana',
  'Passport No.: G1234567',
  'Surname: MENSAH',
  'Given names: AMA',
  'Nationality: GHANAIAN',
  'Date of birth: 12 APR 2001',
];

export const ACTE_DE_MARIAGE_LINES = [
  'ACTE DE MARIAGE',
  'Date du mariage : 14 juin 2019',
  'Célébré à Montréal par l\'officier de l\'état civil',
  'Époux : Jean Tremblay, né le 3 mars 1990',
  'Épouse : Marie Dubois, née le 9 août 1992',
];

/**
 * `lines` drawn as textPng does, then buried under speckles: each pixel flipped to black with
 * probability `density` (a fax of a fax). Tesseract still finds words in it, with little confidence.
 */
export function speckledTextPng(lines: readonly string[], density: number, width = 1400, seed = 11): Uint8Array {
  const { canvas, ctx } = drawnText(lines, width);
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let state = seed;
  for (let i = 0; i < image.data.length; i += 4) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    if (state / 0x7fffffff < density) image.data[i] = image.data[i + 1] = image.data[i + 2] = 0;
  }
  ctx.putImageData(image, 0, 0);
  return canvas.toBuffer('image/png');
}
