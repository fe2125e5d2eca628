import { classifyDocument, normaliseFileName } from '../../../lambdas/agents/intake/documents/classifyDocument';
import { DOCUMENT_TYPES, type DocumentType } from '../../../lambdas/contracts/intakeOutput';
import { FORM_TEXTS, TYPE_TEXTS } from '../../fixtures/documents/caseTexts';
import { readableDoc, unreadableDoc } from '../../fixtures/documents/extractedDocs';

describe('classifyDocument', () => {
  describe('IRCC forms', () => {
    it.each(Object.entries(FORM_TEXTS))('classifies form %s by its number', (type, text) => {
      const result = classifyDocument(readableDoc('scan-001.txt', text));
      expect(result.type).toBe(type);
      expect(result.reason).toContain(`form number IMM ${type.slice(4)}`);
    });

    it.each(['IMM 5257', 'IMM5257', 'IMM 5257 E', 'IMM-5257', 'IMM 5257 (10-2023) E', 'IMM5257E'])(
      'recognises the spelling "%s"',
      (spelling) => {
        expect(classifyDocument(readableDoc('form.txt', `${spelling}\nPersonal details\nFamily name: DOE`)).type).toBe('imm-5257');
      },
    );

    it('does not take a letter that lists several forms for one of them', () => {
      const letter = `Harbourview Immigration Law
Dear Officer,
On behalf of our client we enclose forms IMM 1344, IMM 5532, IMM 5669 and IMM 5476.
We respectfully submit that the relationship is genuine. These submissions follow.`;
      expect(classifyDocument(readableDoc('letter.txt', letter)).type).toBe('submission-letter');
    });
  });

  describe('document types by content', () => {
    it.each(Object.entries(TYPE_TEXTS))('classifies a %s', (type, text) => {
      const result = classifyDocument(readableDoc('document-17.txt', text as string));
      expect(result.type).toBe(type);
      expect(result.reason).not.toMatch(/file name/);
    });

    it('covers every named document type with a sample', () => {
      const covered = new Set<string>([...Object.keys(FORM_TEXTS), ...Object.keys(TYPE_TEXTS)]);
      const missing = DOCUMENT_TYPES.filter((t) => t !== 'other' && !covered.has(t));
      expect(missing).toEqual([]);
    });

    it('weighs the title over mentions in the body', () => {
      const letter = `LETTER OF INVITATION
Dear Visa Officer,
I would like to invite my sister to visit me. She will stay with me during her visit.
Her bank statement, police certificate and travel itinerary are enclosed.`;
      expect(classifyDocument(readableDoc('doc.txt', letter)).type).toBe('invitation-letter');
    });

    it('returns other, with a reason, when nothing is characteristic', () => {
      const result = classifyDocument(readableDoc('notes.txt', 'Shopping list: apples, rice, tea.'));
      expect(result).toEqual({ type: 'other', reason: 'no form number or characteristic content of a known document type' });
    });
  });

  describe('file names', () => {
    it('uses the file name as a weaker signal', () => {
      const result = classifyDocument(readableDoc('Bank_Statement-March.txt', 'Account number: 1234\nDeposits and withdrawals'));
      expect(result.type).toBe('bank-statement');
      expect(result.reason).toContain('file name');
    });

    it('lets content outweigh a misleading file name', () => {
      const text = TYPE_TEXTS['marriage-certificate'] as string;
      expect(classifyDocument(readableDoc('passport.txt', text)).type).toBe('marriage-certificate');
    });

    it.each<[string, DocumentType]>([
      ['marriage-certificate.pdf', 'marriage-certificate'],
      ['IMM5257_form.pdf', 'imm-5257'],
      ['GCMS notes 2025.pdf', 'gcms-notes'],
      ['passport_scan.pdf', 'passport'],
    ])('classifies an unreadable %s from its file name only', (name, type) => {
      const result = classifyDocument(unreadableDoc(name, 'needs-ocr'));
      expect(result.type).toBe(type);
      expect(result.reason).toMatch(/^classified from the file name only \(document unreadable: needs-ocr\)/);
    });

    it('says so when an unreadable file name gives no type', () => {
      const result = classifyDocument(unreadableDoc('IMG_2231.pdf', 'encrypted'));
      expect(result.type).toBe('other');
      expect(result.reason).toBe('document unreadable: encrypted, and the file name does not indicate a document type');
    });

    it('normalises file names for matching', () => {
      expect(normaliseFileName('dir/Marriage_Certificate-2019.PDF')).toBe('marriage certificate 2019');
      expect(normaliseFileName('BankStatement.pdf')).toBe('bank statement');
    });
  });
});
