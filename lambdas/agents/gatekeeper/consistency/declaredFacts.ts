/**
 * The form's answers against the record, read from the case-fact model: a "No" to the criminality,
 * overstay, removal or previous-sponsorship question beside a document that shows such an event is a
 * finding; so is a fact the rules and the model read differently. A refusal disclosed on a form or in
 * a sworn declaration is a disclosure: it silences the "never refused" check for that document.
 */
import type { CaseFacts, Declaration, TimelineEvent } from '../../../contracts/caseFacts';
import type { CaseDocument } from './caseDocuments';
import type { ConsistencyCode, ConsistencyIssue } from './consistencyIssue';

const TOPIC_CODES: Partial<Record<Declaration['topic'], { code: ConsistencyCode; events: TimelineEvent['kind'][]; what: string; note: string }>> = {
  criminality: {
    code: 'criminality-undisclosed',
    events: ['charge', 'conviction'],
    what: 'a charge or conviction',
    note: ' The question asks about charges as well as convictions, so a charge must be disclosed even when it ended in an acquittal or was withdrawn.',
  },
  overstay: { code: 'overstay-undisclosed', events: ['overstay'], what: 'a stay beyond the authorised period', note: '' },
  removal: { code: 'removal-undisclosed', events: ['removal-order'], what: 'a removal or deportation', note: '' },
  'previous-sponsorship': { code: 'previous-sponsorship-undisclosed', events: ['previous-sponsorship'], what: 'an earlier sponsorship of a spouse or partner', note: '' },
};

const WHOSE: Record<string, string> = { applicant: "the applicant's", sponsor: "the sponsor's" };

function nameOf(docs: readonly CaseDocument[], docId: string): string {
  return docs.find((d) => d.docId === docId)?.name ?? docId;
}

/** "No" answers the record contradicts (refusals are the refusal-history check's). */
export function declaredNoContradicted(facts: CaseFacts, docs: readonly CaseDocument[]): ConsistencyIssue[] {
  const out: ConsistencyIssue[] = [];
  for (const declaration of facts.declarations) {
    const topic = TOPIC_CODES[declaration.topic];
    if (!topic || declaration.answer !== 'no' || !(declaration.person in WHOSE)) continue;
    const events = facts.timeline.filter((e) => topic.events.includes(e.kind) && e.person === declaration.person && e.evidence.docId !== declaration.evidence.docId);
    if (events.length === 0) continue;
    const declaredIn = nameOf(docs, declaration.evidence.docId);
    const shownIn = [...new Set(events.map((e) => nameOf(docs, e.evidence.docId)))];
    const dated = events.find((e) => e.date)?.date?.iso;
    out.push({
      code: topic.code,
      summary: `${declaredIn} answers "No" to ${WHOSE[declaration.person]} ${declaration.topic.replace('-', ' ')} question, but ${shownIn.join(' and ')} ${shownIn.length === 1 ? 'shows' : 'show'} ${topic.what}${dated ? ` (${dated})` : ''}.${topic.note} Check the answer against the record before filing.`,
      evidence: [declaration.evidence, ...events.map((e) => e.evidence)].slice(0, 4),
      documents: [declaredIn, ...shownIn],
    });
  }
  return out;
}

/** Facts the rules and the model read differently: shown, never resolved silently. */
export function readingConflicts(facts: CaseFacts, docs: readonly CaseDocument[]): ConsistencyIssue[] {
  return facts.conflicts
    .filter((c) => new Set(c.readings.map((r) => r.source)).size > 1)
    .map((c) => ({
      code: 'reading-conflict' as const,
      summary: `The rules and the model read ${c.topic} differently (${c.readings.map((r) => `${r.source}: ${r.value}`).join('; ')}); check the passage in ${nameOf(docs, c.readings[0].evidence.docId)}.`,
      evidence: c.readings.map((r) => r.evidence),
      documents: [...new Set(c.readings.map((r) => nameOf(docs, r.evidence.docId)))],
    }));
}

/** Documents in which a refusal is disclosed (a Yes on the refusal question, or a sworn account of one). */
export function refusalDisclosedIn(facts: CaseFacts): Set<string> {
  return new Set(facts.declarations.filter((d) => d.topic === 'prior-refusal' && d.answer === 'yes').map((d) => d.evidence.docId));
}
