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
  it('reads grounds listed after "on the following grounds:" and worded "you did not demonstrate" or "ne suffisent pas" (EN and FR)', () => {
    const letter =
      'Immigration, Refugees and Citizenship Canada\n\nI am refusing your application on the following grounds:\n' +
      '- You did not demonstrate that you have significant family or economic ties to your country of residence, as required by paragraph 179(b) of the IRPR.\n' +
      '- You did not demonstrate that you have sufficient funds for your stay.';
    expect(findings(letter)).toEqual(expect.arrayContaining(['ground:IRPR 179(b)', 'ground:ties', 'ground:funds']));
    const lettre = 'Immigration, Réfugiés et Citoyenneté Canada\n\nJe refuse votre demande pour les motifs suivants :\n- Vos avoirs et votre situation financière ne suffisent pas à couvrir votre séjour.';
    expect(findings(lettre, 'refusal-letter', 'fr')).toContain('ground:funds');
  });

  it('reads no ground in a conditional warning that announces what could lead to a refusal', () => {
    const letter = 'Immigration, Refugees and Citizenship Canada\n\nIf you did not demonstrate sufficient funds, your application may be refused on the following grounds:\n- the funds available to you for the stay.';
    expect(findings(letter)).not.toContain('ground:funds');
  });

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

describe('readOfficerFindings: a finding told over two sentences', () => {
  it('reads the concern of "They do not show…" about the evidence the sentence before names, in English and French', () => {
    const notes = 'GCMS NOTES - Study permit\nI have reviewed the bank statements on file. They do not show a stable savings history.\nThe applicant submitted a study plan. It does not explain why this program is needed. Refused.';
    expect(findings(notes, 'gcms-notes')).toEqual(['ground:funds', 'ground:purpose']);
    const lettre = 'IRCC\nVotre demande est refusée.\nJ’ai examiné les relevés bancaires de votre garant. Ceux-ci ne démontrent pas une épargne régulière.\nVous avez joint un plan d’études. Celui-ci n’explique pas le choix du programme.';
    expect(findings(lettre, 'refusal-letter', 'fr')).toEqual(['ground:funds', 'ground:purpose']);
  });

  it('carries no topic to a sentence that does not refer back, nor from a sentence that is not adverse', () => {
    const notes = 'GCMS NOTES\nI have reviewed the bank statements on file. The applicant does not show any prior travel.\nThe employment letter was reviewed. It confirms the position. Refused.';
    expect(findings(notes, 'gcms-notes')).toEqual([]);
  });

  it('reads a not-satisfied sentence a log row cuts at the end of its line', () => {
    const notes = 'GCMS notes\n2024-01-09 | OFF-3 | I am not satisfied that the applicant will leave Canada at the end of the period\nauthorized for her stay, as required by paragraph 179(b) of the Regulations, given her limited financial\nestablishment. Application refused.';
    expect(findings(notes, 'gcms-notes')).toEqual(['ground:IRPR 179(b)', 'ground:funds']);
  });
});

describe('readOfficerFindings: the stay-end condition named without its provision', () => {
  it('reads the provision of the permit the decision speaks of, and the ties it weighs', () => {
    expect(findings('IRCC\nYour application for a visitor visa is refused. I am not satisfied that you will leave Canada at the end of your stay.')).toEqual(['ground:IRPR 179(b)', 'ground:ties']);
    expect(findings('IRCC\nYour study permit application is refused. The officer is not persuaded that you would depart Canada at the end of the period authorized.')).toEqual(['ground:IRPR 216(1)(b)', 'ground:ties']);
    expect(findings('IRCC\nVotre demande de permis de travail est refusée. Je ne suis pas convaincue que vous quitterez le Canada au terme de votre séjour.', 'refusal-letter', 'fr')).toEqual(['ground:IRPR 200(1)(b)', 'ground:ties']);
  });

  it('adds no ties when the provision is cited, in the sentence or elsewhere in the decision', () => {
    expect(findings('IRCC\nVisitor visa refused. I am not satisfied that you will leave Canada at the end of your stay, as required by paragraph 179(b) of the IRPR.')).toEqual(['ground:IRPR 179(b)']);
    expect(findings('GCMS notes\nTRV. Not satisfied PA will depart Canada at end of auth. stay.\nRefused under R179(b).', 'gcms-notes')).toEqual(['ground:IRPR 179(b)']);
  });

  it('reads the factors of a list the sentence after the not-satisfied one introduces', () => {
    const letter = 'IRCC\nYour visitor visa application is refused.\nI am not satisfied that you will leave Canada at the end of your stay. In reaching this decision, I considered:\n - the purpose of your visit;\n - your personal assets and financial status.';
    expect(findings(letter)).toEqual(['ground:IRPR 179(b)', 'ground:ties', 'ground:purpose', 'ground:funds']);
  });
});

describe('readOfficerFindings: officers’ shorthand', () => {
  it('reads "funds insuff.", "BOs not est.", "(R179(b))" and "PFL not sent"', () => {
    const notes = 'GCMS notes - TRV\nFunds insuff. for 3 wk trip.\nBOs not est. Not satisfied PA will depart Canada at end of auth. stay (R179(b)).\nPFL not sent - concerns relate to sufficiency of evidence.\nRefused.';
    expect(findings(notes, 'gcms-notes')).toEqual(['ground:funds', 'ground:genuineness', 'ground:IRPR 179(b)', 'fairness-letter-not-sent:procedural fairness']);
  });

  it('reads French shorthand: « fonds insuff. », « liens faibles », « bonne foi non établie », « lettre d’équité non envoyée »', () => {
    const notes = 'SMGC - Notes - VRT\nFonds insuff. pour le séjour.\nLiens faibles avec le pays de résidence. Bonne foi non établie.\nLettre d’équité procédurale non envoyée. Refusé R179b).';
    expect(findings(notes, 'gcms-notes', 'fr')).toEqual(['ground:funds', 'ground:ties', 'ground:genuineness', 'fairness-letter-not-sent:procedural fairness', 'ground:IRPR 179(b)']);
  });
});

describe('readOfficerFindings: checks outside the application and the fairness letter', () => {
  it('reads a call, an e-mail to a school and an online search as extrinsic evidence, not the record they did not find as a missing document', () => {
    const notes = 'Officer notes\nThe college registrar was contacted by e-mail and replied that it has no record of the applicant.\nAn online search for the travel agency returned no business listing.\nRefused.';
    expect(findings(notes, 'gcms-notes')).toEqual(['extrinsic-evidence:education', 'extrinsic-evidence:employment']);
    const smgc = 'NOTES SMGC\nAppel de vérification à l’employeur : numéro non attribué.\nUne recherche en ligne n’a trouvé aucune trace de l’établissement. Refusé.';
    expect(findings(smgc, 'gcms-notes', 'fr')).toEqual(['extrinsic-evidence:employment', 'extrinsic-evidence:education']);
  });

  it('reads a fairness letter as sent when the notes answer it, and as not sent when they say so in the passive', () => {
    expect(findings('GCMS notes\nResponse to the PFL received; no business registration documents were provided. Refused.', 'gcms-notes')).toEqual(['fairness-letter-sent:procedural fairness', 'document-absent:employment']);
    expect(findings('GCMS notes\nA procedural fairness letter was not sent. Refused.', 'gcms-notes')).toEqual(['fairness-letter-not-sent:procedural fairness']);
    expect(findings('GCMS notes\nPFL sent 2024-02-01. No PFL response received. Refused.', 'gcms-notes')).toEqual(['fairness-letter-sent:procedural fairness']);
    expect(findings('NOTES SMGC\nRéponse à la lettre d’équité procédurale reçue. Refusé.', 'gcms-notes', 'fr')).toEqual(['fairness-letter-sent:procedural fairness']);
  });

  it('does not take the applicant’s own bank records for outside information', () => {
    expect(findings('GCMS notes\nBank records show a large deposit before filing. Refused.', 'gcms-notes')).toEqual([]);
  });

  it('reads French documents « déposés » or « joints » as absent when the notes say they were not', () => {
    expect(findings('NOTES SMGC\nLes relevés bancaires n’ont pas été déposés au dossier. Le plan d’études n’a pas été joint. Refusé.', 'gcms-notes', 'fr')).toEqual(['document-absent:funds', 'document-absent:purpose']);
  });
});

describe('readOfficerFindings: a checkbox letter', () => {
  it('reads the ticked factors as grounds and not the empty boxes, in English and French', () => {
    const letter = 'IRCC\nYour visitor visa application is refused.\nI am not satisfied that you will leave Canada at the end of your stay, as stipulated in paragraph 179(b) of the IRPR, based on:\n[ ] your travel history\n[X] your family ties in Canada and in your country of residence\n[ ] your current employment situation\n[X] the purpose of your visit';
    expect(findings(letter)).toEqual(['ground:IRPR 179(b)', 'ground:ties', 'ground:purpose']);
    const lettre = 'IRCC\nVotre demande est refusée.\nJe ne suis pas convaincu que vous quitterez le Canada à la fin de votre séjour, comme l’exige l’alinéa 216(1)b) du RIPR, compte tenu :\n☒ de vos biens personnels et de votre situation financière\n☐ de votre situation d’emploi actuelle\n☒ du but de votre visite';
    expect(findings(lettre, 'refusal-letter', 'fr')).toEqual(['ground:IRPR 216(1)(b)', 'ground:funds', 'ground:purpose']);
  });

  it('reads "we sent you a procedural fairness letter" as a letter sent', () => {
    expect(findings('IRCC\nOn 2024-10-28 we sent you a procedural fairness letter. Your application is refused.')).toEqual(['fairness-letter-sent:procedural fairness']);
  });
});
