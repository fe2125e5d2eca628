import { extractDocument } from '../../../lambdas/agents/intake/documents/extractDocument';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { ocrContextFor } from '../../../lambdas/agents/intake/documents/ocr/ocrSetup';
import { noisePng, scannedPdf, speckledTextPng, textPng } from '../hostile/support/scannedDocuments';

/**
 * What OCR reads with little confidence is not passed on as text: a page of speckles (a bad scan,
 * a photo of nothing) stays needs-ocr, and the status says it was the confidence (or that OCR found
 * no text), so the user knows to send a better scan. A readable page in the same PDF is kept.
 */
afterAll(() => closePdfWorkers());

const LETTER = ['LETTER OF EMPLOYMENT', 'Position: accounting clerk'];
/** The letter under speckles over 30% of its pixels: Tesseract guesses at words, unsure of them. */
const buried = () => speckledTextPng(LETTER, 0.3, 900);

describe('a scan OCR cannot read with confidence', () => {
  it('keeps a badly speckled image needs-ocr, with its confidence under the threshold as the reason', async () => {
    const doc = await extractDocument({ docId: 'speckled', name: 'photo.png', bytes: buried() }, { ocr: ocrContextFor('local') });
    expect(doc.status).toBe('needs-ocr');
    expect(doc.statusDetail).toMatch(/^image file \(PNG\) — needs OCR: OCR confidence \d+% below 60%$/);
    expect(doc.pages).toEqual([]);
  });

  it('keeps an image of pure noise needs-ocr: no text, or none it is sure of', async () => {
    const doc = await extractDocument({ docId: 'noise', name: 'photo.png', bytes: noisePng(600, 400) }, { ocr: ocrContextFor('local') });
    expect(doc.status).toBe('needs-ocr');
    expect(doc.statusDetail).toMatch(/^image file \(PNG\) — needs OCR: (?:OCR found no text|OCR confidence \d+% below 60%)$/);
    expect(doc.pages).toEqual([]);
  });

  it('keeps the readable page of a scanned PDF and leaves its speckled page needs-ocr, saying why', async () => {
    const bytes = await scannedPdf([textPng(LETTER, 900), buried()]);
    const doc = await extractDocument({ docId: 'mixed', name: 'letter.pdf', bytes }, { ocr: ocrContextFor('local') });
    expect(doc.status).toBe('ok');
    expect(doc.pages.map((p) => [p.page, p.source])).toEqual([[1, 'ocr']]);
    expect(doc.pages[0].text).toContain('LETTER OF EMPLOYMENT');
    expect(doc.statusDetail).toMatch(/text read by OCR from page 1 \(mean confidence \d+%\)/);
    expect(doc.statusDetail).toMatch(/page 2 needs OCR: OCR confidence \d+% below 60%/);
  });
});
