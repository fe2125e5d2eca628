/**
 * The reader on documents of the v10 variation set (test/corpus/reading/{en,fr}/v10-*): parties and
 * money in more layouts. Names split over "Family name" and "Given name(s)" fields (on one line, in
 * two table columns under a title row, on a label line and the line under it), a previous spouse in a
 * form's own part, counsel as the authorized representative of IMM 5476, employers as letterheads and
 * after "employed by" / « au service de »; money in lakh grouping, "KSh 1.2M", amounts repeated in
 * words, French "12 500,00 €", a statement's columns once a PDF has closed up their spaces, a pay
 * statement's rate and hours. Look-alikes are not read: a bank's name, an officer's or a notary's
 * signature, a guide's sample names and figures, a fee schedule, reference and account numbers.
 */
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import { readCorpusItem } from './corpusItem';

const read = readCorpusItem;

/** A document's text as the reader gets it (a PDF's text layer is passed the same way). */
function readText(name: string, text: string): CaseFacts {
  const doc: ExtractedDocument = { docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readCaseFacts([doc]);
}

const key = (s: string) => s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
const parties = (facts: CaseFacts) => facts.parties.map((p) => `${p.role}:${key(p.name)}`);
const money = (facts: CaseFacts) => facts.money.map((m) => `${m.kind} ${m.amount} ${m.currency}${m.per ? `/${m.per}` : ''}`).sort();

function expectQuotesVerbatim(facts: CaseFacts, text: string) {
  for (const f of [...facts.parties, ...facts.money]) expect(text).toContain(f.evidence.quote);
}

describe('names split over fields, however the form lays them out', () => {
  it('joins "Family name" and "Given name(s)" on one line for the applicant and, under its section, the authorized representative (IMM 5476)', () => {
    const en = read('en/v10-imm5476-representative-pdf', 'imm5476.pdf.txt');
    expect(parties(en.facts)).toEqual(expect.arrayContaining(['applicant:chikondi grace tembo-mwale', 'counsel:maja elisabeth lindqvist']));
    // The regulatory body is a "College" that teaches nobody; the representative applies for nothing.
    expect(parties(en.facts)).not.toContain('school:college of immigration and citizenship consultants');
    expect(parties(en.facts)).not.toContain('applicant:maja elisabeth lindqvist');
    expect(en.facts.money).toEqual([]);
    expectQuotesVerbatim(en.facts, en.text);
    const fr = read('fr/v10-imm5476-representant-autorise', 'recours-representant.pdf.txt');
    expect(parties(fr.facts)).toEqual(expect.arrayContaining(['applicant:mariama binta diallo', 'counsel:etienne boisvert-lachance']));
    expect(parties(fr.facts)).not.toContain('applicant:etienne boisvert-lachance');
    expectQuotesVerbatim(fr.facts, fr.text);
  });

  it('reads a title row of name labels and the row under it, and the previous spouse in a "previous relationships" part', () => {
    const { facts, text } = read('en/v10-relationship-form-previous-marriage', 'imm5532.txt');
    expect(parties(facts).sort()).toEqual(['applicant:babatunde olumide oyelaran', 'previous-spouse:lars petter kristiansen', 'sponsor:ingrid sofie halvorsen']);
    expectQuotesVerbatim(facts, text);
  });

  it('reads « Nom de famille : … Prénom(s) : … » under each part, the former spouse under « union antérieure »', () => {
    const { facts, text } = read('fr/v10-formulaire-union-anterieure', 'renseignements-relation.pdf.txt');
    expect(parties(facts).sort()).toEqual(['applicant:hery andriamanana rakotomalala', 'previous-spouse:voahangy lalao rasoanaivo', 'sponsor:marie-eve gauthier']);
    expectQuotesVerbatim(facts, text);
  });

  it('reads a label on its own line with the value under it, and bilingual labels', () => {
    const stacked = readText('form.txt', 'APPLICATION FORM\n\nFamily name\nOKAFOR\nGiven name(s)\nChinedu Emeka\nDate of birth\n1990-01-02\n');
    expect(parties(stacked)).toEqual(['applicant:chinedu emeka okafor']);
    const bilingual = readText('form.txt', 'Family name / Nom de famille: NGUYEN   Given name(s) / Prénom(s): Thi Lan\n');
    expect(parties(bilingual)).toEqual(['applicant:thi lan nguyen']);
    const previous = readText('form.txt', 'Family name of previous spouse: KOVAC   Given name(s) of previous spouse: Marta\n');
    expect(parties(previous)).toEqual(['previous-spouse:marta kovac']);
  });

  it('reads no one from a guide\'s sample line ("Example: Family name: SAMPLE …")', () => {
    const { facts } = read('en/v10-instructions-sample-figures', 'checklist.txt');
    expect(facts.parties).toEqual([]);
    expect(facts.money).toEqual([]);
  });
});

describe('who signs, who is written to, who employs', () => {
  it('reads the addressee of an embassy letter as the applicant and the officer who signs as an officer, not a party to the application', () => {
    const { facts, text } = read('fr/v10-avis-consulaire-agent-frais', 'convocation.txt');
    expect(parties(facts)).toEqual(expect.arrayContaining(['applicant:aya prisca kouame', 'officer:jean-philippe morneau']));
    expect(parties(facts)).not.toContain('applicant:jean-philippe morneau');
    // "85 $ CAN par personne" is the price of biometrics, not money anyone paid.
    expect(facts.money).toEqual([]);
    expectQuotesVerbatim(facts, text);
  });

  it('reads an employer from its letterhead and "employed by", the applicant it certifies, and not its HR signatory', () => {
    const { facts, text } = read('en/v10-employment-letter-inr-lakh', 'employment-certificate.docx.txt');
    expect(parties(facts)).toEqual(expect.arrayContaining(['applicant:aniket suresh kulkarni', 'employer:kaveri flowtech pvt. ltd.']));
    expect(parties(facts).some((p) => p.includes('pawar'))).toBe(false);
    expect(parties(facts).some((p) => p.startsWith('employer:for '))).toBe(false);
    expectQuotesVerbatim(facts, text);
  });

  it('reads « est au service de <société> » (the name wrapped over two lines) and the employee a French attestation names', () => {
    const { facts, text } = read('fr/v10-attestation-au-service-de-fcfa', 'attestation-travail.pdf.txt');
    expect(parties(facts)).toEqual(expect.arrayContaining(['applicant:cheikh tidiane ndour', 'employer:societe senegalaise de transit et manutention']));
    expect(parties(facts)).not.toContain('applicant:ousmane faye');
    expect(parties(facts)).not.toContain('employer:travail');
    const wrapped = readText('attestation.txt', "ATTESTATION DE TRAVAIL\n\nNous attestons par la présente que Madame Fatou\nDiop Sarr est au service de notre entreprise depuis cinq ans.\n");
    expect(parties(wrapped)).toContain('applicant:fatou diop sarr');
    expectQuotesVerbatim(facts, text);
  });

  it('reads the parent who swears an affidavit of support as someone else, the child as the applicant, and not the notary', () => {
    const { facts, text } = read('en/v10-affidavit-support-amounts-in-words', 'affidavit.pdf.txt');
    expect(parties(facts)).toEqual(expect.arrayContaining(['other:harpreet kaur sandhu', 'applicant:gurleen kaur sandhu', 'school:fraser lakes college']));
    expect(parties(facts).some((p) => p.includes('verma'))).toBe(false);
    expectQuotesVerbatim(facts, text);
  });

  it('reads a sponsor\'s previous spouse, her husband in the "Re:" line and her employer after "employed by"', () => {
    const { facts, text } = read('en/v10-sponsor-letter-previous-marriage', 'sponsor-letter.txt');
    expect(parties(facts).sort()).toEqual(['applicant:rustam karimov', 'employer:harbourview home care inc.', 'previous-spouse:gordon blaine whitcombe', 'sponsor:deborah anne mcallister']);
    expectQuotesVerbatim(facts, text);
  });

  it('reads the employer after "works as <job> at" / « travaille comme … au sein de la » in a personal letter, and "Re: <name> (UCI …)"', () => {
    expect(parties(readText('letter.txt', 'I, Daniel Roy, declare the following. I work as a welder at Prairie Steel Fabricators since 2015.\n'))).toContain('employer:prairie steel fabricators');
    expect(parties(readText('lettre.txt', 'Je travaille comme infirmière au sein de la Clinique du Plateau depuis 2018.\n'))).toContain('employer:clinique du plateau');
    expect(parties(readText('letter.txt', 'Re: Amara Nwosu (UCI 1122-3344)\n\nDear Officer,\n\nPlease find enclosed the documents.\n'))).toContain('applicant:amara nwosu');
  });
});

describe('names in letter headers, subject lines and signatures', () => {
  it('reads the person a subject line is about: "Application of Ms. <name> for …", "<name> – Work Permit Application"', () => {
    expect(parties(readText('letter.txt', 'Subject: Application of Ms. Rania Haddad for a study permit\n\nDear Officer,\nPlease find attached.\n'))).toContain('applicant:rania haddad');
    expect(parties(readText('letter.txt', 'Re: Tomas Novak – Work Permit Application\n\nDear Officer,\nPlease find attached.\n'))).toContain('applicant:tomas novak');
    // A subject that names the application only names nobody.
    expect(readText('letter.txt', 'Re: Application for a Study Permit\n\nDear Officer,\nPlease find attached.\n').parties).toEqual([]);
  });

  it('reads the sender whose name and address open a letter, and the role a signature\'s title line gives', () => {
    expect(parties(readText('letter.txt', 'Olena Marchenko\n12 Shevchenko Street, Kyiv\n\nTo the visa officer,\n\nI am applying for a visitor visa to see my son.\n'))).toContain('applicant:olena marchenko');
    expect(parties(readText('letter.txt', 'I confirm that I will support my husband during his stay.\n\nSincerely,\n\nMaria Lopez\nSponsor\n'))).toContain('sponsor:maria lopez');
    expect(parties(readText('letter.txt', 'We submit the enclosed documents.\n\nSincerely,\n\nLéa Fournier\nAuthorized Representative\n'))).toContain('counsel:lea fournier');
  });

  it('reads an employer written "<name>, Inc." and a one-word letterhead the letter names again', () => {
    expect(parties(readText('letter.txt', 'EMPLOYMENT VERIFICATION\n\nThis letter confirms that Kwame Mensah has been employed by Sunrise Textiles, Inc. since 2019.\n'))).toContain('employer:sunrise textiles, inc.');
    expect(parties(readText('letter.txt', 'HALDENWORKS\nStorgata 5, Oslo\n\nTo whom it may concern,\n\nThis is to confirm that Ms. Ingrid Berg has worked at Haldenworks as an engineer since 2016.\n'))).toContain('employer:haldenworks');
  });

  it('reads the name fields under a previous-marriage question as the previous spouse\'s, not the sponsor\'s', () => {
    const facts = readText('form.txt', 'Has the sponsor been previously married?  Yes\nFamily name: BRANDT   Given name(s): Heike\n');
    expect(parties(facts)).toEqual(['previous-spouse:heike brandt']);
  });
});

describe('money in other currencies, groupings and layouts', () => {
  it('reads a salary in lakh grouping with its period after the amount in words ("INR 12,50,000 (Rupees … only) per annum"), not the employee code', () => {
    const { facts } = read('en/v10-employment-letter-inr-lakh', 'employment-certificate.docx.txt');
    expect(money(facts)).toEqual(['salary 1250000 INR/year']);
  });

  it('reads a monthly salary and allowance in FCFA, not the share capital on the letterhead', () => {
    const { facts } = read('fr/v10-attestation-au-service-de-fcfa', 'attestation-travail.pdf.txt');
    expect(money(facts)).toEqual(['income 40000 XOF/month', 'salary 875000 XOF/month']);
  });

  it('reads "KSh 1.2M" and a bank statement\'s debit and credit columns, not the running balance', () => {
    const letter = read('en/v10-statement-ksh-columns', 'letter.txt');
    expect(money(letter.facts)).toEqual(['balance 1200000 KES']);
    const statement = read('en/v10-statement-ksh-columns', 'statement.pdf.txt');
    expect(money(statement.facts)).toEqual(['balance 1152960 KES', 'balance 842310 KES', 'deposit 150000 KES', 'deposit 96500 KES', 'deposit 96500 KES', 'payment 32000 KES', 'payment 350 KES']);
    expect(parties(statement.facts).some((p) => p.startsWith('employer:'))).toBe(false);
    expectQuotesVerbatim(statement.facts, statement.text);
  });

  it('reads a French statement by its bar-separated columns even once a PDF has closed up their spaces, in the currency its titles give ("Débit (€)"), and not its totals', () => {
    const { facts, text } = read('fr/v10-releve-compte-colonnes-euros', 'releve-compte.pdf.txt');
    const expected = ['balance 11046.67 EUR', 'balance 7845.12 EUR', 'deposit 1500 EUR', 'deposit 2612.4 EUR', 'payment 126.35 EUR', 'payment 4.5 EUR', 'payment 780 EUR'];
    expect(money(facts)).toEqual(expected);
    const closedUp = readText('releve-compte.pdf', text.replace(/[ \t]+/g, ' '));
    expect(money(closedUp)).toEqual(expected);
    expectQuotesVerbatim(facts, text);
  });

  it('reads a pay statement\'s rates as hourly wages, its earnings, gross and net pay as income and its deductions as other, in aligned columns and as a PDF\'s single-spaced lines; hours, employee ID and check number are no money', () => {
    const { facts, text } = read('en/v10-pay-statement-hourly-usd', 'earnings-statement.pdf.txt');
    const expected = ['income 1983.8 USD', 'income 2192 USD', 'income 2438.6 USD', 'income 246.6 USD', 'other 151.19 USD', 'other 268.25 USD', 'other 35.36 USD', 'other 454.8 USD', 'salary 27.4 USD/hour', 'salary 41.1 USD/hour'];
    expect(money(facts)).toEqual(expected);
    expect(money(readText('earnings-statement.pdf', text.replace(/[ \t]+/g, ' ')))).toEqual(expected);
    expectQuotesVerbatim(facts, text);
  });

  it('reads a Canadian pay stub\'s payroll deductions (CPP, EI premiums, union dues) as other, not as payments', () => {
    const facts = readText('paystub.txt', 'PAY STUB\nEmployer: Northern Lights Dental Corp.\nEmployee: Jana Horak\n\nGross pay: $3,250.00\nCPP contributions: $178.40\nEI premiums: $53.30\nFederal tax: $402.10\nUnion dues: $25.00\nNet pay: $2,591.20\n');
    expect(money(facts)).toEqual(['income 2591.2 CAD', 'income 3250 CAD', 'other 178.4 CAD', 'other 25 CAD', 'other 402.1 CAD', 'other 53.3 CAD']);
  });

  it('reads a contract\'s pay table (monthly salary, monthly allowance, year-end bonus) in euros', () => {
    const { facts } = read('fr/v10-contrat-travail-tableau-remuneration', 'contrat-travail.docx.txt');
    expect(money(facts)).toEqual(['income 2400 EUR', 'income 75 EUR/month', 'salary 3150 EUR/month']);
    expect(parties(facts)).toEqual(expect.arrayContaining(['employer:ateliers mecaniques verhaegen sa', 'applicant:noura el idrissi']));
    expect(parties(facts)).not.toContain('applicant:joris verhaegen');
  });

  it('reads amounts written in words then in figures, in French and English', () => {
    expect(money(read('fr/v10-lettre-avocate-objet-montants-en-lettres', 'lettre-soumission.txt').facts)).toEqual(['balance 24350.75 CAD', 'gift 20000 CAD', 'tuition 15800 CAD']);
    expect(money(read('en/v10-affidavit-support-amounts-in-words', 'affidavit.pdf.txt').facts)).toEqual(['balance 2500000 INR', 'income 960000 INR/year', 'tuition 16450 CAD']);
    expect(money(read('en/v10-invitation-email-host-wage', 'invitation-email.txt').facts)).toEqual(['payment 2500 CAD', 'salary 38.75 CAD/hour']);
  });

  it('reads « 2 000 € par mois » as a monthly salary and « 12 500,00 € » of savings', () => {
    const { facts } = read('fr/v10-lettre-demandeuse-euros-par-mois', 'lettre-explicative.txt');
    expect(money(facts)).toEqual(['balance 12500 EUR', 'gift 780 EUR', 'salary 2000 EUR/month']);
  });

  it('reads no money from a guide\'s examples or a fee schedule, but the same figure stated as a fact is read', () => {
    expect(readText('guide.txt', 'For example, a statement showing a balance of $5,000 is not enough on its own.\nProcessing fee: $100 per person.\n').money).toEqual([]);
    expect(money(readText('letter.txt', 'My savings account shows a balance of $5,000.\n'))).toEqual(['balance 5000 CAD']);
  });
});
