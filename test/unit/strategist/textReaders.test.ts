import { findLargeRecentDeposits, readTransactions } from '../../../lambdas/agents/strategist/text/bankTransactions';
import { monthsBetween, parseDate, readDates } from '../../../lambdas/core/text/dates';
import { quoteLine } from '../../../lambdas/agents/strategist/text/evidenceQuotes';
import { parseAmount, readMoney } from '../../../lambdas/core/text/money';
import { findAnswers } from '../../../lambdas/agents/strategist/text/questionAnswers';
import { findStatements } from '../../../lambdas/agents/strategist/text/statements';
import { dayDates } from '../../../lambdas/agents/strategist/text/documentDates';
import { typedFile } from './strategistFixtures';

const isoOf = (text: string) => readDates(text).map((d) => d.iso);

describe('strategist text readers: dates', () => {
  it.each([
    ['2021-03-14', '2021-03-14'],
    ['14/03/2021', '2021-03-14'],
    ['03/14/2021', '2021-03-14'],
    ['March 14, 2021', '2021-03-14'],
    ['14 March 2021', '2021-03-14'],
    ['14th of March, 2021', '2021-03-14'],
    ['14 mars 2021', '2021-03-14'],
    ['1er mars 2021', '2021-03-01'],
    ['le 3 août 2022', '2022-08-03'],
    ['19-DEC-25', '2025-12-19'],
    ['01-DEC-2025', '2025-12-01'],
  ])('reads %s as %s', (written, iso) => {
    expect(isoOf(`Date: ${written}.`)).toEqual([iso]);
  });

  it('reads month-precision dates (March 2021, 2014-05) and day/month numbers day first', () => {
    expect(readDates('since March 2021').map((d) => [d.iso, d.precision])).toEqual([['2021-03', 'month']]);
    expect(readDates('2014-05 to 2016-02').map((d) => d.iso)).toEqual(['2014-05', '2016-02']);
    expect(isoOf('03/04/2021')).toEqual(['2021-04-03']);
  });

  it('reads a date that wraps onto the next line, and ignores impossible ones and registry numbers', () => {
    expect(isoOf('worked for us from 5 March\n2018 to 30 June 2021')).toEqual(['2018-03-05', '2021-06-30']);
    expect(isoOf('2023-02-30 and 31/31/2020 and Registry No. 2024-0000-0217')).toEqual([]);
  });

  it('measures whole months between dates', () => {
    expect(monthsBetween(parseDate('2021-03-14')!, parseDate('2024-02-17')!)).toBe(35);
    expect(monthsBetween(parseDate('2024-01-05')!, parseDate('24/02/2024')!)).toBe(1);
  });
});

describe('strategist text readers: the dates of a document', () => {
  it('reads a page’s numeric dates in the order the whole document writes them', () => {
    const dayFirst = typedFile('visitor-visa', [{ name: 'letter.txt', type: 'other', text: 'Issued 25/12/2020\fValid from 03/04/2021' }]);
    const monthFirst = typedFile('visitor-visa', [{ name: 'letter.txt', type: 'other', text: 'Issued 12/25/2020\fValid from 03/04/2021' }]);
    expect(dayDates(dayFirst.documents[0]).map((d) => d.iso)).toEqual(['2020-12-25', '2021-04-03']);
    expect(dayDates(monthFirst.documents[0]).map((d) => d.iso)).toEqual(['2020-12-25', '2021-03-04']);
  });
});

describe('strategist text readers: money and statements', () => {
  it('parses amounts in English and French formats', () => {
    expect(parseAmount('385,000.00')).toBe(385000);
    expect(parseAmount('24 310,55')).toBe(24310.55);
    expect(parseAmount('1.250,00')).toBe(1250);
    expect(readMoney('Wage: CAD 29.00 per hour; 12 500 $ par mois').map((m) => m.amount)).toEqual([29, 12500]);
  });

  const statement = typedFile('study-permit', [
    {
      name: 'statement.txt',
      type: 'bank-statement',
      text: `DATE       DESCRIPTION                     DEBIT        CREDIT        BALANCE
01-OCT-25  BALANCE BROUGHT FORWARD                                       52,400.00
05-OCT-25  SALARY - ANDES LOGISTICA                      8,200.00        60,600.00
12-OCT-25  RENT PAYMENT                    6,000.00                      54,600.00
05-NOV-25  SALARY - ANDES LOGISTICA                      8,200.00        62,800.00
20-NOV-25  DEPOT EN ESPECES GUICHET                    240,000.00       302,800.00
25-NOV-25  TRANSFER TO SAVINGS            10,000.00                     292,800.00`,
    },
  ]);

  it('tells credits from debits by the running balance', () => {
    const t = readTransactions(statement);
    expect(t.map((x) => [x.date.iso, x.kind, x.amount])).toEqual([
      ['2025-10-01', undefined, 0],
      ['2025-10-05', 'credit', 8200],
      ['2025-10-12', 'debit', 6000],
      ['2025-11-05', 'credit', 8200],
      ['2025-11-20', 'credit', 240000],
      ['2025-11-25', 'debit', 10000],
    ]);
  });

  it('flags a recent deposit that is large against the balance history and the usual credits, never the salary', () => {
    const large = findLargeRecentDeposits(readTransactions(statement));
    expect(large.map((l) => [l.transaction.date.iso, l.transaction.amount])).toEqual([['2025-11-20', 240000]]);
  });
});

describe('strategist text readers: quotes, statements and answers', () => {
  const file = typedFile('refusal-response', [
    {
      name: 'draft.txt',
      type: 'submission-letter',
      text: `We rely on the officer's own notes.
In Ndirangu-Beaulieu v. Canada (Citizenship and Immigration), 2022 FC 1734, the Court said so.
We have never lived together. Have you lived together? No
Nous vivons ensemble depuis le 1er mars 2021.`,
    },
  ]);
  const ref = { doc: file.documents[0], page: file.documents[0].extracted.pages[0] };

  it('quotes a line verbatim, but never a line that carries a case citation', () => {
    const text = ref.page.text;
    expect(quoteLine(ref, 0)).toEqual({ docId: 'draft.txt', page: 1, quote: "We rely on the officer's own notes." });
    expect(quoteLine(ref, text.indexOf('Ndirangu'))).toBeUndefined();
  });

  it('knows a negated statement and a question from an affirmation, in English and French', () => {
    const together = findStatements([ref], /\blived together\b|\bvivons ensemble\b/i);
    expect(together.map((s) => [s.matched, s.negated, s.question])).toEqual([
      ['lived together', true, false],
      ['lived together', false, true],
      ['vivons ensemble', false, false],
    ]);
  });

  it('reads a Yes/No answer with its question', () => {
    expect(findAnswers(ref).map((a) => [a.question, a.answer])).toEqual([['Have you lived together?', 'no']]);
  });
});
