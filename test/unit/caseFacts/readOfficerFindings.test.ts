import { provisionsIn, readOfficerFindings } from '../../../lambdas/agents/intake/reading/readOfficerFindings';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { DocumentType, ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const findings = (text: string, type: DocumentType = 'refusal-letter', language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readOfficerFindings(readingDocument(doc, type, language)).map((f) => `${f.kind}:${f.subject}`);
};

describe('provisionsIn: provisions as decisions cite them', () => {
  it.each([
    ['as required by paragraph 216(1)(b) of the Immigration and Refugee Protection Regulations', ['IRPR 216(1)(b)']],
    ['as required by IRPR 216(1)(b).', ['IRPR 216(1)(b)']],
    ['Inadmissible under IRPA 40(1)(a); five-year bar under A40(2)(a).', ['IRPA 40(1)(a)', 'IRPA 40(2)(a)']],
    ['comme l’exige l’alinéa 216(1)b) du RIPR', ['IRPR 216(1)(b)']],
    ["au titre de l'alinéa 40(1)a) de la LIPR", ['IRPA 40(1)(a)']],
    ['Conformément au paragraphe 11(1) de la LIPR', ['IRPA 11(1)']],
    ['as required by R220 and R216(1)(b)', ['IRPR 220', 'IRPR 216(1)(b)']],
  ])('%s', (text, ids) => {
    expect(provisionsIn(text)).toEqual(ids);
  });

  it('reads no provision in a foreign statute or a bare number', () => {
    expect(provisionsIn('ineligible under Section 214(b) of the Immigration and Nationality Act')).toEqual([]);
    expect(provisionsIn('File 216 of 2023, page 40')).toEqual([]);
  });
});

describe('readOfficerFindings: a Canadian decision', () => {
  it('reads the grounds a refusal letter lists under "not satisfied … based on:"', () => {
    const letter =
      'Immigration, Refugees and Citizenship Canada\n\nI am refusing your application.\n\n' +
      'I am not satisfied that you will leave Canada at the end of your stay, as stipulated in paragraph 179(b) of the Immigration and Refugee Protection Regulations (IRPR), based on:\n' +
      ' - your family ties in Canada and in your country of residence;\n - the purpose of your visit;\n - your current employment situation.';
    expect(findings(letter)).toEqual(['ground:IRPR 179(b)', 'ground:ties', 'ground:purpose', 'ground:employment']);
  });

  it('reads French grounds, a list introduced by "compte tenu :", across wrapped lines', () => {
    const lettre =
      'Immigration, Réfugiés et Citoyenneté Canada\n\nJe refuse votre demande.\n\n' +
      'Je ne suis pas convaincu que vous quitterez le Canada à la fin de votre séjour, comme le prévoit l’alinéa 179b)\ndu Règlement sur l’immigration et la protection des réfugiés, compte tenu :\n' +
      ' - de vos liens familiaux au Canada ;\n - du but de votre\nvisite ;\n - de vos biens personnels et de votre situation financière.';
    expect(findings(lettre, 'refusal-letter', 'fr')).toEqual(['ground:IRPR 179(b)', 'ground:ties', 'ground:purpose', 'ground:funds']);
  });

  it('reads notes: an absent document by the matter it proves, extrinsic evidence by the matter checked, the fairness letter', () => {
    const notes =
      'GCMS NOTES - Work permit\n' +
      'Verification call to the employer listed on the reference letter: the person answering said the firm has no employee by this name.\n' +
      'No contracts, pension records or pay slips were provided.\n' +
      'Procedural fairness letter sent to applicant via portal.\n' +
      'Applicant misrepresented material facts relating to work experience. Inadmissible under IRPA 40(1)(a); refused.';
    expect(findings(notes, 'gcms-notes')).toEqual(['extrinsic-evidence:employment', 'document-absent:employment', 'fairness-letter-sent:procedural fairness', 'ground:misrepresentation', 'ground:IRPA 40(1)(a)']);
  });

  it('reads French notes: relevés bancaires non fournis, aucune lettre d’équité, vérification auprès de l’établissement', () => {
    const notes =
      'NOTES DU SMGC - Permis d’études\n' +
      'Le diplôme présenté a fait l’objet d’une vérification auprès de l’établissement : le centre confirme ne pas l’avoir délivré.\n' +
      'Les relevés bancaires n’ont pas été fournis. Aucune lettre d’équité procédurale n’a été envoyée. Demande refusée.';
    expect(findings(notes, 'gcms-notes', 'fr')).toEqual(['extrinsic-evidence:education', 'document-absent:funds', 'fairness-letter-not-sent:procedural fairness']);
  });

  it('reads grounds from the adverse assessments of officer notes', () => {
    const notes = 'GCMS NOTES - Study permit\nSource and availability of funds not established.\nThe proposed program is not a logical progression.\nRefused.';
    expect(findings(notes, 'gcms-notes')).toEqual(['ground:funds', 'ground:purpose']);
  });
});

describe('readOfficerFindings: findings told in a letter’s prose', () => {
  it('reads a fairness letter told as "we sent you a letter giving you the opportunity to respond", in English and French', () => {
    expect(findings('IRCC\nOn 2 April 2024 we sent you a letter giving you the opportunity to respond to our concerns. Your application is refused.')).toEqual(['fairness-letter-sent:procedural fairness']);
    expect(findings('IRCC\nLe 3 juin 2023, nous vous avons envoyé une lettre vous donnant l’occasion de répondre à nos préoccupations. Votre demande est refusée.', 'refusal-letter', 'fr')).toEqual(['fairness-letter-sent:procedural fairness']);
  });

  it('does not take a letter requesting documents for a fairness letter, and reads each document it says is missing', () => {
    const lettre =
      'Immigration, Réfugiés et Citoyenneté Canada\nLe 12 octobre 2023, nous vous avons envoyé une lettre vous demandant de fournir vos relevés bancaires et une attestation d’emploi.\n' +
      'Vous n’avez fourni ni les relevés bancaires ni l’attestation d’emploi demandés.\nVotre demande est refusée au titre du paragraphe 16(1) de la LIPR.';
    expect(findings(lettre, 'refusal-letter', 'fr')).toEqual(['document-absent:funds', 'document-absent:employment', 'ground:IRPA 16(1)']);
  });

  it('reads inadmissibility for misrepresentation as a ground, but not the five-year bar that follows from it', () => {
    expect(findings('IRCC\nYou have been found inadmissible pursuant to paragraph 40(1)(a) of the IRPA for misrepresentation. In accordance with paragraph 40(2)(a), you remain inadmissible for five years.')).toEqual(['ground:IRPA 40(1)(a)', 'ground:misrepresentation']);
  });

  it('reads missing evidence by the matter it concerns, and as other when it names only documents', () => {
    expect(findings('GCMS notes\nNo evidence of employment was provided. Refused.', 'gcms-notes')).toEqual(['document-absent:employment']);
    expect(findings('IRCC\nYour application is refused under subsection 16(1) of the IRPA because you did not provide the documents requested.')).toEqual(['document-absent:other', 'ground:IRPA 16(1)']);
  });

  it('reads what outside information was about', () => {
    expect(findings('GCMS notes\nInformation received from the Embassy of Spain indicates the applicant was refused a visa in 2019.', 'gcms-notes')).toEqual(['extrinsic-evidence:immigration-history']);
    expect(findings('GCMS notes\nOpen source searches reveal that the company is not registered.', 'gcms-notes')).toEqual(['extrinsic-evidence:employment']);
  });
});

describe('readOfficerFindings: look-alikes', () => {
  it('reads no finding in a foreign refusal worded like a Canadian one', () => {
    const uk = 'UK Visas & Immigration\nRefusal of Entry Clearance\nI am not satisfied that you are a genuine visitor (paragraph V 4.2 of Appendix V). No bank statements were provided. Your application is refused.';
    const us = 'U.S. Embassy\nYou have been found ineligible under Section 214(b) of the Immigration and Nationality Act. You did not demonstrate ties. Application refused.';
    expect(findings(uk)).toEqual([]);
    expect(findings(us)).toEqual([]);
  });

  it('reads no finding in a boilerplate "may be refused" nor in a document that is no decision', () => {
    expect(findings('IRCC checklist: if no bank statements are provided your application may be refused under IRPR 216(1)(b).')).toEqual([]);
    expect(findings('Letter of explanation\nI enclose my bank statements; IRCC refused my brother under IRPR 179(b) in 2019.', 'submission-letter')).toEqual([]);
  });

  it('does not take "PFL to be sent" for a letter sent', () => {
    expect(findings('GCMS notes\nConcerns of misrepresentation. PFL to be sent.', 'gcms-notes')).toEqual([]);
  });
});
