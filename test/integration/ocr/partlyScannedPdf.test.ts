import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractDocument } from '../../../lambdas/agents/intake/documents/extractDocument';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { ocrContextFor } from '../../../lambdas/agents/intake/documents/ocr/ocrSetup';
import { textPng } from '../hostile/support/scannedDocuments';

/**
 * A PDF of typed pages with a scanned page among them (a signed page scanned back in): the typed
 * pages keep their text layer, only the scanned page goes through OCR, and the status says which
 * pages were read which way, without still claiming the scanned page needs OCR.
 */
afterAll(() => closePdfWorkers());

async function typedWithScan(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText('EMPLOYMENT CONTRACT\nThe employee starts on 2 March 2026.', { x: 50, y: 700, size: 12, font });
  const scan = await pdf.embedPng(textPng(['Signed by both parties', 'Signature of the employer'], 900));
  pdf.addPage([450, 120]).drawImage(scan, { x: 0, y: 0, width: 450, height: 120 });
  return pdf.save();
}

describe('a partly scanned PDF', () => {
  it('reads the typed page from its text layer and the scanned page by OCR, saying so', async () => {
    const doc = await extractDocument({ docId: 'contract', name: 'contract.pdf', bytes: await typedWithScan() }, { ocr: ocrContextFor('local') });
    expect(doc.status).toBe('ok');
    expect(doc.pages[0]).toEqual({ page: 1, text: expect.stringContaining('EMPLOYMENT CONTRACT') });
    expect(doc.pages[1]).toMatchObject({ page: 2, source: 'ocr', text: expect.stringContaining('Signed by both parties') });
    expect(doc.statusDetail).toMatch(/^text extracted from 1 of 2 pages; text read by OCR from page 2 \(mean confidence \d+%\)$/);
  });

  it('with OCR off, still names the scanned page as needing OCR', async () => {
    const doc = await extractDocument({ docId: 'contract', name: 'contract.pdf', bytes: await typedWithScan() }, {});
    expect(doc.statusDetail).toBe('text extracted from 1 of 2 pages; page 2 has no text layer and needs OCR');
  });
});
