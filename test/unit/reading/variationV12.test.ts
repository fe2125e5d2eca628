/**
 * Document typing and the application on the v12 variation set (test/corpus/reading/{en,fr}/v12-*):
 * language test reports, refusals by other countries beside an IRCC letter, itineraries as flight
 * tables and day plans, OCR-noisy scans, forms in Arabic and Hindi, look-alikes (a memo quoting GCMS,
 * an invitation to apply that warns of refusal, a consultant's receipt, a submission quoting an
 * acceptance letter); and what is applied for when other kinds are named as someone's status, as
 * history, or as not applied for.
 */
import { extractedCorpusFile, readCorpusFolder } from './corpusItem';
import { readDocumentType } from '../../../lambdas/agents/intake/documents/typing/readDocumentType';
import { recognizeApplicationType } from '../../../lambdas/agents/intake/documents/recognizeApplicationType';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';



const typing = (item: string, file: string) => readDocumentType(extractedCorpusFile(item, file));

const readItem = readCorpusFolder;

function expectEvidenceVerbatim(facts: CaseFacts, text: string) {
  expect(facts.application.evidence.length).toBeGreaterThan(0);
  for (const e of facts.application.evidence) expect(text).toContain(e.quote);
}

describe('typing documents by what they are, in any layout', () => {
  it.each([
    ['en/v12-typing-language-test-reports', 'ielts-trf.pdf.txt'],
    ['en/v12-typing-language-test-reports', 'celpip-score-report.txt'],
    ['fr/v12-typage-tef-tcf-resultats', 'attestation-tef-canada.pdf.txt'],
    ['fr/v12-typage-tef-tcf-resultats', 'tcf-canada.txt'],
  ])('types a language test report (%s %s) as language test results, not a refusal', (item, file) => {
    expect(typing(item, file).type).toBe('language-test-results');
  });

  it.each([
    ['en/v12-typing-itineraries-and-host-email', 'e-ticket.pdf.txt'],
    ['en/v12-typing-itineraries-and-host-email', 'trip-plan.docx.txt'],
    ['fr/v12-typage-itineraire-invitation-attestation', 'reservation-vol.txt'],
  ])('types a flight table or a day-by-day visit plan (%s %s) as a travel itinerary', (item, file) => {
    expect(typing(item, file).type).toBe('travel-itinerary');
  });

  it('types a host’s invitation sent as an e-mail as an invitation letter, and a call-detail table as communication records', () => {
    expect(typing('en/v12-typing-itineraries-and-host-email', 'host-email.txt').type).toBe('invitation-letter');
    expect(typing('en/v12-typing-relationship-form-and-records', 'calls-and-texts.txt').type).toBe('communication-records');
    expect(typing('fr/v12-typage-courriels-releve-paie-ocr', 'fil-courriels.txt').type).toBe('communication-records');
  });

  it('reads an OCR scan whose letters came out as digits ("T0 WH0M", "emp1oyment") as the employment letter it is', () => {
    const scan = typing('en/v12-typing-scanned-employment-pay-offer', 'employment-cert-scan.txt');
    expect(scan.type).toBe('employment-letter');
    expect(scan.signals.join(' ')).toMatch(/has been employed/);
    expect(typing('fr/v12-typage-courriels-releve-paie-ocr', 'releve-compte-scan.txt').type).toBe('bank-statement');
    expect(typing('en/v12-typing-relationship-form-and-records', 'imm5532-scan.pdf.txt').type).toBe('imm-5532');
  });

  it('types forms in Arabic and Hindi by their numbers, and leaves a Chinese or Spanish document without one as other, unsure', () => {
    expect(typing('en/v12-typing-other-language-forms', 'imm5645-arabic.txt').type).toBe('imm-5645');
    expect(typing('en/v12-typing-other-language-forms', 'imm5476-hindi.txt').type).toBe('imm-5476');
    for (const file of ['hukou-extract.txt', 'constancia-laboral.txt']) {
      const t = typing('en/v12-typing-other-language-forms', file);
      expect(t.type).toBe('other');
      expect(t.confidence).toBeLessThan(0.6);
      expect(t.signals.join(' ')).toMatch(/unsupported language/);
    }
  });
});

describe('look-alikes are not what they quote or mention', () => {
  it('types counsel’s memo quoting GCMS notes as other, in English and French, not as the notes', () => {
    expect(typing('en/v12-typing-lookalikes-memo-ita-receipt', 'file-review-memo.docx.txt').type).toBe('other');
    expect(typing('fr/v12-typage-sosies-note-recu-presentation', 'note-dossier-avocat.docx.txt').type).toBe('other');
  });

  it('types a consultant’s fee receipt as other, not a tuition receipt', () => {
    expect(typing('en/v12-typing-lookalikes-memo-ita-receipt', 'consultant-receipt.txt').type).toBe('other');
    expect(typing('fr/v12-typage-sosies-note-recu-presentation', 'recu-consultant.txt').type).toBe('other');
  });

  it('types a submission letter that quotes a letter of acceptance as the submission letter', () => {
    expect(typing('en/v12-typing-lookalikes-memo-ita-receipt', 'cover-submission.txt').type).toBe('submission-letter');
    expect(typing('fr/v12-typage-sosies-note-recu-presentation', 'lettre-presentation.txt').type).toBe('submission-letter');
  });

  it('types an invitation to apply that warns "may be refused" as the invitation, and reads no refusal from it', () => {
    const item = 'en/v12-typing-lookalikes-memo-ita-receipt';
    expect(typing(item, 'invitation-to-apply.txt').type).toBe('invitation-to-apply');
    const { facts } = readItem(item);
    expect(facts.application.isRefusal).toBe(false);
    expect(facts.timeline.filter((e) => e.kind === 'refusal')).toEqual([]);
  });

  it('does not take a letter to the officer that mentions an invitation to apply for the invitation', () => {
    expect(typing('fr/v12-demande-entree-express-cec', 'lettre-presentation-ee.txt').type).toBe('submission-letter');
  });

  it('does not take an applicant’s letter that quotes a warning (« pourrait être refusée ») or discloses a past refusal for a refusal letter', () => {
    expect(typing('fr/v12-demande-visiteur-mise-en-garde', 'lettre-motivation-visite.txt').type).toBe('submission-letter');
    expect(typing('fr/v12-demande-travail-refus-visiteur-anterieur', 'lettre-travailleur.txt').type).toBe('submission-letter');
  });
});

describe('refusals by other countries', () => {
  const en = 'en/v12-typing-foreign-refusals-and-ircc';
  const fr = 'fr/v12-typage-refus-consulats-etrangers';

  it('types a US, UK or Schengen refusal as a refusal letter, saying it was decided by another country', () => {
    for (const [item, file] of [[en, 'us-consulate-notice.txt'], [en, 'uk-refusal.pdf.txt'], [fr, 'refus-visa-italie.txt'], [fr, 'decision-consulat-us.pdf.txt']]) {
      const t = typing(item, file);
      expect(t.type).toBe('refusal-letter');
      expect(t.signals.join(' ')).toMatch(/decided by another country/);
    }
    for (const [item, file] of [[en, 'ircc-decision.txt'], [fr, 'lettre-refus-ircc.txt']]) expect(typing(item, file).signals.join(' ')).not.toMatch(/another country/);
  });

  it('never makes a file answering a refusal out of another country’s refusal alone; the IRCC letter does', () => {
    const classify = (item: string, files: string[]) => files.map((f, i) => { const doc = extractedCorpusFile(item, f, `d${i}`); return { doc, type: readDocumentType(doc).type }; });
    expect(recognizeApplicationType(classify(en, ['us-consulate-notice.txt', 'uk-refusal.pdf.txt'])).refusal).toBeUndefined();
    expect(recognizeApplicationType(classify(fr, ['refus-visa-italie.txt'])).refusal).toBeUndefined();
    expect(recognizeApplicationType(classify(en, ['us-consulate-notice.txt', 'ircc-decision.txt'])).refusal?.reason).toMatch(/ircc-decision\.txt/);
    expect(recognizeApplicationType(classify(fr, ['lettre-refus-ircc.txt'])).refusal).toBeDefined();
  });
});

describe('what is applied for', () => {
  it.each([
    ['en/v12-app-intra-company-transfer', 'work-permit', ['lmia-exempt:intra-company-transferee']],
    ['fr/v12-demande-mutation-intragroupe', 'work-permit', ['lmia-exempt:intra-company-transferee']],
    ['en/v12-app-super-visa-grandmother', 'super-visa', []],
    ['fr/v12-demande-super-visa-parents', 'super-visa', []],
    ['en/v12-app-express-entry-trades', 'permanent-residence', ['express-entry', 'express-entry:fst']],
    ['fr/v12-demande-entree-express-cec', 'permanent-residence', ['express-entry', 'express-entry:cec']],
    ['fr/v12-demande-etudes-quebec-caq', 'study-permit', ['quebec-caq']],
    ['fr/v12-demande-permis-travail-caq-eimt', 'work-permit', ['lmia', 'quebec-caq']],
  ])('reads %s as %s %j', (item, kind, subKinds) => {
    const { facts, text } = readItem(item);
    expect(facts.application.kind).toBe(kind);
    expect(facts.application.subKinds).toEqual(expect.arrayContaining(subKinds));
    expect(facts.application.isRefusal).toBe(false);
    expectEvidenceVerbatim(facts, text);
  });

  it('reads a post-graduation work permit applied for in Canada by a study permit holder, in English and French', () => {
    for (const item of ['en/v12-app-pgwp-inside-canada', 'fr/v12-demande-ptpd-interieur']) {
      const { facts } = readItem(item);
      expect(facts.application).toMatchObject({ kind: 'work-permit', applicantLocation: 'inside-canada' });
      expect(facts.application.subKinds).toContain('lmia-exempt:pgwp');
    }
  });

  it('reads extensions applied for inside Canada: a study permit, a visitor’s stay, an LMIA work permit', () => {
    expect(readItem('en/v12-app-study-extension-inside').facts.application).toMatchObject({ kind: 'study-permit', applicantLocation: 'inside-canada' });
    expect(readItem('en/v12-app-visitor-record-extension').facts.application).toMatchObject({ kind: 'visitor-visa', applicantLocation: 'inside-canada' });
    const work = readItem('fr/v12-demande-prolongation-permis-travail').facts.application;
    expect(work).toMatchObject({ kind: 'work-permit', applicantLocation: 'inside-canada' });
    expect(work.subKinds).toContain('lmia');
  });

  it('does not take a kind held as a status, held before, or said not to be applied for as the application', () => {
    // The host's study permit; the sponsored partner's open work permit; « je ne demande pas de permis de travail »; a former PGWP.
    expect(readItem('fr/v12-demande-visiteur-fils-etudiant').facts.application.kind).toBe('visitor-visa');
    expect(readItem('fr/v12-demande-conjoint-fait-interieur').facts.application).toMatchObject({ kind: 'common-law-sponsorship', subKinds: ['inland'], applicantLocation: 'inside-canada' });
    expect(readItem('fr/v12-demande-etudes-ancien-travailleur').facts.application.kind).toBe('study-permit');
    expect(readItem('fr/v12-demande-rp-csq-quebec').facts.application.kind).toBe('permanent-residence');
    expect(readItem('en/v12-app-cec-former-pgwp').facts.application).toMatchObject({ kind: 'permanent-residence', subKinds: expect.arrayContaining(['express-entry:cec']) });
  });

  it('reads where a sponsored partner is from what is said of the partner, not of the sponsor or a relative', () => {
    expect(readItem('fr/v12-parrainage-epouse-vit-a-l-etranger').facts.application).toMatchObject({ kind: 'spousal-sponsorship', subKinds: ['outland'], applicantLocation: 'outside-canada' });
    expect(readItem('en/v12-sponsorship-husband-lives-in-canada').facts.application).toMatchObject({ kind: 'spousal-sponsorship', subKinds: ['inland'], applicantLocation: 'inside-canada' });
  });

  it('reads a spouse’s open work permit as a work permit, not a sponsorship, though a marriage is named', () => {
    const { facts } = readItem('en/v12-app-spouse-owp-not-sponsorship');
    expect(facts.application.kind).toBe('work-permit');
    expect(facts.application.subKinds).toContain('lmia-exempt:open-spousal');
  });

  it('marks a file as a refusal only for a Canadian decision on this application, not a warning or a past refusal', () => {
    expect(readItem('fr/v12-demande-visiteur-mise-en-garde').facts.application).toMatchObject({ kind: 'visitor-visa', isRefusal: false });
    expect(readItem('fr/v12-demande-travail-refus-visiteur-anterieur').facts.application).toMatchObject({ kind: 'work-permit', isRefusal: false });
    const notes = readItem('fr/v12-notes-smgc-etudes-vrt').facts.application;
    expect(notes).toMatchObject({ kind: 'study-permit', isRefusal: true });
    expect(readItem('en/v12-typing-foreign-refusals-and-ircc').facts.application.isRefusal).toBe(true);
  });
});
