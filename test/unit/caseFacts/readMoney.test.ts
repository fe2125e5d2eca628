import { readMoney } from '../../../lambdas/agents/intake/reading/readMoney';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { DocumentType, ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const read = (text: string, type: DocumentType = 'other', language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readMoney(readingDocument(doc, type, language)).map((m) => `${m.kind} ${m.amount} ${m.currency}${m.per ? `/${m.per}` : ''}`);
};

describe('readMoney: what an amount is, from the words that label it', () => {
  it.each([
    ['Closing balance as of 30 April 2024: USD 12,480.55', 'balance 12480.55 USD'],
    ['Il déclare un solde de 14 500 000 FCFA au 30 avril.', 'balance 14500000 XOF'],
    ['Fixed deposits, State Bank of India: Rs. 18,40,000/-', 'balance 1840000 INR'],
    ['- un dépôt à terme de Rs. 12 lakhs, échéance 2025.', 'balance 1200000 INR'],
    ['GIC amount: CAD 20,635.00', 'balance 20635 CAD'],
    ['Funds available for my stay (CAD): 6,000', 'balance 6000 CAD'],
    ['Tuition deposit received on 2023-03-28: CAD 8,990.00', 'payment 8990 CAD'],
    ['Dépôt de confirmation de 2 000 $ CA reçu le 28 février 2024.', 'payment 2000 CAD'],
    ['Balance owing for Winter 2025: CAD 16,710', 'other 16710 CAD'],
    ['Solde : remboursement de 862,45 $ CA', 'other 862.45 CAD'],
    ['The cash bail of KSh 30,000 deposited on 18 March 2016 was refunded.', 'other 30000 KES'],
    ['Frais de subsistance : 12 000 $ CA', 'other 12000 CAD'],
    ['Gross pay: MXN 6,528.00', 'income 6528 MXN'],
    ['Salaire net : 716,63 $ CA', 'income 716.63 CAD'],
    ['Son salaire mensuel net est de 465 000 FCFA.', 'salary 465000 XOF/month'],
    ['Indemnité de logement : KSh 45 000', 'income 45000 KES'],
    ['plus a relocation allowance of CAD 10,000 paid once', 'payment 10000 CAD'],
    ['et une prime d’installation unique de 12 000 $ CA', 'payment 12000 CAD'],
    ['premium paid: CAD 4,870', 'payment 4870 CAD'],
    ['Cérémonie de la dot, dot de 500 000 FCFA', 'gift 500000 XOF'],
    ['Un prêt études de Rs. 15,00,000/- a été sanctionné.', 'loan 1500000 INR'],
    ['Bank letter CLP 1,150,000 balance only.', 'balance 1150000 CLP'],
    ['Total tuition paid to date: USD 12,000', 'tuition 12000 USD'],
    ['Scholarship of CAD 5,000 awarded for the first year', 'income 5000 CAD'],
    ['He sends his mother PHP 15,000 every month.', 'payment 15000 PHP'],
    ['Time deposit: RMB 300,000.00, maturing 2025-03-01', 'balance 300000 CNY'],
  ])('%s → %s', (text, expected) => {
    expect(read(text)).toEqual([expected]);
  });

  it('reads an amount paid per hour, week, month or year with no other label as pay', () => {
    expect(read('She worked as a personal support worker from 2021 to 2022 at $19.75 per hour in Halifax, Nova Scotia.')).toEqual(['salary 19.75 CAD/hour']);
    expect(read('Offre : soudeur, Saint-Georges (Québec), 27,50 $ l’heure.', 'other', 'fr')).toEqual(['salary 27.5 CAD/hour']);
  });

  it('leaves out an amount nothing labels rather than guess', () => {
    expect(read('Reference 2024: the amount of CAD 500 is mentioned.')).toEqual([]);
  });

  it('takes an annual salary written across a line break as yearly', () => {
    expect(read('Au Canada, elle aura un salaire annuel de\n145 000 $ CA.', 'employment-letter', 'fr')).toEqual(['salary 145000 CAD/year']);
    expect(read('at an annual salary of CAD\n132,000, paid bi-weekly.')).toEqual(['salary 132000 CAD/year']);
  });

  it('reads the franc CFA of a Central African document as XAF and of a West African one as XOF', () => {
    expect(read('Douala (Cameroun) - Salaire de base mensuel : 485 000 FCFA', 'pay-stubs', 'fr')).toEqual(['salary 485000 XAF/month']);
    expect(read('Thiès (Sénégal) - Salaire de base mensuel : 485 000 FCFA', 'pay-stubs', 'fr')).toEqual(['salary 485000 XOF/month']);
  });
});

describe('readMoney: bank statements', () => {
  it('reads credits as deposits and debits as payments by column, and skips the running balance', () => {
    const statement = [
      'Currency: GHS',
      '',
      'Date          Description                          Withdrawals      Deposits        Balance',
      '01/03/2024    Balance brought forward                                               84,215.60',
      '12/03/2024    Transfer from Owusu Cocoa Farms                        18,000.00     102,215.60',
      '28/03/2024    ATM withdrawal Adum                  2,500.00                         99,715.60',
    ].join('\n');
    expect(read(statement, 'bank-statement')).toEqual(['balance 84215.6 GHS', 'deposit 18000 GHS', 'payment 2500 GHS']);
  });

  it('reads Cr/Dr marks, signs, and a salary credit as a deposit with its source', () => {
    const statement = 'Currency: KES\n\n05-Apr-2024   SALARY - SAFARICOM PLC           Cr        138,500.00\n22-May-2024   SCHOOL FEES - ST. AUSTIN\'S       Dr         95,000.00';
    const doc: ExtractedDocument = { docId: 'd1', name: 's.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text: statement }], pageCount: 1 };
    const money = readMoney(readingDocument(doc, 'bank-statement', 'en'));
    expect(money.map((m) => [m.kind, m.amount, m.from])).toEqual([
      ['deposit', 138500, 'SALARY - SAFARICOM PLC'],
      ['payment', 95000, "SCHOOL FEES - ST. AUSTIN'S"],
    ]);
    expect(money[0].date).toEqual({ iso: '2024-04-05', precision: 'day' });
    expect(read('Devise : XAF\n28/04/2024  Virement reçu - loyer immeuble   + 750 000\n05/05/2024  Retrait guichet   - 120 000', 'bank-statement', 'fr')).toEqual(['deposit 750000 XAF', 'payment 120000 XAF']);
  });

  it('reads statement lines whose columns a PDF collapsed to single spaces by what the line says', () => {
    const statement = 'Devise : MAD\nSolde initial au 01/03/2024 : 102 540,50\nDate Libellé Débit Crédit Solde\n05/03/2024 VIREMENT RECU SALAIRE OCP SA 9 800,00 112 340,50\n18/03/2024 PAIEMENT CARTE MARJANE 1 250,00 111 090,50\nSolde final au 31/03/2024 : 115 090,50';
    expect(read(statement, 'bank-statement', 'fr')).toEqual(['balance 102540.5 MAD', 'deposit 9800 MAD', 'payment 1250 MAD', 'balance 115090.5 MAD']);
  });

  it('takes no currency from a label that names none', () => {
    expect(read('Currency: not stated\nClosing balance: 1,250.00', 'bank-statement')).toEqual(['balance 1250 CAD']);
  });

  it('never reads a date or an account number as an amount', () => {
    expect(read('Currency: EUR\nStatement 04/2024  IBAN DE44 8605 5592 1100 4471 23\nPeriod 01.04.2024 - 30.04.2024', 'bank-statement')).toEqual([]);
  });
});
