import { extractPdf } from '../../../lambdas/agents/intake/documents/extractPdf';
import { loadPdfjs } from '../../../lambdas/agents/intake/documents/loadPdfjs';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { encryptedPdf } from '../../fixtures/documents/rawPdf';
import { garbageAfterHeader, longPdf, partlyScannedPdf, scannedPdf, textPdf, truncate } from '../../fixtures/documents/pdfFixtures';

afterAll(() => closePdfWorkers());

describe('extractPdf', () => {
  it('extracts the text of each page with 1-based page numbers', async () => {
    const result = await extractPdf(await textPdf(['Family name: DOE\nGiven name(s): JANE', 'Second page text']));
    expect(result.status).toBe('ok');
    expect(result.pageCount).toBe(2);
    expect(result.pages).toEqual([
      { page: 1, text: expect.stringContaining('Family name: DOE') },
      { page: 2, text: expect.stringContaining('Second page text') },
    ]);
    expect(result.pages[0].text).toContain('Given name(s): JANE');
    expect(result.statusDetail).toBe('text extracted from 2 pages');
  });

  it('does not detach or alter the caller\'s bytes', async () => {
    const bytes = await textPdf(['keep me']);
    const copy = bytes.slice();
    await extractPdf(bytes);
    expect(bytes).toEqual(copy);
  });

  it('reports a password-protected PDF as encrypted', async () => {
    const result = await extractPdf(encryptedPdf(['Bank statement of a client', 'Closing balance: CAD 1,000.00']));
    expect(result).toEqual({
      status: 'encrypted',
      statusDetail: 'password-protected PDF: a password is required to open it',
      pages: [],
      pageCount: 0,
    });
  });

  it('uses an encrypted fixture that PDF.js really decrypts with the right password', async () => {
    const pdfjs = await (await loadPdfjs()).getResolvedPDFJS();
    const task = pdfjs.getDocument({ data: encryptedPdf(['Secret line']), password: 'secret', verbosity: 0 });
    try {
      const page = await (await task.promise).getPage(1);
      const content = await page.getTextContent();
      expect(content.items.map((item) => ('str' in item ? item.str : '')).join('')).toContain('Secret line');
    } finally {
      await task.destroy();
    }
  });

  it('reads a PDF that has only an owner password (no open password), noting its restrictions', async () => {
    const result = await extractPdf(encryptedPdf(['Readable despite restrictions'], ''));
    expect(result.status).toBe('ok');
    expect(result.pages[0].text).toBe('Readable despite restrictions');
    expect(result.statusDetail).toBe('text extracted from 1 page; opened without a password (usage restrictions ignored)');
  });

  it('reports a truncated PDF as corrupt', async () => {
    const result = await extractPdf(truncate(await textPdf(['one', 'two', 'three']), 0.6));
    expect(result.status).toBe('corrupt');
    expect(result.statusDetail).toMatch(/^corrupt PDF: .*no end-of-file marker/);
    expect(result.pages).toEqual([]);
  });

  it('reports garbage after the %PDF- header as corrupt', async () => {
    const result = await extractPdf(garbageAfterHeader());
    expect(result.status).toBe('corrupt');
    expect(result.statusDetail).toMatch(/^corrupt PDF: invalid PDF structure/);
  });

  it('reports a scanned PDF without a text layer as needing OCR, listing the pages for OCR', async () => {
    const result = await extractPdf(await scannedPdf(3));
    expect(result).toEqual({
      status: 'needs-ocr',
      statusDetail: 'no text layer — needs OCR (3 scanned pages)',
      pages: [],
      pageCount: 3,
      textless: [1, 2, 3],
    });
  });

  it('reads a partly scanned PDF and names the pages that need OCR', async () => {
    const result = await extractPdf(await partlyScannedPdf(['Cover letter text', 'scanned', 'Page three text', 'scanned']));
    expect(result.status).toBe('ok');
    expect(result.statusDetail).toBe('text extracted from 2 of 4 pages; pages 2, 4 have no text layer and need OCR');
    expect(result.pages.map((p) => [p.page, p.text])).toEqual([
      [1, 'Cover letter text'],
      [2, ''],
      [3, 'Page three text'],
      [4, ''],
    ]);
  });

  it('reports zero bytes as empty', async () => {
    expect(await extractPdf(new Uint8Array())).toMatchObject({ status: 'empty', statusDetail: 'empty file (0 bytes)' });
  });

  describe('a 300-page PDF', () => {
    let bytes: Uint8Array;
    beforeAll(async () => {
      bytes = await longPdf(300);
    }, 60_000);

    it('extracts all 300 pages with correct page numbers', async () => {
      const result = await extractPdf(bytes);
      expect(result.status).toBe('ok');
      expect(result.pageCount).toBe(300);
      expect(result.pages).toHaveLength(300);
      result.pages.forEach((page, i) => {
        expect(page.page).toBe(i + 1);
        expect(page.text.startsWith(`Statement page ${i + 1} of 300\n`)).toBe(true);
      });
    }, 60_000);

    it('gives the same text on worker threads as on the calling thread alone', async () => {
      const shared = await extractPdf(bytes);
      const alone = await extractPdf(bytes, { parallel: false });
      expect(shared).toEqual(alone);
    }, 60_000);
  });
});
