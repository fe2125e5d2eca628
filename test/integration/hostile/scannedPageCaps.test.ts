import { extractDocument } from '../../../lambdas/agents/intake/documents/extractDocument';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { createOcrBudget } from '../../../lambdas/agents/intake/documents/ocr/ocrBudget';
import type { OcrContext } from '../../../lambdas/agents/intake/documents/ocr/ocrDocument';
import { DEFAULT_OCR_LIMITS, type OcrLimits } from '../../../lambdas/agents/intake/documents/ocr/ocrTypes';
import { countingTesseract, scannedPdf, textPng } from './support/scannedDocuments';

/**
 * A 200-page scan does not buy 200 pages of OCR: at most the document's cap is read, the audit's
 * page cap and its time budget are shared by every document, and each page left unread stays
 * needs-ocr with the reason in the document's status. The caps are passed in small so the test
 * reads a handful of tiny pages with the real Tesseract engine.
 */
const counting = countingTesseract();

function context(limits: Partial<OcrLimits>, now: () => number = Date.now): OcrContext {
  const all = { ...DEFAULT_OCR_LIMITS, ...limits };
  return { engine: counting.engine, limits: all, budget: createOcrBudget(all, now) };
}

let twoHundredPages: Uint8Array;
beforeAll(async () => {
  twoHundredPages = await scannedPdf([textPng(['BANK STATEMENT', 'Closing balance 4,210.00'], 700)], 200);
});
beforeEach(() => {
  counting.reset();
});
afterAll(() => closePdfWorkers());

describe('OCR caps on a 200-page scanned PDF', () => {
  it('reads only the per-document cap; the other pages stay needs-ocr with the reason', async () => {
    const doc = await extractDocument({ docId: 'scan', name: 'statements.pdf', bytes: twoHundredPages }, { ocr: context({ maxPagesPerDocument: 2 }) });
    expect(counting.reads()).toBe(2);
    expect(doc.status).toBe('ok');
    expect(doc.pageCount).toBe(200);
    expect(doc.pages.map((p) => [p.page, p.source])).toEqual([[1, 'ocr'], [2, 'ocr']]);
    expect(doc.pages[0].text).toContain('BANK STATEMENT');
    expect(doc.statusDetail).toContain('pages 3-200 need OCR: over the limit of 2 OCR pages a document');
  });

  it('shares the audit page cap between documents: the second document gets what is left', async () => {
    const ocr = context({ maxPagesPerDocument: 3, maxPagesPerAudit: 4 });
    const first = await extractDocument({ docId: 'a', name: 'a.pdf', bytes: twoHundredPages }, { ocr });
    const second = await extractDocument({ docId: 'b', name: 'b.pdf', bytes: twoHundredPages }, { ocr });
    expect(counting.reads()).toBe(4);
    expect(first.pages.filter((p) => p.source === 'ocr')).toHaveLength(3);
    expect(second.pages.map((p) => p.page)).toEqual([1]);
    expect(second.statusDetail).toContain('pages 2-3 need OCR: over the limit of 4 OCR pages an audit');
    expect(second.statusDetail).toContain('pages 4-200 need OCR: over the limit of 3 OCR pages a document');
  });

  it('stops starting pages once the time budget is spent: the rest stay needs-ocr saying so', async () => {
    // The audit's clock: a minute passes with each page started, against a 90 s budget.
    let clock = 0;
    const ocr = context({ maxPagesPerDocument: 5, budgetMs: 90_000 }, () => clock);
    const timed: OcrContext = {
      ...ocr,
      budget: {
        claim: () => {
          const refused = ocr.budget.claim();
          clock += 60_000;
          return refused;
        },
        refund: () => ocr.budget.refund(),
      },
    };
    const doc = await extractDocument({ docId: 'scan', name: 'statements.pdf', bytes: twoHundredPages }, { ocr: timed });
    expect(counting.reads()).toBe(2);
    expect(doc.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(doc.statusDetail).toContain('pages 3-5 need OCR: the OCR time budget of 90 s for this audit ran out');
    expect(doc.statusDetail).toContain('pages 6-200 need OCR: over the limit of 5 OCR pages a document');
  });

  it('keeps a scan needs-ocr, with the reason, when the budget was spent before it', async () => {
    const ocr = context({ maxPagesPerAudit: 0 });
    const doc = await extractDocument({ docId: 'scan', name: 'statements.pdf', bytes: twoHundredPages }, { ocr });
    expect(counting.reads()).toBe(0);
    expect(doc.status).toBe('needs-ocr');
    expect(doc.statusDetail).toContain('no text layer — needs OCR (200 scanned pages)');
    expect(doc.statusDetail).toContain('pages 1-20 need OCR: over the limit of 0 OCR pages an audit');
  });
});
