/**
 * The couple's marriage on two different days, read from the case-fact model: the marriage events the
 * reader found in the forms, the certificate and the letters ("Date of marriage: …", "were married
 * on …"), each with its quote. The same day told by several documents is one event in the model, so
 * two distinct days are two documents that disagree. Not the couple's marriage, so not compared: one
 * dated on or before a divorce in the file (a divorce judgment's "were married on 12 June 2010"), one
 * whose quote says it is an earlier one ("Relation antérieure du répondant : …, mariage 2014"), and
 * one the officer's notes or letter record (a registry search finding another marriage is what the
 * refusal is about, not a second date of this one), and one dated after the document that tells it
 * (a wedding planned: "I am getting married on Saturday 11 July 2026", the inviter's own).
 */
import type { CaseFacts, TimelineEvent } from '../../../contracts/caseFacts';
import { type DateParts, isoOf } from '../../../core/text/dates';
import type { CaseDocument } from './caseDocuments';
import { daysDiffer } from './eventDays';
import type { ConsistencyIssue } from './consistencyIssue';
import { type ConsistencyRules, rx } from './consistencyRules';

/** Whose marriage is the couple's: not a former spouse's nor a third person's. */
const COUPLE = new Set<TimelineEvent['person']>(['applicant', 'sponsor', 'spouse-or-partner']);
/** The officer's documents: what records they found, not the couple's own account. */
const OFFICER_DOCUMENTS = new Set(['refusal-letter', 'gcms-notes']);

/** Marriages dated on or before a divorce of the file: earlier marriages (previousMarriages.ts reads them). */
export function earlierMarriages(timeline: readonly TimelineEvent[]): TimelineEvent[] {
  const divorces = timeline.filter((e) => e.kind === 'divorce' && e.date).map((e) => e.date!.iso);
  return timeline.filter((e) => e.kind === 'marriage' && e.date && divorces.some((d) => e.date!.iso.slice(0, d.length) <= d));
}

/** The couple's marriages dated to the day, certain dates only (an ambiguous 03/04/2021 settles nothing). */
function coupleMarriages(facts: CaseFacts, docs: readonly CaseDocument[], rules: ConsistencyRules, today: string): TimelineEvent[] {
  const toldOn = (docId: string) => facts.documents.find((d) => d.docId === docId)?.dated?.iso ?? today;
  const earlier = new Set(earlierMarriages(facts.timeline));
  const earlierContext = rx(rules.freeText.previousMarriageContext, 'iu');
  const officers = new Set(docs.filter((d) => OFFICER_DOCUMENTS.has(d.type)).map((d) => d.docId));
  return facts.timeline.filter(
    (e) =>
      e.kind === 'marriage' &&
      COUPLE.has(e.person) &&
      e.date?.precision === 'day' &&
      !e.date.ambiguous?.length &&
      !earlier.has(e) &&
      !officers.has(e.evidence.docId) &&
      e.date.iso <= toldOn(e.evidence.docId) &&
      !earlierContext.test(e.evidence.quote),
  );
}

/** One issue naming the first document of each distinct day, in the file's order. */
export function checkMarriageDates(facts: CaseFacts, docs: readonly CaseDocument[], rules: ConsistencyRules, today: DateParts): ConsistencyIssue[] {
  return daysDiffer(coupleMarriages(facts, docs, rules, isoOf(today)), docs, 'marriage-date-mismatch', 'of the marriage');
}
