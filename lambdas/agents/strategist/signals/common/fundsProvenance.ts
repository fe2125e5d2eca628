/**
 * Provenance and stability of funds. A recent deposit that is large against the balance history and
 * whose source neither the narration nor any other document shows is adverse (quoting the
 * statement line); months of statements with a regular income are strong; funds documents without
 * that history are adequate; an amount declared on a form with nothing behind it is weak.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import {
  findLargeRecentDeposits,
  readTransactions,
  SOURCE_OF_FUNDS,
  statementCoverageDays,
  type LargeDeposit,
  type Transaction,
  UNSOURCED_DEPOSIT,
} from '../../text/bankTransactions';
import { hasDocument, pagesExcept, type CaseFile } from '../../text/caseFile';
import { distinctEvidence, factEvidence, quoteLine } from '../../text/evidenceQuotes';
import { figureSpellings } from '../../../../core/text/money';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

/** Statements covering at least this many days show a history (about three months). */
const HISTORY_DAYS = 80;
const INCOME = /\b(?:salary|payroll|pay\b|wages?|pension|salaire|paie|n[óo]mina|sueldo|salario)\b/i;
const FUNDING_DOCUMENT = /\b(?:GIC|guaranteed investment certificate|certificat de placement garanti|scholarship (?:of|worth|in the amount)|bourse d'études de|education loan|student loan|prêt étudiant)\b/i;

const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function lineOf(t: Transaction): Evidence | undefined {
  return quoteLine(t.ref, t.start, t.end);
}

/** Where another document explains the deposit: the same figure in a sentence that names a source. */
function explanationElsewhere(file: CaseFile, deposit: LargeDeposit): Evidence | undefined {
  const pages = pagesExcept(file, ['refusal-letter', 'gcms-notes']).filter((p) => p.doc !== deposit.transaction.ref.doc);
  for (const spelling of figureSpellings(deposit.transaction.amount)) {
    const escaped = spelling.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const s of findStatements(pages, new RegExp(`(?<![\\d,.])${escaped}(?![\\d,])`))) {
      if (SOURCE_OF_FUNDS.test(s.sentence) || /\b(?:gift|donation|don)\b/i.test(s.sentence)) return quoteStatement(s);
    }
  }
  return undefined;
}

export const fundsProvenance: SignalFinder = (file): Signal => {
  const transactions = readTransactions(file);
  const deposits = findLargeRecentDeposits(transactions);
  const unexplained = deposits.filter((d) => {
    const narrated = SOURCE_OF_FUNDS.test(d.transaction.description) && !UNSOURCED_DEPOSIT.test(d.transaction.description);
    return !narrated && !explanationElsewhere(file, d);
  });
  const coverage = statementCoverageDays(transactions);
  const incomeCredits = transactions.filter((t) => t.kind === 'credit' && INCOME.test(t.description));
  const fundingDocs = findStatements(pagesExcept(file, ['refusal-letter', 'gcms-notes']), FUNDING_DOCUMENT).filter((s) => !s.negated && !s.question);
  const declared = file.profile.funds.map(factEvidence).filter((e): e is Evidence => e !== undefined);

  if (unexplained.length) {
    const d = unexplained[0];
    const times = d.typicalBalance > 0 ? Math.round(d.transaction.amount / d.typicalBalance) : undefined;
    return {
      rating: 'adverse',
      finding:
        `A deposit of ${money(d.transaction.amount)} on ${d.transaction.date.iso}, ${d.daysBeforeStatementEnd} days before the statements end, ` +
        `${times ? `is about ${times} times the typical balance before it (${money(d.typicalBalance)}) ` : 'is large against the balance history '}` +
        `and no document shows where it came from; the statements cover ${coverage} days.`,
      evidence: distinctEvidence([lineOf(d.transaction), ...unexplained.slice(1).map((u) => lineOf(u.transaction))], 3),
    };
  }
  const statements = hasDocument(file, ['bank-statement']) || transactions.length > 0;
  if (statements && coverage >= HISTORY_DAYS && incomeCredits.length >= 2) {
    return {
      rating: 'strong',
      finding: `Statements cover ${coverage} days with ${incomeCredits.length} regular income credits${deposits.length ? `; ${deposits.length} large deposit(s) carry their source` : ''}.`,
      evidence: distinctEvidence([...incomeCredits.slice(0, 2).map(lineOf), ...deposits.map((d) => lineOf(d.transaction)), ...declared.slice(0, 1)], 4),
    };
  }
  // Proof of income (a notice of assessment, pay stubs: the host's income for a super visa, a parent's for a student) documents the means too.
  const incomeDocuments = hasDocument(file, ['tax-document', 'pay-stubs']);
  if (statements || fundingDocs.length || hasDocument(file, ['proof-of-funds']) || incomeDocuments) {
    return {
      rating: 'adequate',
      finding: `Funds are documented${coverage ? ` (statements cover ${coverage} days` : ' ('}${coverage ? ', ' : ''}${incomeCredits.length} income credit(s)${fundingDocs.length ? ', plus a funding instrument such as a GIC' : ''}${incomeDocuments ? ', plus proof of income' : ''}), but not as a settled history of several months.`,
      evidence: distinctEvidence([...declared.slice(0, 2), ...fundingDocs.slice(0, 1).map(quoteStatement), ...deposits.map((d) => lineOf(d.transaction))], 4),
    };
  }
  if (declared.length) {
    return { rating: 'weak', finding: 'An amount of funds is declared, but no statement or other funds document supports it.', evidence: declared.slice(0, 2) };
  }
  return noEvidence('No bank statement, proof of funds or declared amount was found.');
};
