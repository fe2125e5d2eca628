/**
 * Money on the v19 variation set (test/corpus/reading/{en,fr}/v19-*): statement lines whose figures
 * carry their currency (in by a receipt or a transfer in, out by a card payment or a withdrawal,
 * whatever the line was for), pay slips whose blocks are titled "EARNINGS" and "DEDUCTIONS", a
 * monthly salary above a line with an annual one, lakh notation, a decimal comma, and what a tax
 * notice's lines are.
 */
import { readCorpusItem } from './corpusItem';
import { readMoney } from '../../../lambdas/core/text/money';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts, Money } from '../../../lambdas/contracts/caseFacts';

const money = (facts: CaseFacts) => facts.money.map((m: Money) => ({ kind: m.kind, amount: m.amount, currency: m.currency, ...(m.per ? { per: m.per } : {}) }));

describe('statement lines that write their currency', () => {
  it('reads a salary paid in and a transfer from savings as deposits, rent and a card payment as payments, and the opening and closing balances', () => {
    const read = money(readCorpusItem('en/v19-german-account-statement-decimal-comma', 'statement-translation.pdf.txt').facts);
    expect(read).toEqual(
      expect.arrayContaining([
        { kind: 'balance', amount: 14210.35, currency: 'EUR' },
        { kind: 'deposit', amount: 3980, currency: 'EUR' },
        { kind: 'payment', amount: 1150, currency: 'EUR' },
        { kind: 'deposit', amount: 2500, currency: 'EUR' },
        { kind: 'payment', amount: 1089.6, currency: 'EUR' },
        { kind: 'balance', amount: 18450.75, currency: 'EUR' },
      ]),
    );
    // The street number before the currency code is no amount.
    expect(read.some((m) => m.amount === 12)).toBe(false);
  });

  it('reads « Virement reçu - loyer » as money in: the receipt says the direction, the rent what it was for', () => {
    const read = money(readCorpusItem('fr/v19-releve-maroc-dirhams', 'releve-aout-2025.pdf.txt').facts);
    expect(read).toEqual(expect.arrayContaining([{ kind: 'deposit', amount: 4500, currency: 'MAD' }, { kind: 'deposit', amount: 18600, currency: 'MAD' }, { kind: 'payment', amount: 4020, currency: 'MAD' }]));
    expect(read.some((m) => m.kind === 'salary')).toBe(false);
  });
});

describe('pay slips and tax notices', () => {
  it('reads a deduction with no telling word by the block it stands in ("DEDUCTIONS"), and overtime pay by "EARNINGS"', () => {
    // As a PDF's text layer gives it: the columns closed up to single spaces, one block of lines.
    const { text } = readCorpusItem('en/v19-philippine-payslip-peso-sign', 'payslip-aug-2025.pdf.txt');
    const squeezed = text.replace(/[ \t]{2,}/g, ' ').replace(/\n\n+/g, '\n');
    const read = money(readCaseFacts([{ docId: 'd1', name: 'payslip.pdf', format: 'pdf', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text: squeezed }], pageCount: 1 }]));
    expect(read).toEqual(expect.arrayContaining([{ kind: 'other', amount: 812.5, currency: 'PHP' }, { kind: 'other', amount: 200, currency: 'PHP' }, { kind: 'income', amount: 4250, currency: 'PHP' }]));
  });

  it('reads « Net à payer avant impôt » as income and the tax withheld at source as a deduction', () => {
    const read = money(readCorpusItem('fr/v19-bulletin-paie-france', 'bulletin-septembre.pdf.txt').facts);
    expect(read).toEqual(expect.arrayContaining([{ kind: 'income', amount: 2334.1, currency: 'EUR' }, { kind: 'other', amount: 119.73, currency: 'EUR' }, { kind: 'income', amount: 2214.37, currency: 'EUR' }, { kind: 'other', amount: 658.4, currency: 'EUR' }]));
  });

  it('keeps a notice of assessment’s balance and tax payable out of the funds, and its line numbers out of the money', () => {
    const read = money(readCorpusItem('en/v19-notice-of-assessment-lines', 'noa-2024.pdf.txt').facts);
    expect(read.some((m) => m.kind === 'balance')).toBe(false);
    expect(read).toEqual(expect.arrayContaining([{ kind: 'other', amount: 524.56, currency: 'CAD' }, { kind: 'other', amount: 13987.44, currency: 'CAD' }, { kind: 'income', amount: 71845, currency: 'CAD', per: 'year' }]));
    expect(read.some((m) => m.amount === 15000 || m.amount === 23600)).toBe(false);
  });
});

describe('amounts and their period', () => {
  it('reads a monthly salary as monthly when the next line states an annual one', () => {
    const read = money(readCorpusItem('en/v19-salary-certificate-ctc-lakh', 'salary-certificate.pdf.txt').facts);
    expect(read).toEqual(expect.arrayContaining([{ kind: 'salary', amount: 145000, currency: 'INR', per: 'month' }, { kind: 'salary', amount: 1740000, currency: 'INR', per: 'year' }]));
  });

  it('reads "$524.56 CR" as a credit of 524.56, not 524.56 crore; crore stays crore with rupees', () => {
    expect(readMoney('Balance $524.56 CR', { defaultCurrency: 'CAD' })[0].amount).toBe(524.56);
    expect(readMoney('Fixed deposits of Rs. 1.2 Cr with the bank')[0].amount).toBe(12_000_000);
  });

  it('reads a figure a wrapped line cut between its groups, and a period wrapped onto the next line', () => {
    const text = "Au 31 mai 2025, le solde créditeur de ce compte d'épargne s'élevait à 8 750\n000 FCFA (huit millions sept cent cinquante mille francs CFA).\nMon salaire est de 29,50 $ de\nl'heure.";
    const read = money(readCaseFacts([{ docId: 'd1', name: 'a.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]));
    expect(read).toEqual(expect.arrayContaining([{ kind: 'balance', amount: 8750000, currency: 'XOF' }, { kind: 'salary', amount: 29.5, currency: 'CAD', per: 'hour' }]));
  });

  it('reads a guarantor’s monthly pledge as a gift, not a payment', () => {
    const read = money(readCorpusItem('fr/v19-engagement-garant-euros', 'prise-en-charge.docx.txt').facts);
    expect(read).toEqual(expect.arrayContaining([{ kind: 'gift', amount: 900, currency: 'EUR' }, { kind: 'gift', amount: 4000, currency: 'EUR' }]));
  });
});
