/**
 * Reads transaction lines from bank statements ("19-DEC-25  CASH DEPOSIT   385,000.00   414,321.33")
 * and tells credits from debits by the running balance, falling back on the description.
 */
import type { CaseFile, PageRef } from './caseFile';
import { dateAt, type FoundDate } from '../../../core/text/dates';
import { parseAmount, TABLE_FIGURE } from '../../../core/text/money';

export interface Transaction {
  ref: PageRef;
  date: FoundDate;
  description: string;
  amount: number;
  /** Undefined when the line shows a balance only (brought forward, closing balance). */
  kind?: 'credit' | 'debit';
  balance?: number;
  /** Offsets of the line in the page text. */
  start: number;
  end: number;
}

const CREDIT_WORDS = /\b(?:deposit|credit|cr\b|salary|payroll|received|transfer in|incoming|interest|refund|dividend|d[ée]p[ôo]t|virement re[çc]u|salaire|int[ée]r[êe]ts?)\b/i;
const BALANCE_ONLY = /\b(?:balance|brought forward|carried forward|opening|closing|solde|report)\b/i;
const CENTS = 0.005;

function readLine(ref: PageRef, start: number, end: number): Omit<Transaction, 'kind'> | undefined {
  const line = ref.page.text.slice(start, end);
  const date = dateAt(line, 0);
  if (!date || date.precision !== 'day') return undefined;
  const rest = line.slice(date.end);
  const figures = [...rest.matchAll(TABLE_FIGURE)];
  if (figures.length === 0) return undefined;
  // The figures must close the line: a description follows the date, the amounts follow it.
  const last = figures[figures.length - 1];
  if (rest.slice((last.index ?? 0) + last[0].length).trim() !== '') return undefined;
  const firstFigure = figures.length >= 2 ? figures[figures.length - 2] : last;
  const description = rest.slice(0, firstFigure.index ?? 0).trim();
  if (!/\p{L}/u.test(description)) return undefined;
  const values = figures.map((f) => parseAmount(f[0]) ?? NaN);
  if (values.some(Number.isNaN)) return undefined;
  const shifted = { ...date, start: date.start + start, end: date.end + start };
  if (values.length === 1) {
    return BALANCE_ONLY.test(description)
      ? { ref, date: shifted, description, amount: 0, balance: values[0], start, end }
      : { ref, date: shifted, description, amount: Math.abs(values[0]), start, end };
  }
  return { ref, date: shifted, description, amount: Math.abs(values[values.length - 2]), balance: values[values.length - 1], start, end };
}

/** Transactions of the bank statements (and proof-of-funds records) in the file, in page order. */
export function readTransactions(file: CaseFile): Transaction[] {
  const transactions: Transaction[] = [];
  for (const doc of file.documents.filter((d) => d.type === 'bank-statement' || d.type === 'proof-of-funds')) {
    let previousBalance: number | undefined;
    for (const page of doc.extracted.pages) {
      const ref = { doc, page };
      let start = 0;
      for (const line of page.text.split('\n')) {
        const end = start + line.length;
        const read = readLine(ref, start, end);
        start = end + 1;
        if (!read) continue;
        let kind: Transaction['kind'];
        if (read.amount > 0) {
          if (previousBalance !== undefined && read.balance !== undefined) {
            if (Math.abs(previousBalance + read.amount - read.balance) < CENTS) kind = 'credit';
            else if (Math.abs(previousBalance - read.amount - read.balance) < CENTS) kind = 'debit';
          }
          kind ??= CREDIT_WORDS.test(read.description) ? 'credit' : 'debit';
        }
        if (read.balance !== undefined) previousBalance = read.balance;
        transactions.push({ ...read, ...(kind ? { kind } : {}) });
      }
    }
  }
  return transactions;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface LargeDeposit {
  transaction: Transaction;
  /** Typical balance before it (median of the balances shown before the deposit). */
  typicalBalance: number;
  /** Days between the deposit and the last transaction of the statements. */
  daysBeforeStatementEnd: number;
}

/** A credit this many times the typical balance before it is large. */
const BALANCE_MULTIPLE = 1.5;
/** … and this many times the typical other credit (so that a regular salary is never flagged). */
const CREDIT_MULTIPLE = 3;
/** A large deposit within this many days of the statements' end is recent. */
export const RECENT_DAYS = 120;

/**
 * Credits that are large relative to the balance history and to the account's usual credits, and
 * recent (near the end of the statements): the deposits an officer asks the source of.
 */
export function findLargeRecentDeposits(transactions: readonly Transaction[]): LargeDeposit[] {
  const dated = transactions.filter((t) => t.kind !== undefined || t.balance !== undefined);
  if (dated.length === 0) return [];
  const end = Math.max(...dated.map((t) => t.date.time));
  const credits = transactions.filter((t) => t.kind === 'credit');
  const large: LargeDeposit[] = [];
  transactions.forEach((t, i) => {
    if (t.kind !== 'credit') return;
    const balancesBefore = transactions.slice(0, i).flatMap((b) => (b.balance !== undefined ? [b.balance] : []));
    const typicalBalance = median(balancesBefore);
    const typicalCredit = median(credits.filter((c) => c !== t).map((c) => c.amount));
    const daysBeforeStatementEnd = Math.round((end - t.date.time) / 86_400_000);
    if (balancesBefore.length === 0) return;
    if (t.amount < BALANCE_MULTIPLE * Math.max(typicalBalance, 1)) return;
    if (typicalCredit > 0 && t.amount < CREDIT_MULTIPLE * typicalCredit) return;
    if (daysBeforeStatementEnd > RECENT_DAYS) return;
    large.push({ transaction: t, typicalBalance, daysBeforeStatementEnd });
  });
  return large;
}

/** Days covered by the statements (first to last dated line). */
export function statementCoverageDays(transactions: readonly Transaction[]): number {
  if (transactions.length === 0) return 0;
  const times = transactions.map((t) => t.date.time);
  return Math.round((Math.max(...times) - Math.min(...times)) / 86_400_000);
}

/** Words that name where money came from in a statement narration or a letter. */
export const SOURCE_OF_FUNDS = /\b(?:salary|payroll|wages?|pension|dividends?|div\b|sacco|savings\s+w(?:ith)?d(?:rawa)?l|wdl\b|loan|maturity|matured|fixed deposit|sale of|sold|proceeds|inheritance|insurance|refund|bonus|gift deed|rental income|salaire|dividende|pr[êe]t|vente|h[ée]ritage|remboursement|n[óo]mina|sueldo|salario)\b/i;

/** Narrations that say nothing of where money came from. */
export const UNSOURCED_DEPOSIT = /\b(?:cash deposit|cash dep|counter deposit|branch counter|cash|d[ée]p[ôo]t en esp[èe]ces|esp[èe]ces)\b/i;
