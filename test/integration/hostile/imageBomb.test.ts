import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import { extractDocument } from '../../../lambdas/agents/intake/documents/extractDocument';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { ocrContextFor } from '../../../lambdas/agents/intake/documents/ocr/ocrSetup';
import { countingTesseract } from './support/scannedDocuments';

/**
 * An image bomb: a few kilobytes declaring 100,000 × 100,000 pixels (ten gigapixels, 30 GB once
 * decoded). It is refused from its header, before any decoder sees it, whether it comes as an
 * image file or as the scan inside a PDF page; the OCR engine is never asked to read it.
 */
const counting = countingTesseract();
const ocr = () => ocrContextFor('local', { engine: counting.engine });

/** A PNG whose IHDR declares width × height, followed by a small deflated run of zeros as its data. */
function bombPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]); // CRC unchecked: never decoded
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1 << 20))), chunk('IEND', Buffer.alloc(0))]);
}

/** A one-page PDF whose only image XObject declares width × height grey pixels (a deflated run of zeros). */
async function bombPdf(width: number, height: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([600, 800]);
  const image = pdf.context.stream(deflateSync(Buffer.alloc(1 << 20)), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
  });
  page.node.setXObject(PDFName.of('Scan'), pdf.context.register(image));
  return pdf.save();
}

beforeEach(() => {
  counting.reset();
});
afterAll(() => closePdfWorkers());

describe('image bombs are refused before decoding', () => {
  it('refuses a PNG file declaring 100000 × 100000 pixels as too-large, naming the size', async () => {
    const doc = await extractDocument({ docId: 'bomb', name: 'photo.png', bytes: bombPng(100_000, 100_000) }, { ocr: ocr() });
    expect(counting.reads()).toBe(0);
    expect(doc.status).toBe('too-large');
    expect(doc.statusDetail).toBe('image file (PNG): the image declares 100,000 × 100,000 pixels (10,000 megapixels), over the OCR limit of 40 megapixels; not decoded');
    expect(doc.pages).toEqual([]);
  });

  it('leaves a PDF page whose scan declares 100000 × 100000 pixels needs-ocr, saying why, without inflating it', async () => {
    const doc = await extractDocument({ docId: 'bomb', name: 'scan.pdf', bytes: await bombPdf(100_000, 100_000) }, { ocr: ocr() });
    expect(counting.reads()).toBe(0);
    expect(doc.status).toBe('needs-ocr');
    expect(doc.statusDetail).toContain('page 1 needs OCR: the image declares 100,000 × 100,000 pixels');
    expect(doc.statusDetail).toContain('not decoded');
  });
});
