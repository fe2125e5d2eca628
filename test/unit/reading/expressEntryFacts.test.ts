/**
 * What an economic-class application is assessed on, read from its documents (EN/FR): a language
 * test's four scores as printed, and the periods of work (hours, NOC code, self-employment, in Canada)
 * and of full-time study. Documents written for these tests.
 */
import { readExpressEntryFacts } from '../../../lambdas/agents/intake/reading/expressEntry';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import { readDocumentType } from '../../../lambdas/agents/intake/documents/typing/readDocumentType';
import type { DocumentType, ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const extracted = (text: string, name = 'doc.txt'): ExtractedDocument => ({ docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 });
const read = (text: string, type: DocumentType, language: 'en' | 'fr' = 'en') => readExpressEntryFacts(readingDocument(extracted(text), type, language));
const summary = (text: string, type: DocumentType, language: 'en' | 'fr' = 'en') =>
  read(text, type, language).map((e) => [e.kind, e.date?.iso ?? '-', e.end?.iso ?? '-', e.country ?? '-', e.detail ?? '-'].join(' | '));

describe('language test results', () => {
  it('reads an IELTS General Training report\'s four bands and its test date', () => {
    expect(summary('IELTS\nTest Report Form - General Training\nTest date: 14 June 2026\nListening 7.5  Reading 6.5  Writing 6.0  Speaking 7.0\nOverall 7.0', 'language-test-results')).toEqual([
      'language-test | 2026-06-14 | - | - | IELTS General Training; listening 7.5; reading 6.5; writing 6.0; speaking 7.0',
    ]);
  });

  it('keeps IELTS Academic apart from General Training, so the rules can say it is not designated', () => {
    expect(read('IELTS Academic - Test Report Form\nListening 8.0 Reading 8.0 Writing 7.0 Speaking 7.5', 'language-test-results')[0].detail).toMatch(/^IELTS Academic;/);
  });

  it('reads a French TEF Canada certificate with its abilities named in French', () => {
    expect(summary("TEF Canada - Attestation de résultats\nDate du test : 3 février 2026\nCompréhension orale : 349\nCompréhension écrite : 310\nExpression écrite : 371\nExpression orale : 402", 'language-test-results', 'fr')).toEqual([
      'language-test | 2026-02-03 | - | - | TEF Canada; listening 349; reading 310; writing 371; speaking 402',
    ]);
  });

  it('gives nothing for a document that is not a test report, or a report whose scores cannot be read', () => {
    expect(read('Listening 8.0 Reading 8.0 Writing 7.0 Speaking 7.5', 'submission-letter')).toEqual([]);
    expect(read('CELPIP - Official Score Report (scores withheld)', 'language-test-results')).toEqual([]);
  });
});

describe('periods of work and study', () => {
  it('reads a Canadian reference letter: start, still held, hours, NOC code, in Canada', () => {
    expect(summary('Lakeshore Analytics Inc., 55 King Street, Toronto, Ontario\n\nMs. A. Perez has worked for us as a Data Engineer (NOC 21211) since 3 October 2023, 37.5 hours per week, full-time.', 'employment-letter')).toEqual([
      'employment | 2023-10-03 | - | Canada | NOC 21211; 37.5 hours per week; full-time',
    ]);
  });

  it('reads a closed period and part-time hours in French, abroad', () => {
    expect(summary("Société Atlas SARL, Dakar, Sénégal\n\nMonsieur K. Ndiaye a travaillé à temps partiel comme comptable (CNP 12200) du 1er février 2019 au 31 janvier 2022, à raison de 20 heures par semaine.", 'employment-letter', 'fr')).toEqual([
      'employment | 2019-02-01 | 2022-01-31 | - | NOC 12200; 20 hours per week; part-time',
    ]);
  });

  it('does not place abroad work in Canada because the letter says it is for immigration to Canada', () => {
    expect(read('Orbis Textiles Ltd, Lahore\n\nMr. F. Ahmed has been our quality engineer since 1 May 2020, 45 hours per week. This letter is issued for his immigration to Canada.', 'employment-letter')[0].country).toBeUndefined();
  });

  it('marks self-employment', () => {
    expect(read('To whom it may concern: I have been self-employed as a graphic designer since 1 March 2022, about 35 hours per week.', 'employment-letter')[0].detail).toMatch(/self-employed/);
  });

  it('reads a full-time enrolment as a period of full-time study, in English and in French', () => {
    expect(summary('Registrar\nThe student was enrolled as a full-time student from 6 September 2022 to 25 April 2024.', 'other')).toEqual(['study | 2022-09-06 | 2024-04-25 | - | full-time']);
    expect(summary("Le Registraire atteste que Mme L. Côté était étudiante à temps plein du 29 août 2022 au 19 décembre 2024.", 'other', 'fr')).toEqual(['study | 2022-08-29 | 2024-12-19 | - | full-time']);
  });
});

describe('typing the new document types (EN/FR)', () => {
  const typeOf = (text: string, name: string) => readDocumentType(extracted(text, name)).type;

  it('types language results, credential assessments, invitations and profiles', () => {
    expect(typeOf('CELPIP - Official Score Report\nCELPIP-General Test\nListening 9 Reading 8 Writing 8 Speaking 9', 'scores.txt')).toBe('language-test-results');
    expect(typeOf("TCF Canada\nAttestation de résultats\nCompréhension orale : 512\nExpression orale : 12", 'resultats.txt')).toBe('language-test-results');
    expect(typeOf('Comparative Education Service - University of Toronto\nEducational Credential Assessment\nCanadian equivalency: Bachelor\'s degree (four years)', 'assessment.txt')).toBe('educational-credential-assessment');
    expect(typeOf("Évaluation des diplômes d'études\nÉquivalence canadienne : baccalauréat (quatre ans)\nRapport délivré aux fins de l'immigration", 'rapport.txt')).toBe('educational-credential-assessment');
    expect(typeOf('Express Entry - Invitation to Apply\nDate of invitation: 4 May 2026\nYou have been invited to apply for permanent residence.', 'letter.txt')).toBe('invitation-to-apply');
    expect(typeOf('Express Entry profile summary\nProfile number: E001234567\nJob seeker validation code: JS1234567890\nYou are eligible for the Express Entry pool.', 'summary.txt')).toBe('express-entry-profile');
  });

  it('does not type a letter that only mentions a test as test results', () => {
    expect(typeOf('Dear Officer,\nI am writing in support of my application. My IELTS results (CLB 9) are enclosed, together with my reference letters and bank statements.\nSincerely,\nJ. Moreau', 'cover-letter.txt')).not.toBe('language-test-results');
  });
});
