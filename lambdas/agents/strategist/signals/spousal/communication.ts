/**
 * Communication history: chat exports and call logs, read for how long they run and how many dated
 * entries they hold; statements of daily contact count when no record backs them.
 */
import { documentsOf, pagesExcept, type CaseFile } from '../../text/caseFile';
import { readDates, monthsBetween, type FoundDate } from '../../../../core/text/dates';
import { distinctEvidence, quoteLine } from '../../text/evidenceQuotes';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

const DAILY = /\b(?:talk(?:ed)?|spoke|speak|chat(?:ted)?|video[- ]?call(?:s|ed)?|messag(?:e|ed|es)|call(?:ed|s)?)\b[^.\n]{0,50}\b(?:every day|daily|each day|almost every day|every night|chaque jour|tous les jours)\b/i;

export const communication: SignalFinder = (file: CaseFile): Signal => {
  const records = documentsOf(file, ['communication-records']);
  const entries: Array<{ date: FoundDate; docIndex: number; page: number }> = [];
  records.forEach((doc, docIndex) => {
    for (const page of doc.extracted.pages) {
      for (const d of readDates(page.text)) if (d.precision === 'day') entries.push({ date: d, docIndex, page: page.page });
    }
  });
  const daily = findStatements(pagesExcept(file, ['refusal-letter', 'gcms-notes']), DAILY).filter((s) => !s.question && !s.negated);
  if (entries.length >= 2) {
    const sorted = [...entries].sort((a, b) => a.date.time - b.date.time);
    const first = sorted[0];
    const last = sorted[sorted.length - 1];
    const months = monthsBetween(first.date, last.date);
    const quote = (e: typeof first) => {
      const doc = records[e.docIndex];
      const page = doc.extracted.pages.find((p) => p.page === e.page)!;
      return quoteLine({ doc, page }, e.date.start, e.date.end);
    };
    const evidence = distinctEvidence([quote(first), quote(last), ...daily.slice(0, 1).map(quoteStatement)], 3);
    const finding = `Communication records hold ${entries.length} dated entries over ${months} months (${first.date.iso} to ${last.date.iso}).`;
    return { rating: months >= 12 && entries.length >= 10 ? 'strong' : months >= 3 ? 'adequate' : 'weak', finding, evidence };
  }
  if (daily.length) return { rating: 'adequate', finding: 'Regular contact is described, but no communication record is in the file.', evidence: distinctEvidence(daily.map(quoteStatement), 2) };
  return noEvidence('No communication record (chat export, call log) or description of regular contact was found.');
};
