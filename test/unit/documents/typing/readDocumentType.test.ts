import { readFileSync } from 'fs';
import { join } from 'path';
import { readDocumentType } from '../../../../lambdas/agents/intake/documents/typing/readDocumentType';
import { fileNameWords } from '../../../../lambdas/agents/intake/documents/typing/documentText';
import { DOCUMENT_TYPES, type DocumentType } from '../../../../lambdas/contracts/intakeOutput';
import { FORM_TEXTS, TYPE_TEXTS } from '../../../fixtures/documents/caseTexts';
import { readableDoc, unreadableDoc } from '../../../fixtures/documents/extractedDocs';

const typeOf = (text: string, name = 'document-17.txt') => readDocumentType(readableDoc(name, text));

describe('readDocumentType', () => {
  describe('IRCC forms', () => {
    it.each(Object.entries(FORM_TEXTS))('types form %s by its number', (type, text) => {
      const result = typeOf(text, 'scan-001.txt');
      expect(result.type).toBe(type);
      expect(result.signals.join(' ')).toContain(`form number IMM ${type.slice(4)}`);
    });

    it.each(['IMM 5257', 'IMM5257', 'IMM 5257 E', 'IMM-5257', 'IMM 5257 (10-2023) E', 'IMM5257E', 'IMM 5257 F', 'IMM 5257 (F)'])('recognises the spelling "%s"', (spelling) => {
      expect(typeOf(`${spelling}\nPersonal details\nFamily name: DOE`, 'form.txt').type).toBe('imm-5257');
    });

    it('recognises a French form by its French title', () => {
      const form = "ANNEXE A - ANTÉCÉDENTS / DÉCLARATION\nNom : JOSEPH\nPrénom(s) : Wilner\nAvez-vous déjà été refusé? Non";
      expect(typeOf(form).type).toBe('imm-5669');
    });

    it('does not take a letter that lists several forms for one of them', () => {
      const letter = `Harbourview Immigration Law
Dear Officer,
On behalf of our client we enclose forms IMM 1344, IMM 5532, IMM 5669 and IMM 5476.
We respectfully submit that the relationship is genuine. These submissions follow.`;
      expect(typeOf(letter, 'letter.txt').type).toBe('submission-letter');
    });

    it('reads "attachment to IMM 5257" as a mention of the form, not the form itself', () => {
      const attachment = 'Travel history - previous 10 years (attachment to IMM 5257)\nApplicant: Jae-won Seo\n- Japan, 2019-04 (tourism)\n- Viet Nam, 2022-01 (business)';
      expect(typeOf(attachment).type).toBe('other');
      expect(typeOf("Historique de voyages (annexe à l'IMM 5257 F)\nDemandeur : Khoa\n- Thaïlande, avril 2016 (tourisme)").type).toBe('other');
    });

    it('takes a consultant\'s questionnaire "to prepare" or "prepared for IMM 0008" for a questionnaire, never confidently for the form', () => {
      const en = typeOf('Client intake\nFamily background questionnaire (to prepare IMM 0008 and Schedule A)\n| Question | Principal applicant | Spouse |\n| Ever refused a visa? | No | Yes |');
      const fr = typeOf("Questionnaire d'accueil\nAntécédents de la famille (pour préparer l'IMM 0008 et l'annexe A)\n| Question | Demandeur principal | Époux |\n| Visa refusé ? | Non | Oui |");
      const preparedFor = typeOf('CLIENT BACKGROUND QUESTIONNAIRE\nPermanent residence — prepared for IMM 0008 and Schedule A\n| No. | Question | Answers |\n| 1 | Have you ever been refused a visa? | Y |');
      const enVue = typeOf("QUESTIONNAIRE DU CLIENT\nRésidence permanente — en vue de l'IMM 0008 et de l'annexe A\n| N° | Question | Réponse |\n| 1 | Visa refusé ? | O |");
      for (const result of [en, fr, preparedFor, enVue]) {
        expect(result.type).not.toBe('imm-0008');
        expect(result.confidence).toBeLessThan(0.6);
      }
    });

    it('types a document headed by a form the audit does not list as other, naming the form', () => {
      const result = typeOf("DÉCLARATION SOLENNELLE D'UNION DE FAIT (IMM 5409)\nNous, soussignés, déclarons solennellement que nous vivons en union de fait.");
      expect(result.type).toBe('other');
      expect(result.signals[0]).toMatch(/IMM 5409/);
    });
  });

  describe('document types by content', () => {
    it.each(Object.entries(TYPE_TEXTS))('types a %s', (type, text) => {
      const result = typeOf(text as string);
      expect(result.type).toBe(type);
      expect(result.signals).not.toContain('file name');
    });

    it('covers every named document type with a sample', () => {
      const covered = new Set<string>([...Object.keys(FORM_TEXTS), ...Object.keys(TYPE_TEXTS)]);
      expect(DOCUMENT_TYPES.filter((t) => t !== 'other' && !covered.has(t))).toEqual([]);
    });

    it('weighs the title over mentions in the body', () => {
      const letter = `LETTER OF INVITATION
Dear Visa Officer,
I would like to invite my sister to visit me. She will stay with me during her visit.
Her bank statement, police certificate and travel itinerary are enclosed.`;
      expect(typeOf(letter, 'doc.txt').type).toBe('invitation-letter');
    });

    it('reads a certificate a letter says the student must obtain as a requirement, not as the letter\'s title', () => {
      const admission = 'Ontario Polytechnic - Admissions\nOffer of admission, 2 March 2026: Bachelor of Nursing, Fall 2026.\nInternational students must obtain a Quebec acceptance certificate (CAQ) and a study permit.';
      expect(typeOf(admission).type).toBe('letter-of-acceptance');
      const lettre = "Cégep du Vieux-Port - Registrariat\nOffre d'admission, 4 avril 2026 : DEC, automne 2026.\nLes étudiants étrangers doivent obtenir un certificat d'acceptation du Québec (CAQ) et un permis d'études.";
      expect(typeOf(lettre).type).toBe('letter-of-acceptance');
      const certificate = "CERTIFICAT D'ACCEPTATION DU QUÉBEC POUR ÉTUDES\nMinistère de l'Immigration, de la Francisation et de l'Intégration\nDécision favorable, numéro de dossier 2026-0042";
      expect(typeOf(certificate).type).toBe('caq');
    });

    it('returns other with a low confidence and a reason when nothing is characteristic', () => {
      expect(typeOf('Shopping list: apples, rice, tea.', 'notes.txt')).toEqual({ type: 'other', confidence: 0.3, signals: ['no form number or characteristic content of a known document type'] });
    });
  });

  describe('French documents', () => {
    it.each<[string, DocumentType]>([
      ["RÉPUBLIQUE DU CAMEROUN\nCentre d'état civil de Douala 1er\nExtrait d'acte de mariage n° 118\nLe douze mars deux mille vingt, devant nous, officier de l'état civil, ont comparu les futurs époux.", 'marriage-certificate'],
      ["Immigration, Réfugiés et Citoyenneté Canada\nMadame,\nNous avons examiné votre demande de permis d'études. Votre demande a été refusée.\nJe ne suis pas convaincu que vous quitterez le Canada à la fin de votre séjour, alinéa 216(1)b) du RIPR.", 'refusal-letter'],
      ["RELEVÉ DE COMPTE\nPériode du 01/01/2024 au 31/03/2024\nNuméro de compte : 0042 1187\nSolde d'ouverture : 1 250 000 FCFA\n05/01/2024 Virement salaire 450 000,00 1 700 000,00\n12/02/2024 Retrait 100 000,00 1 600 000,00\n05/03/2024 Virement salaire 450 000,00 2 050 000,00", 'bank-statement'],
      ["ATTESTATION D'EMPLOI\nÀ qui de droit,\nNous attestons que M. Diallo est à notre emploi depuis le 3 mars 2019 à titre de comptable, à temps plein.", 'employment-letter'],
      ["Notes SMGC - Demande S301122334 - Permis d'études\nCréé par : agent 12\n2024-03-02 - Fonds insuffisants. Je ne suis pas convaincu que le demandeur quittera le Canada.\nDécision : refusée", 'gcms-notes'],
    ])('types a French document: %#', (text, type) => {
      expect(typeOf(text).type).toBe(type);
    });
  });

  describe('look-alikes are never confidently wrong', () => {
    it('a consular refusal notice that carries a passport number is a refusal letter, not a passport', () => {
      const notice = `Embassy of the United States of America - Consular Section
Notice of refusal under section 214(b) of the Immigration and Nationality Act
Name: AKINYI, Grace     Passport number: A1234567     Date of birth: 1994-06-02
Dear Applicant, we regret that we are unable to issue you a visa. You have not overcome the presumption of immigrant intent.`;
      const result = typeOf(notice);
      expect(result.type).toBe('refusal-letter');
    });

    it('a counsel\'s draft memorandum quoting GCMS notes is not GCMS notes', () => {
      const memo = `MEMORANDUM - PRIVILEGED AND CONFIDENTIAL (DRAFT)
To: File   From: counsel   Re: Review of the GCMS notes
The GCMS notes show the officer was not satisfied that our client would leave Canada. We recommend that we request reconsideration.`;
      const result = typeOf(memo);
      expect(result.type).not.toBe('gcms-notes');
      expect(result.type === 'other' || result.confidence < 0.6).toBe(true);
    });

    it('a counsel\'s draft of a letter to the officer, marked privileged, is still a submission letter', () => {
      const draft = `Barristers and Solicitors
DRAFT 2 - PRIVILEGED AND CONFIDENTIAL - FOR CLIENT REVIEW
Dear Officer,
We represent the applicant and respectfully ask that the refusal be reconsidered. We respectfully submit that the officer overlooked the employment letter.`;
      expect(typeOf(draft).type).toBe('submission-letter');
    });

    it('an invitation to apply that warns an application "may be refused" is not a refusal letter', () => {
      const ita = `Invitation to Apply for Permanent Residence - Express Entry
You have been invited to apply for permanent residence under the Canadian Experience Class (CRS score 507).
Submit your application within 60 days. An incomplete application may be refused.`;
      expect(typeOf(ita).type).toBe('invitation-to-apply');
      const fr = "Invitation à présenter une demande de résidence permanente - Entrée express\nVous avez été invité à présenter une demande. Une demande incomplète pourrait être refusée.";
      expect(typeOf(fr).type).toBe('invitation-to-apply');
    });

    it('a receipt for money paid to an immigration agent is not a tuition receipt', () => {
      const receipt = `OFFICIAL RECEIPT No. 0412
Received from Mr. Ariel Santos the sum of PHP 85,000.00 as service fee for visa processing and immigration consultancy.
Global Pathways Visa Services`;
      expect(typeOf(receipt).type).not.toBe('tuition-receipt');
      expect(typeOf(receipt).type).toBe('other');
    });

    it('a sworn declaration telling of an earlier refusal is not a refusal letter', () => {
      const declaration = "DÉCLARATION SOLENNELLE\nJe, soussignée, déclare solennellement qu'en 2018 ma demande de visa a été refusée par le consulat. Je fais cette déclaration solennelle la croyant vraie.";
      expect(typeOf(declaration).type).toBe('other');
    });

    it('a bank\'s letter certifying a balance is proof of funds, not a statement', () => {
      const letter = 'BANK CERTIFICATION\nThis is to certify that Ms. Wanjiru maintains a savings account with our branch.\nAs of 30 June 2024 the account has an available balance of KES 2,450,000.00.';
      expect(typeOf(letter).type).toBe('proof-of-funds');
    });
  });

  describe('layout', () => {
    it('types a thread of e-mails between partners as communication records', () => {
      const thread = `From: Ana <ana@mail.example>\nTo: Luis <luis@mail.example>\nDate: 3 May 2021\nSubject: flights\nSee you Friday!\n\nFrom: Luis <luis@mail.example>\nTo: Ana <ana@mail.example>\nDate: 4 May 2021\nSubject: Re: flights\nCan't wait.`;
      expect(typeOf(thread).type).toBe('communication-records');
    });

    it('types a passport data page in another language by its machine-readable zone', () => {
      const page = 'PASAPORTE\nApellidos: GARCIA LOPEZ\nNombres: MARIA JOSE\nNacionalidad: MEXICANA\nP<MEXGARCIA<LOPEZ<<MARIA<JOSE<<<<<<<<<<<<<<<<\nG123456780MEX8801012F3001015<<<<<<<<<<<<<<06';
      expect(typeOf(page).type).toBe('passport');
    });

    it('marks a document in neither English nor French with no form number or layout as unsupported language, with low confidence', () => {
      const result = typeOf('CONSTANCIA\nEn la ciudad de Guadalajara, el día quince de marzo de dos mil diecinueve, comparecieron los contrayentes para celebrar su matrimonio civil ante el oficial del registro.');
      expect(result.type).toBe('other');
      expect(result.confidence).toBeLessThanOrEqual(0.2);
      expect(result.signals[0]).toMatch(/^unsupported language/);
    });

    it('marks a document in a language with no function-word list (Polish, Russian) as unsupported language, never as an empty English document', () => {
      const polish = typeOf('ZAŚWIADCZENIE O ZATRUDNIENIU\nNiniejszym zaświadczam, że pan Krzysztof Wójcik jest zatrudniony w naszej firmie na stanowisku kierowcy od dnia pierwszego września, w pełnym wymiarze godzin.');
      expect(polish).toMatchObject({ type: 'other', confidence: 0.15 });
      expect(polish.signals[0]).toMatch(/^unsupported language/);
      const russian = typeOf('СПРАВКА С МЕСТА РАБОТЫ\nНастоящая справка выдана в том, что он работает в нашей компании водителем с первого сентября и получает заработную плату ежемесячно.');
      expect(russian.signals[0]).toMatch(/^unsupported language/);
    });

    it.each<[string, DocumentType]>([
      ['CERTIFICADO DE MATRIMONIO\nEn la ciudad de Guadalajara, el día quince de marzo de dos mil diecinueve, comparecieron los contrayentes para celebrar su matrimonio civil ante el oficial del registro.', 'marriage-certificate'],
      ['REGISTRO CIVIL DAS PESSOAS NATURAIS\nCERTIDÃO DE NASCIMENTO\nNome: Ana Clara Ribeiro\nData de nascimento: 02 de março de 2014\nFiliação: Marta Ribeiro e João Ribeiro', 'birth-certificate'],
      ['دائرة الأحوال المدنية\nشهادة ولادة\nالاسم: يوسف أحمد\nتاريخ الولادة: 2012/04/03\nمكان الولادة: إربد', 'birth-certificate'],
    ])('types a civil-status certificate in another language by the title it gives itself, below the confident range (%#)', (text, type) => {
      const result = typeOf(text);
      expect(result.type).toBe(type);
      expect(result.confidence).toBeLessThan(0.5);
    });

    it('still reads an English document whose names carry letters English does not write', () => {
      const letter = 'Letter of employment\nThis letter confirms that Łukasz Wiśniewski is employed as a warehouse supervisor at Northgate Logistics. His manager, Małgorzata Żak, has approved his leave of absence.';
      expect(typeOf(letter).type).toBe('employment-letter');
    });

    it('types a form in another language by its form number', () => {
      const form = 'IMM 5257 (10-2023) E\nSolicitud de visa de residente temporal (traducción del solicitante)\nApellidos: GARCIA LOPEZ\nNombres: MARIA JOSE\nPaís de ciudadanía: México\nEstado civil: soltera\nMotivo del viaje: visitar a mi hermana y a los hijos de ella con mi madre, por dos semanas en el verano, para la graduación de su hija en la universidad.';
      const result = typeOf(form);
      expect(result.type).toBe('imm-5257');
      expect(result.signals).toContain('document in neither English nor French: typed by its form number, layout and certificate title only');
    });
  });

  describe('confusable documents written by other hands (reading corpus, v5 items)', () => {
    const corpus = join(__dirname, '../../../corpus/reading');
    /** A corpus document under a neutral name, so that only its content types it. */
    const typeOfCorpus = (path: string) => typeOf(readFileSync(join(corpus, path), 'utf8'));

    it.each<[string, DocumentType]>([
      ['en/v5-decision-notes-fairness/refusal.txt', 'refusal-letter'],
      ['en/v5-decision-notes-fairness/notes.txt', 'gcms-notes'],
      ['fr/v5-decision-notes-equite/lettre-refus.txt', 'refusal-letter'],
      ['fr/v5-decision-notes-equite/notes-smgc.txt', 'gcms-notes'],
      ['en/v5-work-letters/employment.txt', 'employment-letter'],
      ['en/v5-work-letters/offer.txt', 'job-offer'],
      ['fr/v5-emploi-etudes/attestation-emploi.txt', 'employment-letter'],
      ['fr/v5-emploi-etudes/offre-emploi.txt', 'job-offer'],
      ['en/v5-school-letters/acceptance.txt', 'letter-of-acceptance'],
      ['fr/v5-emploi-etudes/lettre-admission.txt', 'letter-of-acceptance'],
      ['en/v5-receipts-travel/tuition-receipt.txt', 'tuition-receipt'],
      ['fr/v5-emploi-etudes/recu-frais.txt', 'tuition-receipt'],
      ['en/v5-receipts-travel/itinerary.txt', 'travel-itinerary'],
      ['en/v5-insurance-civil-status/birth.txt', 'birth-certificate'],
    ])('types %s as %s', (path, type) => {
      expect(typeOfCorpus(path).type).toBe(type);
    });

    it.each([
      'en/v5-decision-notes-fairness/fairness.txt',
      'fr/v5-decision-notes-equite/lettre-equite.txt',
      'en/v5-school-letters/completion.txt',
      'en/v5-school-letters/enrolment.txt',
      'fr/v5-emploi-etudes/attestation-fin-etudes.txt',
      'en/v5-receipts-travel/agent-receipt.txt',
      'en/v5-receipts-travel/rent-receipt.txt',
      'fr/v5-emploi-etudes/recu-loyer.txt',
      'en/v5-receipts-travel/travel-history.txt',
      'en/v5-insurance-civil-status/insurance.txt',
      'fr/v5-soumission-assurance-voyage/assurance.txt',
    ])('types the look-alike %s as other, never as its neighbour', (path) => {
      expect(typeOfCorpus(path).type).toBe('other');
    });

    const quotedNotes = `Re: Nadia Rahman, study permit S300118822

The officer's notes, released to us, read in full:

> GCMS notes - created by officer DHK0192. PA is 24, proposed program diploma in business.
> Funds: not satisfied PA has sufficient funds. Bona fides not established. Weak ties.
> Final decision: refused.

These notes do not engage with the sponsor's affidavit of support or his tax returns for 2023 and 2024, which were on file.

Mina Talukder
Counsel`;

    it("counts notes that a letter only quotes ('> …') as weak evidence: never a confident GCMS-notes type", () => {
      const result = typeOf(quotedNotes);
      expect(result.signals).toContain('GCMS acronym (quoted only)');
      expect(result.type === 'gcms-notes' ? result.confidence : 0).toBeLessThan(0.5);
    });

    it('still types the same notes as GCMS notes when they stand on their own', () => {
      const notes = quotedNotes.split('\n').filter((l) => l.startsWith('> ')).map((l) => l.slice(2)).join('\n');
      expect(typeOf(notes).type).toBe('gcms-notes');
    });

    it('reads a procedural-fairness letter as a letter before the decision, not a refusal', () => {
      const result = typeOfCorpus('en/v5-decision-notes-fairness/fairness.txt');
      expect(result.signals[0]).toMatch(/^procedural-fairness letter/);
    });

    it.each(['en/v5-counsel-quotes-notes/submission.txt', 'fr/v5-soumission-assurance-voyage/soumission.txt'])(
      "keeps counsel's letter that quotes the refusal and the officer's notes a submission (%s)",
      (path) => {
        expect(typeOfCorpus(path).type).toBe('submission-letter');
      },
    );
  });

  describe('file names', () => {
    it('uses the file name as weak evidence only', () => {
      const result = typeOf('Account number: 1234\nDeposits and withdrawals', 'Bank_Statement-March.txt');
      expect(result.type).toBe('bank-statement');
      expect(result.signals).toContain('file name');
      expect(result.confidence).toBeLessThan(0.6);
    });

    it('lets content outweigh a misleading file name', () => {
      expect(typeOf(TYPE_TEXTS['marriage-certificate'] as string, 'passport.txt').type).toBe('marriage-certificate');
    });

    it.each<[string, DocumentType]>([
      ['marriage-certificate.pdf', 'marriage-certificate'],
      ['IMM5257_form.pdf', 'imm-5257'],
      ['GCMS notes 2025.pdf', 'gcms-notes'],
      ['passport_scan.pdf', 'passport'],
    ])('types an unreadable %s from its file name only, with a low confidence', (name, type) => {
      const result = readDocumentType(unreadableDoc(name, 'needs-ocr'));
      expect(result.type).toBe(type);
      expect(result.confidence).toBeLessThan(0.6);
      expect(result.signals[0]).toMatch(/^classified from the file name only \(document unreadable: needs-ocr\)/);
    });

    it('says so when an unreadable file name gives no type', () => {
      expect(readDocumentType(unreadableDoc('IMG_2231.pdf', 'encrypted'))).toEqual({ type: 'other', confidence: 0.3, signals: ['document unreadable: encrypted, and the file name does not indicate a document type'] });
    });

    it('reads file names as words', () => {
      expect(fileNameWords('dir/Marriage_Certificate-2019.PDF')).toBe('marriage certificate 2019');
      expect(fileNameWords('BankStatement.pdf')).toBe('bank statement');
      expect(fileNameWords('Relevé_de_compte.pdf')).toBe('releve de compte');
    });
  });
});

describe('readDocumentType: contracts, letters of support and forms about a relationship', () => {
  it('types an employment agreement as a job offer', () => {
    const contract = 'EMPLOYMENT AGREEMENT\n\nThis Employment Agreement is made between Riverbend Cabinetry Ltd. (the "Employer") and Tomasz Nowak (the "Employee").\n1. Position. The Employer will employ the Employee as a cabinetmaker, full time.\n2. Wage. $27.00 per hour.';
    expect(typeOf(contract, 'agreement.docx').type).toBe('job-offer');
  });

  it('types a letter written in support of one’s own or a spouse’s application as a submission letter, in English and French', () => {
    expect(typeOf('To the Immigration Officer,\n\nRe: Sponsorship of my husband\n\nI am writing in support of my husband’s application for permanent residence. We married in 2021.\n\nYours sincerely,\nAnna Kowalczyk', 'letter.txt').type).toBe('submission-letter');
    expect(typeOf('Objet : demande de permis de travail\n\nMadame, Monsieur,\n\nJe vous transmets ma demande de permis de travail. Vous trouverez ci-joint mon offre d’emploi.\n\nVeuillez agréer mes salutations distinguées.', 'lettre.txt').type).toBe('submission-letter');
  });

  it('does not type a form about a sponsor and the person sponsored as a passport', () => {
    const form = 'Section A - Sponsor\nFamily name: WEBER\nGiven name(s): Stefan\nDate of birth: 1985-02-11\nSection B - Person sponsored\nFamily name: OYELARAN\nGiven name(s): Funmilayo\nNationality: Nigerian\nSex: F\nRelationship to sponsor: Spouse';
    expect(typeOf(form, 'form.txt').type).not.toBe('passport');
  });

  describe('classes of documents titled or laid out differently (EN and FR)', () => {
    it('reads a form number followed by "attachment" or "annexe" as a mention of the form, not the form itself', () => {
      expect(typeOf('Trips abroad since 2015 (IMM 5257 attachment)\nApplicant: Nimal Perera\nYear | Country | Reason\n2019 | Maldives | holiday').type).toBe('other');
      expect(typeOf("Voyages à l'étranger (IMM 5257 annexe)\nDemandeur : Koffi Mensah\n2021 | Togo | famille").type).toBe('other');
    });

    it('reads a form title in a letter\'s subject line as the application the letter is about', () => {
      const letter = 'Accra, 3 March 2025\n\nThe Visa Officer\nHigh Commission of Canada\n\nRe: Application for a temporary resident visa - Esi Boateng\n\nPurpose of visit: my son\'s wedding in Halifax.\nPrevious refusals: none\n\nRespectfully,\nEsi Boateng';
      expect(typeOf(letter, 'letter.txt').type).toBe('submission-letter');
      const lettre = "Objet : demande de permis de travail fermé\n\nMadame, Monsieur,\n\nJe présente une demande de permis de travail pour un poste de soudeur chez Acier Boréal inc. L'offre d'emploi et l'EIMT sont jointes.\n\nVeuillez agréer mes salutations distinguées.";
      expect(typeOf(lettre, 'lettre.txt').type).toBe('submission-letter');
    });

    it('reads an applicant\'s letter that mentions the invitation to apply as the applicant\'s letter, not the invitation', () => {
      const lettre = "Objet : demande de résidence permanente - Entrée express\n\nMadame, Monsieur,\n\nÀ la suite de l'invitation à présenter une demande reçue le 2 mai, je soumets ma demande au titre de la catégorie de l'expérience canadienne. Mes relevés sont joints.\n\nCordialement.";
      expect(typeOf(lettre, 'lettre.txt').type).toBe('submission-letter');
    });

    it('types a bank\'s balance confirmation and a French "certificat" of a credit balance as proof of funds', () => {
      expect(typeOf('EASTERN UNION BANK\nMain Street Branch\n\nTo whom it may concern\n\nConfirmation of account balance\n\nThis is to confirm that Mr. Ravi Menon holds a savings account with our branch. The balance in the account as at 2 June 2025 was INR 2,150,000.\n\nBranch Manager').type).toBe('proof-of-funds');
      expect(typeOf("BANQUE DE L'OUEST AFRICAIN\nAgence de Thiès\n\nCERTIFICAT\n\nNous certifions que Mme Fatou Ndiaye est titulaire du compte n° 114 2290 ouvert dans nos livres. Au 30 mai 2025, le solde créditeur s'élève à 9 800 000 FCFA.\n\nLe Directeur d'agence").type).toBe('proof-of-funds');
    });

    it('types a planned trip\'s flight schedule as a travel itinerary, in a table or in French prose', () => {
      expect(typeOf('Flight schedule - planned visit\nDate | Flight | From | To\n02 Sep 2025 | TK 17 | Istanbul | Toronto\n20 Sep 2025 | TK 18 | Toronto | Istanbul').type).toBe('travel-itinerary');
      expect(typeOf('PLAN DE VOYAGE\nVol aller : 5 juin 2025, Abidjan -> Montréal, départ 22 h 10\nVol retour : 28 juin 2025, Montréal -> Abidjan').type).toBe('travel-itinerary');
    });

    it('types a school\'s acknowledgement or confirmation of a tuition payment as a tuition receipt', () => {
      expect(typeOf('Prairie Polytechnic - Student Accounts\nAcknowledgement of payment\nStudent number: 88-2211\nWe acknowledge receipt of CAD 6,200.00 towards tuition for the Fall 2025 term.').type).toBe('tuition-receipt');
      expect(typeOf("Cégep de l'Estuaire - Finances étudiantes\nCONFIRMATION DE PAIEMENT\nNuméro d'étudiant : 2290 1187\nNous confirmons avoir reçu 3 950 $ au titre des droits de scolarité de la session d'automne.").type).toBe('tuition-receipt');
    });

    it('types a single e-mail printout (headers From/To/Subject or De/À/Objet) as communication records', () => {
      expect(typeOf('From: Lena Novak <lena@example.org>\nSent: 2 March 2025 08:10\nTo: Arjun Patel <arjun@example.org>\nSubject: this weekend\n\nI booked the cabin for Saturday, see you at the station.').type).toBe('communication-records');
      expect(typeOf('De : Service aux étudiants <etudiants@example.ca>\nEnvoyé : 7 mai 2025 14:02\nÀ : Moussa Keita\nObjet : votre dossier\n\nBonjour, il manque votre relevé de notes.').type).toBe('communication-records');
    });

    it('never gives a confident type to a short letter with no characteristic content', () => {
      const result = typeOf('Dear Sir or Madam,\n\nThank you for your time.\n\nRegards,\nA. Member');
      expect(result.confidence).toBeLessThan(0.6);
    });
  });
});
