/**
 * Money and parties on the v40 variation set (test/corpus/reading/{en,fr}/v40-*): the dinar written
 * in millimes, statement blocks whose balances carry their currency above dated lines of bare
 * figures, undated opening and closing balance lines, requirements and estimates that are nobody's
 * money, a payslip that pays one month by its period's dates, hours beside a salary line, a French
 * payslip's currency, a tax notice's lines, a currency abbreviation wrapped before its figure, and
 * the holder of a statement.
 */
import { readCorpusItem } from './corpusItem';
import { parseAmount, readMoney, thousandthsMark } from '../../../lambdas/core/text/money';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts, Money } from '../../../lambdas/contracts/caseFacts';

const money = (facts: CaseFacts) => facts.money.map((m: Money) => ({ kind: m.kind, amount: m.amount, currency: m.currency, ...(m.per ? { per: m.per } : {}) }));
const read = (text: string, name = 'a.pdf') => readCaseFacts([{ docId: 'd1', name, format: 'pdf', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]);

describe('figures in millimes', () => {
  it('takes the mark before a three-digit tail as decimal once a figure shows it, in a currency with thousandths only', () => {
    expect(thousandthsMark('Solde 12 480,350 TND', 'TND')).toBe(',');
    expect(thousandthsMark('balance of JOD 18,450.750', 'JOD')).toBe('.');
    // Not in a currency with cents, and not from a figure that does not show it.
    expect(thousandthsMark('Solde 12 480,350 EUR', 'EUR')).toBeUndefined();
    expect(thousandthsMark('principal JOD 25,000', 'JOD')).toBeUndefined();
    expect(parseAmount('780,000', ',')).toBe(780);
    expect(parseAmount('780,000')).toBe(780000);
    expect(readMoney('un solde de 9 874,125 TND', { thousandths: ',' })[0].amount).toBe(9874.125);
  });

  it('reads a Tunisian statement in millimes, its bare ledger lines under a balance written with its currency', () => {
    const facts = money(readCorpusItem('fr/v24-releve-bancaire-colonnes-serrees', 'releve-juillet.pdf.txt').facts);
    expect(facts).toEqual(
      expect.arrayContaining([
        { kind: 'balance', amount: 12480.35, currency: 'TND' },
        { kind: 'deposit', amount: 3150, currency: 'TND' },
        { kind: 'payment', amount: 950, currency: 'TND' },
        { kind: 'payment', amount: 400, currency: 'TND' },
        { kind: 'balance', amount: 14280.35, currency: 'TND' },
      ]),
    );
    expect(facts.some((m) => m.amount === 480350 || m.amount === 3150000)).toBe(false);
  });

  it('reads a Jordanian balance certificate: dinars with three decimals, and a term deposit', () => {
    const facts = money(readCorpusItem('en/v40-jordan-bank-letter-three-decimals', 'balance-certificate.pdf.txt').facts);
    expect(facts).toEqual(expect.arrayContaining([{ kind: 'balance', amount: 18450.75, currency: 'JOD' }, { kind: 'balance', amount: 25000, currency: 'JOD' }]));
  });
});

describe('statements', () => {
  it('reads the undated opening and closing balance lines of a statement block, and its holder, not a transfer’s sender', () => {
    const { facts } = readCorpusItem('en/v40-uganda-statement-squeezed-columns', 'statement-stanbic.pdf.txt');
    expect(money(facts)).toEqual(
      expect.arrayContaining([
        { kind: 'balance', amount: 14250000, currency: 'UGX' },
        { kind: 'deposit', amount: 2000000, currency: 'UGX' },
        { kind: 'payment', amount: 185400, currency: 'UGX' },
        { kind: 'balance', amount: 18344600, currency: 'UGX' },
      ]),
    );
    // The running balance is no fact.
    expect(money(facts).some((m) => m.amount === 17730000)).toBe(false);
    expect(facts.parties.filter((p) => p.role === 'applicant').map((p) => p.name)).toEqual(['Grace Achieng NAMUTEBI']);
  });

  it('reads "Customer:" as the holder; a line’s "TRANSFER RECEIVED <name>" names no party', () => {
    const { facts } = readCorpusItem('en/v40-mexican-statement-summary-box', 'estado-de-cuenta.pdf.txt');
    expect(facts.parties.map((p) => [p.role, p.name])).toEqual([['applicant', 'JOSE LUIS HERNANDEZ RUIZ']]);
  });

  it('reads a Senegalese statement: « Solde au … » balances and « Virement reçu de … » as money in', () => {
    const facts = money(readCorpusItem('fr/v40-releve-senegal-solde-au-virement-recu', 'releve-cbao.pdf.txt').facts);
    expect(facts).toEqual(
      expect.arrayContaining([
        { kind: 'balance', amount: 4215300, currency: 'XOF' },
        { kind: 'deposit', amount: 1380000, currency: 'XOF' },
        { kind: 'payment', amount: 250000, currency: 'XOF' },
        { kind: 'balance', amount: 5896550, currency: 'XOF' },
      ]),
    );
  });
});

describe('requirements and estimates are nobody’s money', () => {
  it('leaves out the minimum a rule asks for, and keeps the GIC of the same amount in the next sentence', () => {
    const facts = money(readCorpusItem('en/v40-counsel-letter-funds-minimum-lookalike', 'submission-letter.pdf.txt').facts);
    expect(facts.filter((m) => m.amount === 22895)).toEqual([{ kind: 'balance', amount: 22895, currency: 'CAD' }]);
    expect(money(read('Le montant exigé pour une personne seule, hors droits de scolarité, est de 22 895 $.'))).toEqual([]);
  });

  it('leaves out a school’s estimate of living costs; its tuition and deposit paid are read', () => {
    const facts = money(readCorpusItem('fr/v40-lettre-admission-cegep-droits', 'lettre-admission.pdf.txt').facts);
    expect(facts).toEqual([
      { kind: 'tuition', amount: 16480, currency: 'CAD', per: 'year' },
      { kind: 'payment', amount: 1000, currency: 'CAD' },
    ]);
    expect(money(read('Estimated living expenses for one year are at least $20,635.'))).toEqual([]);
    // Living expenses someone pays are still money.
    expect(money(read('Frais de subsistance : 12 000 $ CA'))).toHaveLength(1);
  });
});

describe('pay slips and tax documents', () => {
  it('reads a salary line as monthly when the slip’s period runs from a month’s first day to its last', () => {
    const facts = money(readCorpusItem('fr/v40-bulletin-paie-france-date-entree', 'bulletin-octobre.pdf.txt').facts);
    expect(facts).toEqual(expect.arrayContaining([{ kind: 'salary', amount: 1905.5, currency: 'EUR', per: 'month' }, { kind: 'income', amount: 1531.27, currency: 'EUR' }]));
  });

  it('gives no period to a salary line of a slip that pays two weeks', () => {
    const slip = 'BULLETIN DE PAIE\nPériode : du 01/10/2025 au 15/10/2025\nSalarié : Jean Roy\nSalaire de base 950,00 €\nNet à payer 760,00 €';
    const facts = money(read(slip, 'bulletin.pdf'));
    expect(facts.find((m) => m.kind === 'salary')).toEqual({ kind: 'salary', amount: 950, currency: 'EUR' });
  });

  it('reads the hours beside a salary line as no money, and a SIRET payslip’s bare figures in euros', () => {
    const facts = money(readCorpusItem('fr/v13-bulletin-paie-date-entree', 'bulletin-juin-2024.pdf.txt').facts);
    expect(facts).toEqual(expect.arrayContaining([{ kind: 'salary', amount: 2050, currency: 'EUR', per: 'month' }, { kind: 'income', amount: 1548.11, currency: 'EUR' }]));
    expect(facts.some((m) => m.amount === 151.67)).toBe(false);
  });

  it('reads « ligne 15000 de l’avis de cotisation » as income and « Impôt sur le revenu net » as tax, not income', () => {
    expect(money(readCorpusItem('fr/v40-evaluation-financiere-repondant', 'evaluation-financiere.pdf.txt').facts).map((m) => [m.kind, m.amount])).toEqual([
      ['income', 88415],
      ['income', 84060],
    ]);
    const notice = money(readCorpusItem('fr/v40-avis-impot-revenu-fiscal', 'avis-impot-2025.pdf.txt').facts);
    expect(notice.find((m) => m.amount === 1746)?.kind).toBe('other');
  });
});

describe('a currency abbreviation at a line’s end', () => {
  it('reads "Rs." wrapped before its figure as the figure’s currency (a PDF’s wrapped line)', () => {
    const facts = money(read('The Donor hereby gifts to the Donee a sum of Rs.\n18,50,000/- (Rupees Eighteen Lakh Fifty Thousand only) for his studies.'));
    expect(facts).toEqual([{ kind: 'gift', amount: 1850000, currency: 'INR' }]);
  });
});

describe('labels and layouts of money on forms, slips and letters', () => {
  it('reads a salary line whose label carries a note in brackets, the note’s hours being no money', () => {
    const facts = money(read('BULLETIN DE PAIE\nPériode : du 01/06/2024 au 30/06/2024\nSIRET : 812 345 678 00019\nSalaire de base (151,67 h) 2 050,00\nNet payé 1 548,11', 'bulletin.pdf'));
    expect(facts).toEqual(expect.arrayContaining([{ kind: 'salary', amount: 2050, currency: 'EUR', per: 'month' }]));
    expect(facts.some((m) => m.amount === 151.67)).toBe(false);
  });

  it('reads pay lines joined to their labels by leaders of dots', () => {
    const facts = money(readCorpusItem('fr/v30-bulletin-paie-emploi-sans-date-entree', 'bulletin-paie.txt').facts);
    expect(facts).toEqual([
      { kind: 'salary', amount: 185000, currency: 'XOF', per: 'month' },
      { kind: 'income', amount: 30000, currency: 'XOF' },
      { kind: 'income', amount: 198500, currency: 'XOF' },
    ]);
  });

  it('reads a form’s money field written as a whole figure alone, up to the next field, and a "($)" label', () => {
    const facts = money(read('Cost of studies Tuition: 21400 Room and board: 9600 Other: 1500\nFunds available for my stay ($): 47000'));
    expect(facts).toEqual([
      { kind: 'tuition', amount: 21400, currency: 'CAD' },
      { kind: 'balance', amount: 47000, currency: 'CAD' },
    ]);
    // A year in a money field is no amount.
    expect(money(read('Tuition paid: 2024'))).toEqual([]);
  });

  it('reads a deposit a school acknowledges as a payment, and tuition per year', () => {
    const facts = money(read("Les droits de scolarité s'élèvent à 21 480 $ CA par année. Nous accusons réception de votre dépôt de 500 $ CA, qui sera porté à votre compte."));
    expect(facts).toEqual([
      { kind: 'tuition', amount: 21480, currency: 'CAD', per: 'year' },
      { kind: 'payment', amount: 500, currency: 'CAD' },
    ]);
  });

  it('reads money "in my account" as a balance, a "lump sum dep" as a deposit, and line 15000 of "my notice" as income', () => {
    expect(money(read('I have CAD 21,300 in my account to cover the extra term.'))).toEqual([{ kind: 'balance', amount: 21300, currency: 'CAD' }]);
    expect(money(read('BOF: bank cert bal PHP 182,400; lump sum dep PHP 150,000 on 2025-04-28, src unexpl.'))).toEqual([
      { kind: 'balance', amount: 182400, currency: 'PHP' },
      { kind: 'deposit', amount: 150000, currency: 'PHP' },
    ]);
    expect(money(read("Mon revenu total de 2024 (ligne 15000 de mon avis de cotisation) s'élève à 72 480 $.")).map((m) => m.kind)).toEqual(['income']);
  });
});

describe('who writes: employers and counsel named in French letters and e-mail headers', () => {
  const parties = (facts: CaseFacts) => facts.parties.map((p) => [p.role, p.name]);

  it('reads the company that names itself « Nous soussignés, <name>, certifions … » as the employer, not someone else', () => {
    const read = parties(readCorpusItem('fr/v20-certificat-au-service-du-au', 'certificat-travail.pdf.txt').facts);
    expect(read).toEqual(expect.arrayContaining([['employer', 'Cosider Travaux Publics']]));
    expect(read).not.toContainEqual(['other', 'Cosider Travaux Publics']);
  });

  it('leaves a bank that attests a balance « Nous soussignés, <bank>, attestons … » out of the employers', () => {
    const read = parties(readCorpusItem('fr/v40-attestation-solde-maroc-dh', 'attestation-solde.pdf.txt').facts);
    expect(read.some(([role]) => role === 'employer')).toBe(false);
  });

  it('reads a firm of counsel in an e-mail header as counsel; a doctor’s « cabinet » is none', () => {
    expect(parties(readCorpusItem('fr/v20-courriel-a-travaille-chez-cousin', 'courriel.txt').facts)).toContainEqual(['counsel', 'Cabinet Tremblay Immigration']);
    expect(parties(readCorpusItem('en/v20-email-brother-welder-own-bakery', 'email.txt').facts)).toContainEqual(['counsel', 'Harbourview Immigration Law']);
    const mail = 'De : Awa Diallo <awa@exemple.sn>\nÀ : Cabinet Médical Roy <accueil@roy.exemple.ca>\nObjet : Rendez-vous\n\nBonjour, je confirme mon rendez-vous.';
    const facts = readCaseFacts([{ docId: 'd1', name: 'courriel.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text: mail }], pageCount: 1 }]);
    expect(parties(facts).some(([role]) => role === 'counsel')).toBe(false);
  });
});
