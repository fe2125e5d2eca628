import { readDocumentType } from '../../../lambdas/agents/intake/documents/typing/readDocumentType';
import type { DocumentType } from '../../../lambdas/contracts/intakeOutput';
import { recognizeApplicationType } from '../../../lambdas/agents/intake/documents/recognizeApplicationType';
import { FORM_TEXTS, RECONSIDERATION_REQUEST, TYPE_TEXTS } from '../../fixtures/documents/caseTexts';
import { readableDoc } from '../../fixtures/documents/extractedDocs';

const sample = (type: DocumentType | 'request'): string =>
  type === 'request' ? RECONSIDERATION_REQUEST : (FORM_TEXTS[type] ?? TYPE_TEXTS[type] ?? '');

/** Types sample documents the way runIntake does. */
function caseFile(...types: (DocumentType | 'request')[]) {
  return types.map((type, i) => {
    const doc = readableDoc(`doc-${i}.txt`, sample(type));
    return { doc, type: readDocumentType(doc).type };
  });
}

describe('recognizeApplicationType', () => {
  it('recognises a spousal sponsorship from IMM 1344 and IMM 5532', () => {
    const decision = recognizeApplicationType(caseFile('imm-1344', 'imm-5532', 'marriage-certificate', 'relationship-photos'));
    expect(decision.type).toBe('spousal-sponsorship');
    expect(decision.reason).toMatch(/^spousal sponsorship: form IMM 1344, form IMM 5532/);
  });

  it('recognises a study permit from IMM 1294 and a letter of acceptance', () => {
    expect(recognizeApplicationType(caseFile('imm-1294', 'letter-of-acceptance', 'study-plan', 'bank-statement')).type).toBe('study-permit');
  });

  it('recognises a study permit even with the accompanying visitor visa form', () => {
    expect(recognizeApplicationType(caseFile('imm-5257', 'imm-1294', 'letter-of-acceptance')).type).toBe('study-permit');
  });

  it('recognises a work permit from IMM 1295, a job offer and an LMIA', () => {
    const decision = recognizeApplicationType(caseFile('imm-1295', 'job-offer', 'lmia'));
    expect(decision).toEqual({ type: 'work-permit', reason: expect.stringMatching(/^work permit: form IMM 1295/) });
  });

  it('recognises a visitor visa from IMM 5257 alone', () => {
    expect(recognizeApplicationType(caseFile('imm-5257', 'invitation-letter', 'travel-itinerary')).type).toBe('visitor-visa');
    expect(recognizeApplicationType(caseFile('imm-5257')).type).toBe('visitor-visa');
  });

  it('types a refusal file by the refused application and marks it as answering a refusal', () => {
    const decision = recognizeApplicationType(caseFile('imm-5257', 'refusal-letter', 'request'));
    expect(decision.type).toBe('visitor-visa');
    expect(decision.reason).toMatch(/^refused application: visitor visa: form IMM 5257/);
    expect(decision.refusal).toEqual({
      reason: 'refusal letter (doc-1.txt) with a request to respond, reconsider or seek judicial review (in doc-2.txt)',
    });
  });

  it('marks a refusal letter and GCMS notes without new forms as a refusal file, typed by what the letter names', () => {
    const decision = recognizeApplicationType(caseFile('refusal-letter', 'gcms-notes'));
    expect(decision.refusal).toEqual({ reason: 'refusal letter (doc-0.txt) and no new application forms' });
    expect(decision.type).not.toBe('refusal-response');
  });

  it('treats an old refusal letter in a new application as history, not a refusal response', () => {
    const decision = recognizeApplicationType(caseFile('imm-1344', 'imm-5532', 'refusal-letter', 'submission-letter'));
    expect(decision.type).toBe('spousal-sponsorship');
    expect(decision.refusal).toBeUndefined();
  });

  it('returns unknown when nothing indicates the application', () => {
    expect(recognizeApplicationType(caseFile('passport', 'birth-certificate'))).toEqual({
      type: 'unknown',
      reason: 'no application forms or characteristic documents found',
    });
    expect(recognizeApplicationType([]).type).toBe('unknown');
  });

  it('returns unknown when two application types are equally supported', () => {
    const decision = recognizeApplicationType(caseFile('imm-1294', 'imm-1295'));
    expect(decision.type).toBe('unknown');
    expect(decision.reason).toMatch(/^ambiguous: /);
  });
});
