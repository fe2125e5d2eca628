/**
 * A payslip's lines: its basic salary is the rate for the period the slip pays, gross and net pay are
 * income earned, an allowance is income, and none of them is a bank statement's money in or out. A
 * pension is income, whoever pays it; a pension contribution is a deduction.
 */
import { readMoney } from '../../../lambdas/agents/intake/reading/readMoney';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { DocumentType, ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const money = (text: string, type: DocumentType, language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readMoney(readingDocument(doc, type, language)).map((m) => [m.kind, m.amount, m.currency, m.per ?? '-'].join(' '));
};

const SLIP = `NORTHGATE BREWING LTD — Kampala
PAY SLIP FOR THE MONTH OF MARCH 2025

Employee Name : Okello Brian        Employee No : NB-118
Designation   : Quality Technician

Basic Salary            UGX 2,400,000
Transport Allowance     UGX   300,000
Gross Salary            UGX 2,700,000
Net Salary Payable      UGX 2,215,000
`;

describe("a monthly payslip's lines", () => {
  it('reads the basic salary as a monthly rate, the allowance and gross and net pay as income, and no deposit', () => {
    expect(money(SLIP, 'pay-stubs')).toEqual(['salary 2400000 UGX month', 'income 300000 UGX -', 'income 2700000 UGX -', 'income 2215000 UGX -']);
  });

  it('gives no month to a salary line of a slip that does not say it pays one month', () => {
    expect(money(SLIP.replace('PAY SLIP FOR THE MONTH OF MARCH 2025', 'PAY SLIP'), 'pay-stubs')[0]).toBe('salary 2400000 UGX -');
  });

  it("still reads a bank statement's salary line as money in", () => {
    const statement = 'Account currency: UGX\nDate        Description              Credit        Balance\n2025-03-28  Salary Northgate Brewing  2,215,000     5,100,000\n';
    expect(money(statement, 'bank-statement')).toContain('deposit 2215000 UGX -');
  });
});

describe('pensions', () => {
  it('reads a monthly pension as income, in English and French', () => {
    expect(money('I am retired and I receive a monthly pension of GHS 4,800.', 'submission-letter')[0]).toMatch(/^income 4800 GHS/);
    expect(money('Je perçois une pension de retraite de 310 000 F CFA par mois.', 'submission-letter', 'fr')[0]).toMatch(/^income 310000 XOF/);
  });

  it('keeps a pension contribution a deduction, not income', () => {
    expect(money(SLIP.replace('Transport Allowance     UGX   300,000', 'Pension contribution    UGX   120,000'), 'pay-stubs')).toContain('other 120000 UGX -');
  });
});
