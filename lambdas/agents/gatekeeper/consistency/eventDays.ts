/**
 * One event told on different days by different documents (the couple's marriage, their first
 * meeting): a single issue naming the first document of each distinct day, in the file's order.
 */
import type { TimelineEvent } from '../../../contracts/caseFacts';
import type { CaseDocument } from './caseDocuments';
import { evidenceList } from './caseDocuments';
import type { ConsistencyCode, ConsistencyIssue } from './consistencyIssue';

/** `what` names the event in the summary ("the marriage", "the couple first met"). */
export function daysDiffer(events: readonly TimelineEvent[], docs: readonly CaseDocument[], code: ConsistencyCode, what: string): ConsistencyIssue[] {
  const order = (e: TimelineEvent) => docs.findIndex((d) => d.docId === e.evidence.docId);
  const told = events.filter((e) => order(e) !== -1).sort((a, b) => order(a) - order(b));
  const days = [...new Set(told.map((e) => e.date!.iso))];
  if (days.length < 2) return [];
  const firsts = days.map((day) => told.find((e) => e.date!.iso === day)!);
  const nameOf = (e: TimelineEvent) => docs[order(e)].name;
  return [
    {
      code,
      summary: `The date ${what} differs between documents: ${firsts.map((e) => `${e.date!.iso} (${nameOf(e)})`).join(' vs ')}.`,
      evidence: evidenceList(firsts.map((e) => e.evidence)),
      documents: [...new Set(firsts.map(nameOf))],
    },
  ];
}
