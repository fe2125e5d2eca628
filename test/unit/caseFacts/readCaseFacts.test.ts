import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import { verifyEvidence } from '../../../lambdas/core/caseText/verifyEvidence';

let next = 0;
const doc = (text: string, name = `doc-${++next}.txt`): ExtractedDocument => ({ docId: `d${next}`, name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 });

describe('the rules reader fills the case-fact model', () => {
  it('reads a refusal disclosed in a sworn declaration as a disclosure dated on the refusal, not on the signature', () => {
    const d = doc(
      'STATUTORY DECLARATION\n\nI, Lucia Ferreira Dos Santos, of the city of Recife, do solemnly declare:\n\n' +
        '1. In July 2017 I was refused a visitor visa to the United Kingdom.\n' +
        '2. I left that refusal off my 2019 application because the agent who completed the form told me it only concerned Canada.\n\n' +
        'Declared before me on 14 February 2022.',
    );
    const facts = readCaseFacts([d]);
    const refusal = facts.timeline.find((e) => e.kind === 'refusal');
    expect(refusal).toMatchObject({ person: 'applicant', date: { iso: '2017-07', precision: 'month' }, country: 'United Kingdom' });
    expect(facts.declarations).toContainEqual(expect.objectContaining({ topic: 'prior-refusal', answer: 'yes' }));
    expect(facts.declarations.some((x) => x.answer === 'no')).toBe(false);
    expect(facts.conflicts).toEqual([]);
  });

  it('does not read a boilerplate "may be refused" or a relative\'s refusal as the applicant\'s refusal', () => {
    const d = doc(
      'Invitation to apply for permanent residence\n\nYou have 60 days to submit a complete application. An incomplete application may be refused.\n' +
        'Si les documents sont incomplets, votre demande pourrait être refusée.\n\nMy brother was refused a study permit on 3 May 2020.',
    );
    const facts = readCaseFacts([d]);
    expect(facts.timeline.filter((e) => e.kind === 'refusal')).toEqual([expect.objectContaining({ person: 'other', date: { iso: '2020-05-03', precision: 'day' } })]);
  });

  it('compares the form\'s "No" with a refusal the record shows, keeping both quotes', () => {
    const form = doc('Have you ever been refused a visa or permit, denied entry or ordered to leave Canada or any other country or territory?\nNo');
    const notice = doc('NOTICE OF REFUSAL\nDate: 9 November 2021\nYour application for a non-immigrant visa has been refused under section 214(b) of the Immigration and Nationality Act.\nPassport number: K1234567');
    const facts = readCaseFacts([form, notice]);
    expect(facts.declarations).toEqual([expect.objectContaining({ topic: 'prior-refusal', answer: 'no', person: 'applicant' })]);
    expect(facts.timeline).toContainEqual(expect.objectContaining({ kind: 'refusal', person: 'applicant', detail: expect.stringContaining('214(b)') }));
    expect(facts.conflicts).toHaveLength(1);
    expect(facts.conflicts[0].readings.map((r) => r.evidence.docId).sort()).toEqual([form.docId, notice.docId].sort());
  });

  it('reads a charge that ended in an acquittal as a charge and an acquittal, never a conviction', () => {
    const d = doc('CERTIFICATE OF DISPOSITION\nThe accused was charged with assault on 2 June 2015.\nOn 18 January 2016 the accused was found not guilty and acquitted.');
    const kinds = readCaseFacts([d]).timeline.map((e) => e.kind).sort();
    expect(kinds).toEqual(['acquittal', 'charge']);
  });

  it('reads cohabitation stated in French', () => {
    const d = doc('Déclaration\n\nMa conjointe et moi louons un appartement ensemble depuis mars 2017 à Laval.');
    expect(readCaseFacts([d]).timeline).toContainEqual(expect.objectContaining({ kind: 'cohabitation-start', date: { iso: '2017-03', precision: 'month' } }));
  });

  it('reads an annual salary as a yearly amount with its currency', () => {
    const d = doc('This letter confirms that the applicant holds the position of Site Supervisor with an annual salary of CAD 68,500.');
    expect(readCaseFacts([d]).money).toEqual([expect.objectContaining({ kind: 'salary', amount: 68500, currency: 'CAD', per: 'year' })]);
  });

  it('recognises a Quebec study permit and an intra-company transfer', () => {
    const quebec = readCaseFacts([doc("Certificat d'acceptation du Québec (CAQ) pour études\nLe ministère de l'Immigration, de la Francisation et de l'Intégration délivre le présent certificat."), doc("Lettre d'acceptation\nNous avons le plaisir de vous informer de votre admission au programme. Cette lettre accompagne votre demande de permis d'études.")]);
    expect(quebec.application).toMatchObject({ kind: 'study-permit', subKinds: ['quebec-caq'] });
    const ict = readCaseFacts([doc('Application for a work permit made outside of Canada (IMM 1295)\nThe applicant is an intra-company transferee in a senior managerial position.')]);
    expect(ict.application.kind).toBe('work-permit');
    expect(ict.application.subKinds).toContain('lmia-exempt:intra-company-transferee');
  });

  it('reads an officer\'s grounds, a document said to be absent, extrinsic evidence and the missing fairness letter', () => {
    const letter = doc(
      'Decision on your application\n\nI am not satisfied that you will leave Canada at the end of your stay, as required by paragraph 216(1)(b) of the Immigration and Refugee Protection Regulations.\n' +
        'No bank statements were provided to show the source of the funds.\n' +
        'Information obtained from a verification with the employer indicates that the job offer is not genuine.\n' +
        'The application is refused without sending a procedural fairness letter.',
      'refusal.txt',
    );
    const findings = readCaseFacts([letter]).officerFindings.map((f) => `${f.kind}:${f.subject}`);
    expect(findings).toEqual(expect.arrayContaining(['ground:IRPR 216(1)(b)', 'document-absent:funds', 'fairness-letter-not-sent:procedural fairness']));
    expect(findings.some((f) => f.startsWith('extrinsic-evidence:'))).toBe(true);
  });

  it('gives every fact a quote that is verbatim in its page', () => {
    const docs = [doc('Family name: NGUYEN\nGiven name(s): Thi Lan\nSponsor\'s name: Daniel Roy\nDate of marriage: 2020-08-22\nCurrent balance: $ 18,240.10 CAD')];
    const facts = readCaseFacts(docs);
    const all = [...facts.parties, ...facts.timeline, ...facts.declarations, ...facts.money, ...facts.officerFindings];
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const f of all) expect(verifyEvidence(docs, f.evidence)).toBe(true);
    expect(facts.parties.map((p) => [p.role, p.name])).toEqual(expect.arrayContaining([['applicant', 'Thi Lan NGUYEN'], ['sponsor', 'Daniel Roy']]));
  });
});

describe('a document in another language', () => {
  const BODY = 'En la ciudad de Guadalajara, el día quince de marzo de dos mil diecinueve, comparecieron los contrayentes para celebrar su matrimonio civil ante el oficial del registro.';

  it('is marked unsupported language with low confidence and read for no facts, never as an empty English document', () => {
    const facts = readCaseFacts([doc(`ACTA\n${BODY}`)]);
    expect(facts.documents[0]).toMatchObject({ language: 'other', type: 'other' });
    expect(facts.documents[0].typeConfidence).toBeLessThanOrEqual(0.2);
    expect(facts.documents[0].typeSignals[0]).toMatch(/^unsupported language/);
    expect([...facts.timeline, ...facts.declarations, ...facts.money]).toEqual([]);
  });

  it('is typed by a certificate title it gives itself, below the confident range, and still read for no facts', () => {
    const facts = readCaseFacts([doc(`CERTIFICADO DE MATRIMONIO\n${BODY}`)]);
    expect(facts.documents[0]).toMatchObject({ language: 'other', type: 'marriage-certificate' });
    expect(facts.documents[0].typeConfidence).toBeLessThan(0.5);
    expect([...facts.timeline, ...facts.declarations, ...facts.money]).toEqual([]);
  });
});
