/**
 * Joint finances: a joint account or lease, shared insurance or beneficiary designations, and
 * ongoing financial support (remittance records, regular transfers). Plans to open a joint account
 * later count as weak.
 */
import { pagesExcept, type CaseFile, type PageRef } from '../../text/caseFile';
import { readDates } from '../../../../core/text/dates';
import { readMoney, TABLE_FIGURE } from '../../../../core/text/money';
import { distinctEvidence, quoteLine } from '../../text/evidenceQuotes';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

const JOINT = /\b(?:joint (?:savings |chequing |checking |bank |current |credit )?(?:account|card)|joint with right of survivorship|co-?owners? of the account|joint lease|compte (?:conjoint|joint)|(?:named|designated) (?:as )?(?:the )?beneficiary|bénéficiaire désignée?)\b/i;
const FUTURE = /\b(?:plan(?:s|ning)? to|will|intend to|going to|once .{0,30} arrives?|prévoyons de|allons)\b[^.\n]{0,30}$/i;
const SUPPORT_RECORD = /\b(?:remit(?:tance)?s?|money transfer|transfer history|Western Union|MoneyGram|Wise|WorldRemit|Remitly|virements?|envois? d'argent)\b/i;
const SUPPORT_STATEMENT = /\b(?:sends?|sent|send(?:ing)?) (?:me |her |him |us )?money\b|\bfinancial(?:ly)? support(?:s|ed)?\b|\bsupports? (?:me|her|him|each other) financially\b|\bsoutien financier\b|\bm'envoie de l'argent\b/i;
/** A statement figure ("500.00", "250,00") or an amount with its currency ("USD 500", "250 €"). */
const TABLE_FIGURE_ONCE = new RegExp(TABLE_FIGURE.source);
const hasMoney = (line: string) => TABLE_FIGURE_ONCE.test(line) || readMoney(line).length > 0;

/** Dated money lines on pages that hold a remittance or transfer record. */
function transferLines(pages: readonly PageRef[]): Array<{ ref: PageRef; start: number; end: number }> {
  const out: Array<{ ref: PageRef; start: number; end: number }> = [];
  for (const ref of pages.filter((p) => SUPPORT_RECORD.test(p.page.text))) {
    let start = 0;
    for (const line of ref.page.text.split('\n')) {
      const first = readDates(line)[0];
      if (first && first.start <= 2 && first.precision === 'day' && hasMoney(line) && !/\bbalance\b/i.test(line)) out.push({ ref, start, end: start + line.length });
      start += line.length + 1;
    }
  }
  return out;
}

export const jointFinances: SignalFinder = (file: CaseFile): Signal => {
  const pages = pagesExcept(file, ['refusal-letter', 'gcms-notes']);
  const joint = findStatements(pages, JOINT).filter((s) => !s.question && !s.negated);
  const current = joint.filter((s) => !FUTURE.test(s.ref.page.text.slice(s.sentenceStart, s.start)));
  const planned = joint.filter((s) => !current.includes(s));
  const transfers = transferLines(pages);
  const support = findStatements(pages, SUPPORT_STATEMENT).filter((s) => !s.question && !s.negated);

  const hasSupport = transfers.length >= 6 || (transfers.length > 0 && support.length > 0) || support.length > 0;
  const evidence = distinctEvidence([
    ...current.slice(0, 2).map(quoteStatement),
    ...transfers.slice(0, 1).map((t) => quoteLine(t.ref, t.start, t.end)),
    ...support.slice(0, 1).map(quoteStatement),
  ], 4);
  const supportText = transfers.length ? `${transfers.length} dated transfer(s) recorded` : support.length ? 'financial support described' : 'no record of financial support';
  if (current.length && hasSupport) return { rating: 'strong', finding: `A joint account, lease or designation is documented, and ${supportText}.`, evidence };
  if (current.length || transfers.length >= 6) return { rating: 'adequate', finding: current.length ? `A joint account, lease or designation is documented; ${supportText}.` : `No joint account or lease, but ${supportText}.`, evidence };
  if (transfers.length || support.length || planned.length) {
    return {
      rating: 'weak',
      finding: planned.length && !transfers.length && !support.length ? 'A joint account is only planned.' : `Financial support is mentioned (${supportText}) but there is no joint account or lease.`,
      evidence: distinctEvidence([...evidence, ...planned.map(quoteStatement)], 3),
    };
  }
  return noEvidence('No joint account, lease, shared designation or record of financial support was found.');
};
