import type { ExtractedDocument, PageText } from '../../../lambdas/contracts/intakeOutput';
import { verifyEvidence } from '../../../lambdas/core/caseText/verifyEvidence';

/**
 * Every fact's quote is checked against the document it cites. On a page read by OCR the text may
 * hold OCR noise (doubled spaces, broken lines, a misread letter), so a quote is matched there
 * with whitespace collapsed and, when it is long enough, within one edit in ten characters. Short
 * quotes (a date, a number) and every page not read by OCR must still match exactly.
 */
const doc = (pages: PageText[]): ExtractedDocument => ({ docId: 'd1', name: 'scan.pdf', format: 'pdf', status: 'ok', statusDetail: '', pages, pageCount: pages.length });

const OCR_TEXT = 'Date du mariage :  14 juin 2019\nCélébré à Montréa1 par l\'officier\nde l\'état civil\nPassport No. G1234567';
const ocrPage: PageText = { page: 1, text: OCR_TEXT, source: 'ocr', ocrConfidence: 0.82 };
const typedPage: PageText = { page: 2, text: OCR_TEXT };
const cite = (quote: string, page: number) => ({ docId: 'd1', page, quote });

describe('quote check on OCR pages', () => {
  const scanned = doc([ocrPage, typedPage]);

  it('accepts a quote that differs from the OCR text only by whitespace', () => {
    expect(verifyEvidence([scanned], cite('Date du mariage : 14 juin 2019', 1))).toBe(true);
    expect(verifyEvidence([scanned], cite("par l'officier de l'état civil", 1))).toBe(true);
  });

  it('accepts a long quote within one misread character in ten (l read as 1)', () => {
    expect(verifyEvidence([scanned], cite('Célébré à Montréal par l\'officier', 1))).toBe(true);
  });

  it('refuses a quote that says something else, however long', () => {
    expect(verifyEvidence([scanned], cite('Célébré à Toronto par le pasteur', 1))).toBe(false);
  });

  it('refuses a changed number, in a short quote or a long one: on a date or a document number an edit changes the fact', () => {
    expect(verifyEvidence([scanned], cite('G1234567', 1))).toBe(true);
    expect(verifyEvidence([scanned], cite('G1234568', 1))).toBe(false);
    expect(verifyEvidence([scanned], cite('15 juin 2019', 1))).toBe(false);
    expect(verifyEvidence([scanned], cite('Date du mariage : 14 juin 2018', 1))).toBe(false);
    expect(verifyEvidence([scanned], cite('Date du marriage : 14 juin 2019', 1))).toBe(true);
  });

  it('gives no tolerance on a page that was not read by OCR, even with the same text', () => {
    expect(verifyEvidence([scanned], cite('Date du mariage : 14 juin 2019', 2))).toBe(false);
    expect(verifyEvidence([scanned], cite('Célébré à Montréal par l\'officier', 2))).toBe(false);
    expect(verifyEvidence([scanned], cite('Célébré à Montréa1 par l\'officier', 2))).toBe(true);
  });
});
