/**
 * The form's answers against the record, read from the case-fact model: a "No" to the criminality,
 * overstay, removal or previous-sponsorship question beside a document that shows such an event is a
 * finding; so is a fact the rules and the model read differently. A refusal disclosed on a form or in
 * a sworn declaration is a disclosure: it silences the "never refused" check for that document, and
 * only for it (a form's earlier "No" stays a contradiction; the finding names the later disclosure).
 */
import type { CaseFacts, Declaration, TimelineEvent } from '../../../contracts/caseFacts';
import type { CaseDocument } from './caseDocuments';
import type { ConsistencyCode, ConsistencyIssue } from './consistencyIssue';

const TOPIC_CODES: Partial<Record<Declaration['topic'], { code: ConsistencyCode; events: TimelineEvent['kind'][]; what: string }>> = {
  criminality: { code: 'criminality-undisclosed', events: ['charge', 'conviction'], what: 'a charge or conviction' },
  overstay: { code: 'overstay-undisclosed', events: ['overstay'], what: 'a stay beyond the authorised period' },
  removal: { code: 'removal-undisclosed', events: ['removal-order'], what: 'a removal or deportation' },
  'previous-sponsorship': { code: 'previous-sponsorship-undisclosed', events: ['previous-sponsorship'], what: 'an earlier sponsorship of a spouse or partner' },
};

const WHOSE: Record<string, string> = { applicant: "the applicant's", sponsor: "the sponsor's" };

function nameOf(docs: readonly CaseDocument[], docId: string): string {
  return docs.find((d) => d.docId === docId)?.name ?? docId;
}

/** A charge with no acquittal or conviction after it in the record. */
function pending(charge: TimelineEvent, timeline: readonly TimelineEvent[]): boolean {
  return !timeline.some((e) => (e.kind === 'acquittal' || e.kind === 'conviction') && e.person === charge.person && (!e.date || !charge.date || e.date.iso >= charge.date.iso));
}

/**
 * The events a "No" is contradicted by. Criminality questions differ (IMM 5257/1295 ask whether the
 * person was ever arrested for or charged with an offence; IMM 5669 6(b) whether one is convicted or
 * currently charged; IMM 1344 asks about convictions): a charge that ended in an acquittal
 * contradicts only a question about charges ever laid.
 */
function contradicting(declaration: Declaration, events: TimelineEvent['kind'][], timeline: readonly TimelineEvent[]): TimelineEvent[] {
  const asks = declaration.asks ?? ['charge', 'conviction'];
  return timeline.filter((e) => {
    if (!events.includes(e.kind) || e.person !== declaration.person || e.evidence.docId === declaration.evidence.docId) return false;
    if (declaration.topic !== 'criminality') return true;
    if (e.kind === 'conviction') return asks.includes('conviction');
    return asks.includes('charge') || (asks.includes('pending-charge') && pending(e, timeline));
  });
}

/** What the summary adds: the charge's outcome, and a disclosure made elsewhere after the fact. */
function notes(declaration: Declaration, shown: readonly TimelineEvent[], facts: CaseFacts, docs: readonly CaseDocument[]): string {
  const out: string[] = [];
  if (declaration.topic === 'criminality' && shown.some((e) => e.kind === 'charge')) {
    const acquitted = facts.timeline.find((e) => e.kind === 'acquittal' && e.person === declaration.person);
    out.push(
      acquitted
        ? ` The charge ended in an acquittal${acquitted.date ? ` (${acquitted.date.iso})` : ''}, but the question asks about charges as well as convictions, so it had to be disclosed.`
        : ' The question asks about charges as well as convictions, so a charge must be disclosed whatever its outcome.',
    );
  }
  const later = facts.declarations.find((d) => d.topic === declaration.topic && d.person === declaration.person && d.answer === 'yes' && d.evidence.docId !== declaration.evidence.docId);
  if (later) out.push(` ${nameOf(docs, later.evidence.docId)} discloses it: a disclosure after the fact does not correct the form's answer until the form itself is corrected.`);
  return out.join('');
}

/** "No" answers the record contradicts (refusals are the refusal-history check's). */
export function declaredNoContradicted(facts: CaseFacts, docs: readonly CaseDocument[]): ConsistencyIssue[] {
  const out: ConsistencyIssue[] = [];
  for (const declaration of facts.declarations) {
    const topic = TOPIC_CODES[declaration.topic];
    if (!topic || declaration.answer !== 'no' || !(declaration.person in WHOSE)) continue;
    // The same form answering Yes on the topic elsewhere ("charged? Yes" beside "detained? No") discloses it.
    if (facts.declarations.some((d) => d.topic === declaration.topic && d.person === declaration.person && d.answer === 'yes' && d.evidence.docId === declaration.evidence.docId)) continue;
    const events = contradicting(declaration, topic.events, facts.timeline);
    if (events.length === 0) continue;
    const declaredIn = nameOf(docs, declaration.evidence.docId);
    const shownIn = [...new Set(events.map((e) => nameOf(docs, e.evidence.docId)))];
    const dated = events.find((e) => e.date)?.date?.iso;
    out.push({
      code: topic.code,
      summary: `${declaredIn} answers "No" to ${WHOSE[declaration.person]} ${declaration.topic.replace('-', ' ')} question, but ${shownIn.join(' and ')} ${shownIn.length === 1 ? 'shows' : 'show'} ${topic.what}${dated ? ` (${dated})` : ''}.${notes(declaration, events, facts, docs)} Check the answer against the record before filing.`,
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
