/**
 * What the later stages need from a form's history and its signature: the rows of a personal
 * history section are jobs or studies by their own words (an idle period is no event), each with
 * the activity it names as its detail; and the declarations a form makes carry the day it was signed.
 */
import { signedDate } from '../../../lambdas/agents/intake/reading/declarationSigned';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { DocumentType, ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import { readableDoc } from '../../fixtures/documents/extractedDocs';

function doc(text: string, language: 'en' | 'fr' = 'en', type: DocumentType = 'imm-5669') {
  const extracted: ExtractedDocument = { docId: 'd1', name: 'form.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readingDocument(extracted, type, language);
}

const HISTORY = `4. PERSONAL HISTORY (past 10 years, no gaps)
2013-09 to 2015-05   Student, University of Santo Tomas, Manila
2015-06 to 2016-01   Unemployed, Quezon City
2016-02 to present   Staff nurse, Marikina Valley Hospital, Marikina City`;

describe('a personal history section', () => {
  it('reads each job or study row with its period and the activity it names, and no event for an idle period', () => {
    const events = readEvents({ doc: doc(HISTORY), spousal: false }).map((e) => [e.kind, e.date?.iso, e.end?.iso, e.detail]);
    expect(events).toEqual([
      ['study', '2013-09', '2015-05', 'Student, University of Santo Tomas, Manila'],
      ['employment', '2016-02', undefined, 'Staff nurse, Marikina Valley Hospital, Marikina City'],
    ]);
  });

  it('reads a French « historique personnel » the same way', () => {
    const text = `HISTORIQUE PERSONNEL\n2017-01 au 2020-06   Comptable, Banque Atlantique, Dakar`;
    expect(readEvents({ doc: doc(text, 'fr'), spousal: false }).map((e) => [e.kind, e.date?.iso, e.end?.iso, e.detail])).toEqual([
      ['employment', '2017-01', '2020-06', 'Comptable, Banque Atlantique, Dakar'],
    ]);
  });
});

describe("an employer's letter and a form without blank lines", () => {
  it('reads the position the letter names as the job’s detail (EN and FR)', () => {
    const en = 'This certifies that Ms. Lourdes Anne Villanueva has been employed by Marikina Valley Hospital since 1 April 2019 in the position of Staff Nurse, full time.';
    expect(readEvents({ doc: doc(en, 'en', 'employment-letter'), spousal: false }).map((e) => [e.kind, e.date?.iso, e.detail])).toEqual([['employment', '2019-04-01', 'Staff Nurse']]);
    const fr = 'Nous attestons que Mme Awa Ndiaye est employée dans notre entreprise depuis le 1er mars 2018 au poste de Comptable principale.';
    expect(readEvents({ doc: doc(fr, 'fr', 'employment-letter'), spousal: false }).map((e) => [e.kind, e.date?.iso, e.detail])).toEqual([['employment', '2018-03-01', 'Comptable principale']]);
  });

  it('a numbered title in capitals opens its section even right after a question’s line (PDF text keeps no blank line)', () => {
    const text = `(j) been detained, incarcerated or put in jail? No\n4. PERSONAL HISTORY (past 10 years, no gaps)\n2019-04 to present Staff nurse, Marikina Valley Hospital, Marikina City`;
    expect(readEvents({ doc: doc(text), spousal: false }).map((e) => [e.kind, e.date?.iso, e.detail])).toEqual([['employment', '2019-04', 'Staff nurse, Marikina Valley Hospital, Marikina City']]);
  });

  it('gives a letter its own date', () => {
    const letter = readableDoc('letter.txt', 'MARIKINA VALLEY HOSPITAL\nDate: 2024-08-30\nCERTIFICATE OF EMPLOYMENT');
    const facts = readCaseFacts([letter], { types: new Map([['letter.txt', { type: 'employment-letter' as const, confidence: 0.9, signals: ['test'] }]]) });
    expect(facts.documents[0].dated).toEqual({ iso: '2024-08-30', precision: 'day' });
  });
});

describe('the day a declaration was made', () => {
  it("is the date of the form's signature line, or of the Date line just after it", () => {
    expect(signedDate(doc('Have you ever been refused a visa? No\nSignature: [signed] A. Diallo\nDate: 2025-03-02'))).toEqual({ iso: '2025-03-02', precision: 'day' });
    expect(signedDate(doc('Refus antérieur ? Non\nFait à Dakar, le 2 mars 2025', 'fr'))).toEqual({ iso: '2025-03-02', precision: 'day' });
  });

  it('is not a date of birth or a passport expiry; without a signature line, a letter is dated by its own date', () => {
    expect(signedDate(doc('Date of birth: 1990-01-01\nPassport expiry: 2030-01-01\nRefused before? No'))).toBeUndefined();
    expect(signedDate(doc('Date: 2024-11-30\nTo the visa officer,\nI have never been refused a visa.', 'en', 'other'))).toEqual({ iso: '2024-11-30', precision: 'day' });
  });

  it('is carried by every declaration the document makes', () => {
    const form = readableDoc('form.txt', 'Have you ever been refused a visa or permit, denied entry or ordered to leave any country? No\nSignature: [signed]\nDate: 2025-03-02');
    const facts = readCaseFacts([form], { types: new Map([['form.txt', { type: 'imm-5257' as const, confidence: 0.9, signals: ['test'] }]]) });
    expect(facts.declarations.map((d) => [d.topic, d.answer, d.signed?.iso])).toEqual([['prior-refusal', 'no', '2025-03-02']]);
  });
});
