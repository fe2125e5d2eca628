import { caseDocuments } from '../../../lambdas/agents/gatekeeper/consistency/caseDocuments';
import { findOutcomePromises, promiseIssues } from '../../../lambdas/agents/gatekeeper/findings/outcomePromises';
import { bundledSeverityRules } from '../../../lambdas/agents/gatekeeper/findings/severityRules';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { runIntake } from '../../../lambdas/agents/intake/documents/runIntake';
import { readableDoc } from '../../fixtures/documents/extractedDocs';
import { docx } from '../../fixtures/documents/officeFixtures';

afterAll(() => closePdfWorkers());

const CONSULTANT_LETTER = [
  'BRIGHTPATH MIGRATION SERVICES (fictional)',
  'Date: 2025-06-02',
  'Dear Mr. and Mrs. Haddad,',
  'Thank you for choosing BrightPath. We have reviewed your daughter’s study permit file.',
  'With the documents we prepared, approval is guaranteed and the permit will be issued before September.',
  'Our clients enjoy a 100% success rate, and your application will be approved within six weeks.',
  'Please send the remaining fee of CAD 2,500 by Friday.',
];

const LETTRE_CONSULTANT = [
  'CABINET ÉTOILE DU NORD (fictif)',
  'Madame Benali,',
  'Votre dossier est complet. Votre demande sera approuvée sans difficulté.',
  'Le succès est assuré grâce à notre méthode.',
  'Nous joignons le reçu des honoraires.',
];

const docsOf = (items: Array<{ name: string; text: string }>) =>
  caseDocuments(
    items.map((i) => readableDoc(i.name, i.text)),
    items.map((i) => ({ docId: i.name, name: i.name, status: 'ok', statusDetail: '', type: 'submission-letter', typeReason: 'test', pages: 1, characters: i.text.length })),
  );

describe('outcome promises in the file’s documents', () => {
  it('finds each promising sentence of a consultant’s DOCX letter, with the document and page', async () => {
    const { result, extracted } = await runIntake([{ docId: 'c1', name: 'consultant-letter.docx', bytes: docx(CONSULTANT_LETTER) }]);
    const promises = findOutcomePromises(caseDocuments(extracted, result.documents));
    expect(promises).toEqual([
      { document: 'consultant-letter.docx', docId: 'c1', page: 1, excerpt: CONSULTANT_LETTER[4], phrase: 'en-guarantee' },
      { document: 'consultant-letter.docx', docId: 'c1', page: 1, excerpt: CONSULTANT_LETTER[5], phrase: 'en-hundred-percent' },
    ]);
  });

  it('finds French promises', () => {
    const promises = findOutcomePromises(docsOf([{ name: 'lettre.txt', text: LETTRE_CONSULTANT.join('\n') }]));
    expect(promises.map((p) => [p.excerpt, p.phrase])).toEqual([
      ['Votre demande sera approuvée sans difficulté.', 'fr-sera-approuve'],
      ['Le succès est assuré grâce à notre méthode.', 'fr-succes-assure'],
    ]);
  });

  it('does not flag disclaimers, GICs or tuition paid in full', () => {
    const careful = [
      'No representative can guarantee that a visa will be issued; the officer decides.',
      'A Guaranteed Investment Certificate of CAD 20,635 is enclosed.',
      'The deposit covers 100% of the first-year tuition.',
      'The application will be accepted for processing once the fee is paid.',
    ].join('\n');
    expect(findOutcomePromises(docsOf([{ name: 'careful.txt', text: careful }]))).toEqual([]);
  });

  it('makes one high compliance issue per promising document, without repeating the promise', () => {
    const promises = findOutcomePromises(docsOf([{ name: 'consultant.txt', text: CONSULTANT_LETTER.join('\n') }, { name: 'lettre.txt', text: LETTRE_CONSULTANT.join('\n') }]));
    const issues = promiseIssues(promises, bundledSeverityRules());
    expect(issues).toEqual([
      { code: 'outcome-promise', severity: 'high', message: 'consultant.txt promises the outcome of the application in 2 passages; a decision cannot be promised.', requiredFix: expect.stringContaining('Remove the promise of a result from consultant.txt'), documents: ['consultant.txt'] },
      expect.objectContaining({ code: 'outcome-promise', documents: ['lettre.txt'] }),
    ]);
    for (const issue of issues) expect(`${issue.message} ${issue.requiredFix}`).not.toMatch(/guaranteed|will be approved|100%/i);
  });
});
