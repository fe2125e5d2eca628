/**
 * The couple's first meeting in person on two different days, read from the case-fact model: the
 * `first-meeting` events the reader found in the forms, declarations and letters ("Date we first met
 * in person: …", "we first met in person on …"), each with its quote. The same day told by several
 * documents is one event, so two distinct days are two documents that disagree. Not compared: a
 * first meeting of someone else (a former spouse, the inviter), the officer's documents (their notes
 * restate the couple's dates), a passage about an earlier relationship, a meeting dated after the
 * document that tells it (one still planned), and one whose quote does not tell it as the first
 * meeting (the labels of consistencyRules.json, `firstMeeting`): the reader also takes "I met Viktor
 * on 2023-11-20 when he wrote to me on a social media site", a first contact, for a first meeting.
 */
import type { CaseFacts, TimelineEvent } from '../../../contracts/caseFacts';
import { type DateParts, isoOf } from '../../../core/text/dates';
import type { CaseDocument } from './caseDocuments';
import { daysDiffer } from './eventDays';
import type { ConsistencyIssue } from './consistencyIssue';
import { type ConsistencyRules, rx } from './consistencyRules';

/** Whose first meeting is the couple's. */
const COUPLE = new Set<TimelineEvent['person']>(['applicant', 'sponsor', 'spouse-or-partner']);
/** The officer's documents: they restate what the couple said, they are no second account. */
const OFFICER_DOCUMENTS = new Set(['refusal-letter', 'gcms-notes']);

/** The couple's first meetings dated to the day, certain dates only (an ambiguous 03/04/2021 settles nothing). */
function coupleFirstMeetings(facts: CaseFacts, docs: readonly CaseDocument[], rules: ConsistencyRules, today: string): TimelineEvent[] {
  const toldOn = (docId: string) => facts.documents.find((d) => d.docId === docId)?.dated?.iso ?? today;
  const earlierContext = rx(rules.freeText.previousMarriageContext, 'iu');
  const toldAsFirstMeeting = new RegExp(rules.labels.firstMeeting.join('|'), 'iu');
  const officers = new Set(docs.filter((d) => OFFICER_DOCUMENTS.has(d.type)).map((d) => d.docId));
  return facts.timeline.filter(
    (e) =>
      e.kind === 'first-meeting' &&
      COUPLE.has(e.person) &&
      e.date?.precision === 'day' &&
      !e.date.ambiguous?.length &&
      !officers.has(e.evidence.docId) &&
      e.date.iso <= toldOn(e.evidence.docId) &&
      !earlierContext.test(e.evidence.quote) &&
      toldAsFirstMeeting.test(e.evidence.quote),
  );
}

/** One issue naming the first document of each distinct day, in the file's order. */
export function checkFirstMeetings(facts: CaseFacts, docs: readonly CaseDocument[], rules: ConsistencyRules, today: DateParts): ConsistencyIssue[] {
  return daysDiffer(coupleFirstMeetings(facts, docs, rules, isoOf(today)), docs, 'first-meeting-mismatch', 'the couple first met');
}
