/**
 * The reader on documents of the v4 variation set (test/corpus/reading/{en,fr}/v4-*): parties in
 * every role, money in many currencies and number formats, form answers in many layouts, officer
 * findings of notes and letters; each fact with its quote verbatim in the source, and the
 * look-alikes (account, staff and licence numbers, a signatory, an unticked factor) not read.
 */
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import { readCorpusItem } from './corpusItem';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';


const read = readCorpusItem;

/** Every fact's quote is a slice of the document. */
function expectQuotesVerbatim(facts: CaseFacts, text: string) {
  const all = [...facts.parties, ...facts.money, ...facts.declarations, ...facts.officerFindings];
  for (const f of all) expect(text).toContain(f.evidence.quote);
}

const parties = (facts: CaseFacts) => facts.parties.map((p) => `${p.role}:${p.name}`);
const money = (facts: CaseFacts) => facts.money.map((m) => `${m.kind}:${m.amount} ${m.currency}${m.per ? `/${m.per}` : ''}`);
const findings = (facts: CaseFacts) => facts.officerFindings.map((f) => `${f.kind}:${f.subject}`);

describe('parties in every role, as forms, letters and e-mails name them', () => {
  it('reads a family name that opens with its particles under the section that says whose it is', () => {
    const { facts, text } = read('en/v4-sponsorship-form-sections-particles', 'imm5532-relationship-information.txt');
    expect(parties(facts)).toEqual(expect.arrayContaining(['sponsor:Adaeze NAKASHIMA-OKAFOR', 'applicant:María Fernanda de la Cruz']));
    expectQuotesVerbatim(facts, text);
  });

  it('reads counsel from the title after the name on the address line ("c/o Ms. …, Barrister & Solicitor"; "a/s de Me …, avocate")', () => {
    const en = read('en/v4-refusal-letter-spousal-pfl-genuineness', 'refusal-letter.txt');
    expect(parties(en.facts)).toContain('counsel:Priya Raghunathan');
    expectQuotesVerbatim(en.facts, en.text);
    const fr = read('fr/v4-lettre-refus-conjoint-equite-envoyee', 'lettre-refus.txt');
    expect(parties(fr.facts)).toContain('counsel:Geneviève Lapointe-Roy');
    expectQuotesVerbatim(fr.facts, fr.text);
  });

  it("does not take the signatory of an employer's attestation (\"Je soussignée, <name>, gérante\") for the applicant", () => {
    const { facts, text } = read('fr/v4-attestation-emploi-fcfa-gerante', 'attestation-emploi.txt');
    expect(parties(facts)).toEqual(expect.arrayContaining(['employer:BOULANGERIE ARTISANALE KOUASSI SARL', 'applicant:Yao Serge KONAN']));
    expect(facts.parties.filter((p) => p.role === 'applicant' && /Traoré/.test(p.name))).toEqual([]);
    expectQuotesVerbatim(facts, text);
  });
});

describe('money with its currency, kind and period; numbers that are not money left out', () => {
  it('reads a pay slip: the monthly salary, an allowance, gross and net pay as income, PAYE as tax; not the staff number', () => {
    const { facts, text } = read('en/v4-payslip-kes-gross-net-tax', 'payslip.txt');
    expect(money(facts).sort()).toEqual(['income:112300 KES', 'income:15800 KES', 'income:84915.4 KES', 'other:21200 KES', 'salary:96500 KES/month'].sort());
    expectQuotesVerbatim(facts, text);
  });

  it('reads "bal approx. USD 2,100" in terse notes as a balance and the deposit beside it as a deposit', () => {
    const { facts, text } = read('en/v4-gcms-funds-deposit-verification', 'gcms-notes.txt');
    expect(money(facts).sort()).toEqual(['balance:2100 USD', 'deposit:9000 USD']);
    expectQuotesVerbatim(facts, text);
  });

  it('reads a French pay slip ("27,85 $", "1 612,34 $"): hourly rate, gross and net pay, tax withheld; not the employee number', () => {
    const { facts, text } = read('fr/v4-bulletin-paie-salaire-net-impot', 'bulletin-paie.txt');
    expect(money(facts).sort()).toEqual(['income:1612.34 CAD', 'income:2228 CAD', 'other:241.6 CAD', 'salary:27.85 CAD/hour'].sort());
    expectQuotesVerbatim(facts, text);
  });

  it('reads an hourly wage and its annual equivalent, not the NOC code, the LMIA number or the extension', () => {
    const { facts } = read('en/v4-job-offer-hourly-and-annual', 'job-offer.txt');
    expect(money(facts).sort()).toEqual(['salary:31.5 CAD/hour', 'salary:65520 CAD/year']);
  });
});

describe('form answers in several layouts', () => {
  it('reads ticked boxes, "Answer:" lines and a Yes with its details (IMM 5257, English)', () => {
    const { facts, text } = read('en/v4-imm5257-boxes-details-disclosed', 'imm5257-background.txt');
    const answers = facts.declarations.map((d) => `${d.topic}:${d.person}:${d.answer}`).sort();
    expect(answers).toEqual(['criminality:applicant:no', 'medical:applicant:no', 'military:applicant:no', 'prior-refusal:applicant:yes']);
    expect(facts.declarations.find((d) => d.topic === 'prior-refusal')?.details).toMatch(/United States/);
    expectQuotesVerbatim(facts, text);
  });

  it('reads a question that names two topics as the one it asks first (military service, then war crimes)', () => {
    const d: ExtractedDocument = {
      docId: 'd1',
      name: 'form.txt',
      format: 'text',
      status: 'ok',
      statusDetail: 'text read',
      pages: [{ page: 1, text: 'Background information\n\nDid you serve in any military, militia or civil defence unit, or were you ever charged with a war crime? No\n' }],
      pageCount: 1,
    };
    expect(readCaseFacts([d]).declarations.map((x) => `${x.topic}:${x.answer}`)).toEqual(['military:no']);
  });

  it('reads answers by role on one line ("Répondante : Non   Demandeur : Oui")', () => {
    const { facts } = read('fr/v4-formulaire-parrainage-sections-repondante', 'imm5532f-renseignements-relation.txt');
    const answers = facts.declarations.map((d) => `${d.topic}:${d.person}:${d.answer}`).sort();
    expect(answers).toEqual(['previous-marriage:applicant:yes', 'previous-marriage:sponsor:no', 'previous-sponsorship:sponsor:no']);
  });
});

describe('officer findings of notes and letters', () => {
  it('reads terse notes: extrinsic checks on the employer, funds source not provided, R179(b), funds weighed, no fairness letter', () => {
    const { facts, text } = read('en/v4-gcms-funds-deposit-verification', 'gcms-notes.txt');
    expect(findings(facts).sort()).toEqual(['document-absent:funds', 'extrinsic-evidence:employment', 'fairness-letter-not-sent:procedural fairness', 'ground:IRPR 179(b)', 'ground:funds'].sort());
    expectQuotesVerbatim(facts, text);
  });

  it('reads the ticked factors of a refusal letter past an unticked one, and no finding in the applicant\'s own words restated (EN, FR)', () => {
    const en = read('en/v4-refusal-letter-216-checklist-restated', 'refusal-letter.txt');
    expect(findings(en.facts).sort()).toEqual(['ground:IRPR 216(1)(b)', 'ground:funds', 'ground:purpose']);
    const fr = read('fr/v4-lettre-refus-etudes-cases-cochees', 'lettre-refus.txt');
    expect(findings(fr.facts).sort()).toEqual(['ground:IRPR 216(1)(b)', 'ground:funds', 'ground:purpose']);
  });

  it('reads "not entered into primarily for the purpose of acquiring status" as genuineness, not as the purpose of a visit', () => {
    const { facts } = read('en/v4-refusal-letter-spousal-pfl-genuineness', 'refusal-letter.txt');
    expect(findings(facts).sort()).toEqual(['fairness-letter-sent:procedural fairness', 'ground:IRPR 4(1)', 'ground:genuineness']);
  });

  it('reads a CBSA records check about an overstay as extrinsic evidence on immigration history', () => {
    const { facts } = read('fr/v4-notes-smgc-ecart-declaration-extrinseque', 'notes-smgc.txt');
    expect(findings(facts)).toEqual(expect.arrayContaining(['extrinsic-evidence:immigration-history', 'fairness-letter-sent:procedural fairness', 'ground:IRPA 40(1)(a)', 'ground:misrepresentation']));
    expect(findings(facts)).not.toContain('extrinsic-evidence:other');
  });

  it('keeps the same ground once per document, so the notes that reason it out stand beside the letter that lists it', () => {
    const notes: ExtractedDocument = {
      docId: 'n1',
      name: 'gcms-notes.txt',
      format: 'text',
      status: 'ok',
      statusDetail: 'text read',
      pages: [{ page: 1, text: 'GCMS NOTES - V100200300\nBank statement shows a balance of USD 430 with no regular deposits. Weighing the factors, I am not satisfied the applicant would depart at the end of the authorized stay. Refused under R179(b).' }],
      pageCount: 1,
    };
    const letter: ExtractedDocument = {
      docId: 'l1',
      name: 'refusal-letter.txt',
      format: 'text',
      status: 'ok',
      statusDetail: 'text read',
      pages: [{ page: 1, text: 'Immigration, Refugees and Citizenship Canada\n\nI am not satisfied that you will leave Canada at the end of your stay, as stipulated in paragraph 179(b) of the IRPR, based on:\n- your personal assets and financial status.\nYour application is refused.' }],
      pageCount: 1,
    };
    const funds = readCaseFacts([notes, letter]).officerFindings.filter((f) => f.kind === 'ground' && f.subject === 'funds');
    expect(funds.map((f) => f.evidence.docId).sort()).toEqual(['l1', 'n1']);
  });
});

/** A one-page document read on its own. */
function readText(text: string, name = 'doc.txt'): CaseFacts {
  return readCaseFacts([{ docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]);
}

describe('statement rows as a PDF gives them, columns collapsed', () => {
  it('tells money in from money out by the running balance when no column, mark or description says it, in whole FCFA', () => {
    const text =
      'Relevé de compte\nDevise : XOF\n' +
      '01/02/2025 Solde initial 1 254 300\n04/02/2025 Virement février 485 000 1 739 300\n06/02/2025 Agios 3 450 1 735 850\n12/02/2025 Retrait DAB 100 000 1 635 850\n';
    const facts = readText(text, 'releve.txt');
    expect(money(facts).sort()).toEqual(['balance:1254300 XOF', 'deposit:485000 XOF', 'payment:100000 XOF', 'payment:3450 XOF']);
    expectQuotesVerbatim(facts, text);
  });

  it('reads no money in a row that writes cents elsewhere and a grouped reference number', () => {
    const text = 'Statement of account\nCurrency: USD\n01/03/2025 Opening balance 4,215.60\n03/03/2025 Transfer ref 118 734 from Kofi Mensah 200.00 4,415.60\n';
    expect(money(readText(text, 'statement.txt')).sort()).toEqual(['balance:4215.6 USD', 'deposit:200 USD']);
  });
});

describe('parties in tables, e-mails, contracts and signatures', () => {
  it('reads a table row that names a role and a name', () => {
    const facts = readText('Parties to the application\n| Role | Name |\n| Sponsor | Ahmed Al-Farsi |\n| Principal applicant | Noura Bint Khalid Al-Saud |\n');
    expect(parties(facts)).toEqual(expect.arrayContaining(['sponsor:Ahmed Al-Farsi', 'applicant:Noura Bint Khalid Al-Saud']));
  });

  it("reads the addressee of an organisation's e-mail ('À : <name>') as the applicant, and a contract's 'ci-après la travailleuse'", () => {
    const mail = readText('De : Recrutement - Scierie Boréale inc. <rh@scierie.example>\nÀ : Samuel Okafor\nObjet : Offre d’emploi\n\nBonjour Monsieur Okafor,\nVoici notre offre.\n');
    expect(parties(mail)).toContain('applicant:Samuel Okafor');
    const contract = readText('CONTRAT DE TRAVAIL\nEntre : Serres Nordiques inc., Mirabel (Québec), ci-après l’employeur\nEt : Mme Ixchel Coc Pop, ci-après la travailleuse\n');
    expect(parties(contract)).toEqual(expect.arrayContaining(['employer:Serres Nordiques inc.', 'applicant:Ixchel Coc Pop']));
  });

  it("takes a titled name under a school's closing for its signatory, not the applicant, and reads the employee an employer's letter names", () => {
    const letter = readText('Letter of acceptance\nDear Ms. Fernandes,\nWe are pleased to offer you admission to the Bachelor of Nursing program at Northbridge University.\nSincerely,\n\nDr. Ama Mensah\nDirector, Admissions\n');
    expect(letter.parties.filter((p) => p.name.includes('Mensah'))).toEqual([]);
    const employer = readText('Employment letter\nTech Mahindra Ltd., Pune\nMr. Rohan Deshpande has worked with us as Senior Analyst since 2018. His annual salary is INR 18,60,000.\n');
    expect(parties(employer)).toContain('applicant:Rohan Deshpande');
  });
});

describe('officer findings worded tersely', () => {
  it("reads 'not provided' without its auxiliary as an absence, and an employment verification and 'vérifié auprès de' as outside checks", () => {
    const notes = readText('GCMS NOTES - V555000111\n2025-01-10 PA states she runs a tailoring business; business registration not provided.\n2025-01-11 Employment verification: HR at the hospital could not confirm the position.\n2025-01-12 I am not satisfied the applicant will leave Canada at the end of the stay. Refused under R179(b).\n', 'gcms-notes.txt');
    expect(findings(notes)).toEqual(expect.arrayContaining(['document-absent:employment', 'extrinsic-evidence:employment', 'ground:IRPR 179(b)']));
    const lettre = readText("Immigration, Réfugiés et Citoyenneté Canada\nMadame,\nNous avons vérifié auprès de l'établissement : votre lettre d'admission n'a pas été délivrée par celui-ci.\nVotre demande de permis d'études est refusée.\n", 'lettre-refus.txt');
    expect(findings(lettre)).toContain('extrinsic-evidence:education');
  });
});

describe('text as PDFs and counsel give it', () => {
  it('reads a grouped amount that a wrapped line cut after its first group ("186\\n450,00 DH") whole, quoted verbatim', () => {
    const text = 'ATTESTATION DE SOLDE\nNous attestons que Mme Salma Idrissi présente à la date du 28 février 2025 un solde créditeur de 186\n450,00 DH. Fait à Agadir.\n';
    const facts = readText(text, 'attestation.txt');
    expect(money(facts)).toEqual(['balance:186450 MAD']);
    expectQuotesVerbatim(facts, text);
  });

  it("reads no officer finding in counsel's submissions that quote the refusal", () => {
    const memo =
      'SUBMISSIONS OF COUNSEL\nRe: Request for reconsideration - IRCC file V123456789\n\nDear Officer,\n\nWe act for the applicant. The refusal letter states: "I am not satisfied that you will leave Canada at the end of your stay, as required by paragraph 179(b) of the IRPR." With respect, the bank statements enclosed show a stable balance. The application was refused without regard to them.\n\nYours truly,\nCounsel for the applicant\n';
    const facts = readText(memo, 'submissions.txt');
    expect(facts.documents[0].type).toBe('submission-letter');
    expect(findings(facts)).toEqual([]);
  });
});

describe('boxes on either side of the answer words', () => {
  const answers = (facts: CaseFacts) => facts.declarations.map((d) => `${d.topic}:${d.person}:${d.answer}`).sort();

  it("reads the ticked box after its word ('Oui ☐   Non ☒', 'Non [X]   Oui [ ]'), never the first word printed", () => {
    const facts = readText(
      "ANNEXE A - ANTÉCÉDENTS\n6. a) Avez-vous été reconnu coupable d'un crime ou d'une infraction au Canada ?\nOui ☐   Non ☒\n" +
        "b) Vous a-t-on déjà refusé un visa de visiteur ou de résident temporaire pour le Canada ou tout autre pays ?\nX Oui      Non\nSi oui, précisez : visa de visiteur refusé par la France en 2018.\n",
      'imm5669f.txt',
    );
    expect(answers(facts)).toEqual(['criminality:applicant:no', 'prior-refusal:applicant:yes']);
    expect(facts.declarations.find((d) => d.topic === 'prior-refusal')?.details).toBe('visa de visiteur refusé par la France en 2018.');
  });

  it("reads 'Yes ( )  No (X)' as No and a lone tick after the word", () => {
    const facts = readText('Background\nHave you ever been refused a visa or permit?\nYes ( )  No (X)\nHave you ever been arrested or charged with a criminal offence?\nNo ✔\n');
    expect(answers(facts)).toEqual(['criminality:applicant:no', 'prior-refusal:applicant:no']);
  });

  it('reads each person’s boxed answer on its own line under the question', () => {
    const facts = readText('IMM 5532 - Partie B\nAvez-vous déjà été marié(e) ou en union de fait ?\nRépondant : [X] Oui  [ ] Non\nDemandeur : [ ] Oui  [X] Non\n', 'imm5532f.txt');
    expect(answers(facts)).toEqual(['previous-marriage:applicant:no', 'previous-marriage:sponsor:yes']);
  });
});

describe('counsel named by a label or a signature block', () => {
  it("reads counsel after a label ('Prepared by: <name>, RCIC') and in a signature block whose next line is the title", () => {
    expect(parties(readText('MEMORANDUM\nPrepared by: Ana Pop, RCIC\nClient: Mihai Ionescu\n'))).toEqual(expect.arrayContaining(['counsel:Ana Pop', 'applicant:Mihai Ionescu']));
    const letter = readText('Submissions in support of the application\nWe respectfully submit that the applicant meets the requirements.\n\nRespectfully submitted,\n\nIoana Popescu\nAvocate / Barrister & Solicitor\n', 'submissions.txt');
    expect(parties(letter)).toContain('counsel:Ioana Popescu');
  });

  it('reads no counsel in a sentence that merely mentions a lawyer', () => {
    expect(readText('Letter\nI met my lawyer last week.\nCounsel for the sponsor asked me to write this.\n').parties.filter((p) => p.role === 'counsel')).toEqual([]);
  });
});

describe('the people of officers’ notes and of an invitation’s subject line', () => {
  it("reads 'PA:' and a host with the relation beside the name as the applicant and the inviter", () => {
    const notes = readText('GCMS - Super visa - V305550112\nPA: NGUYEN Thi Hong Nhung\nHost/inviter in Canada: Dawit Tesfaye (son), Canadian citizen\n', 'gcms-notes.txt');
    expect(parties(notes)).toEqual(expect.arrayContaining(['applicant:Thi Hong Nhung NGUYEN', 'inviter:Dawit Tesfaye']));
  });

  it('reads the relatives an application is for, named in the subject line, as applicants', () => {
    const letter = readText('Dear Sir/Madam,\nRe: Temporary resident visa application for my parents, Mr. Haile Gebre and Mrs. Almaz Bekele\nI, Yonas Haile, a Canadian citizen, invite my parents to visit.\n');
    expect(parties(letter)).toEqual(expect.arrayContaining(['applicant:Haile Gebre', 'applicant:Almaz Bekele', 'inviter:Yonas Haile']));
  });
});

describe('more ways forms and affidavits ask and answer', () => {
  const answers = (facts: CaseFacts) => facts.declarations.map((d) => `${d.topic}:${d.person}:${d.answer}`).sort();

  it("reads French questions on a past union, a past sponsorship (the sponsor's) and work without authorization", () => {
    const facts = readText(
      'Formulaire\nAvez-vous déjà été marié(e) ou avez-vous déjà vécu en union de fait ? Non\nAvez-vous déjà parrainé un époux, un conjoint de fait ou un partenaire conjugal ? Non\nAvez-vous déjà travaillé ou étudié au Canada sans autorisation ? Non\n',
    );
    expect(answers(facts)).toEqual(['overstay:applicant:no', 'previous-marriage:applicant:no', 'previous-sponsorship:sponsor:no']);
  });

  it("reads an affidavit's 'entered … and remained there after my authorized stay expired' as an overstay disclosed", () => {
    const facts = readText('AFFIDAVIT\nI, Maria Lopez, solemnly declare:\n1. I entered the United States in 2015 on a visitor visa and remained there after my authorized stay expired until 2019.\n');
    expect(answers(facts)).toEqual(['overstay:applicant:yes']);
  });
});

describe('PAYE is a tax only where it labels one', () => {
  it("reads 'PAYE: KES 21,200.00' as tax withheld, and a French 'Net de paye' not as tax", () => {
    expect(money(readText('PAYSLIP\nGross pay: KES 112,300.00\nPAYE: KES 21,200.00\n', 'payslip.txt'))).toEqual(['income:112300 KES', 'other:21200 KES']);
    expect(money(readText('BULLETIN\nNet de paye : 1 612,34 $\n', 'bulletin.txt')).filter((m) => m.startsWith('other'))).toEqual([]);
  });
});
