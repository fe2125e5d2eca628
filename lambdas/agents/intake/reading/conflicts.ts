/**
 * Contradictory facts, kept side by side with their quotes and never resolved here: a declared "No"
 * against a document that shows the event the question asks about (with the outcome and any later
 * disclosure beside it), and one event given different dates in different documents. Whether a
 * conflict is a misrepresentation is the gatekeeper's call, not the reader's.
 */
import type { Declaration, EventKind, FactConflict, TimelineEvent } from '../../../contracts/caseFacts';

type Reading = FactConflict['readings'][number];

/** Which events answer a declared "No" (criminality: by what its question asks, below). */
const CONTRADICTED_BY: Partial<Record<Declaration['topic'], EventKind[]>> = {
  'prior-refusal': ['refusal'],
  overstay: ['overstay'],
  removal: ['removal-order'],
  'previous-marriage': ['divorce'],
  'previous-sponsorship': ['previous-sponsorship'],
};

/** Events whose date is known once, whatever the documents: two dates are two readings of one event. */
const ONCE_EVENTS: EventKind[] = ['marriage', 'divorce', 'first-meeting', 'engagement', 'sponsored-person-landed'];

const eventValue = (e: TimelineEvent) => `${e.kind}${e.date ? ` ${e.date.iso}` : ''}${e.country ? ` (${e.country})` : ''}`;
const reading = (value: string, f: { evidence: Reading['evidence']; source: Reading['source'] }): Reading => ({ value, evidence: f.evidence, source: f.source });

/** A charge with no outcome in the record is still pending. */
function pending(charge: TimelineEvent, timeline: readonly TimelineEvent[]): boolean {
  return !timeline.some((e) => (e.kind === 'acquittal' || e.kind === 'conviction') && e.person === charge.person && (!e.date || !charge.date || e.date.iso >= charge.date.iso));
}

/**
 * The events a criminality "No" is answered by: a conviction always; a charge when the question asks
 * about charges ever laid (even one that ended in an acquittal); only a pending charge when the
 * question asks whether one is "currently" laid (IMM 5669).
 */
function criminalEvents(d: Declaration, timeline: readonly TimelineEvent[]): TimelineEvent[] {
  const asks = d.asks ?? ['charge', 'conviction'];
  return timeline.filter(
    (e) =>
      e.person === d.person &&
      ((e.kind === 'conviction' && asks.includes('conviction')) || (e.kind === 'charge' && (asks.includes('charge') || (asks.includes('pending-charge') && pending(e, timeline))))),
  );
}

/**
 * The person's latest application to Canada: a refusal on or after it is the decision on it (or came
 * after the form was filed), not a refusal the form could have disclosed. An application to another
 * country (the Schengen application a refusal answers) is no such bound. An application whose country
 * no document names is taken as the Canadian one: the file is a Canadian immigration file, and the
 * officer's own notes ("Application received: …") name no country.
 */
function latestApplication(person: string, timeline: readonly TimelineEvent[]): string | undefined {
  return timeline
    .filter((e) => e.kind === 'application' && e.person === person && (e.country === undefined || e.country === 'Canada') && e.date)
    .map((e) => e.date!.iso)
    .sort()
    .pop();
}

function contradicting(d: Declaration, timeline: readonly TimelineEvent[]): TimelineEvent[] {
  const events = d.topic === 'criminality' ? criminalEvents(d, timeline) : timeline.filter((e) => (CONTRADICTED_BY[d.topic] ?? []).includes(e.kind) && e.person === d.person);
  const applied = d.topic === 'prior-refusal' ? latestApplication(d.person, timeline) : undefined;
  return events.filter((e) => e.evidence.docId !== d.evidence.docId && !(applied && e.date && e.date.iso >= applied));
}

/** A declared "No" beside the record of the event, the event's outcome (an acquittal) and any disclosure made elsewhere. */
function declaredNoConflicts(timeline: readonly TimelineEvent[], declarations: readonly Declaration[]): FactConflict[] {
  const out: FactConflict[] = [];
  for (const d of declarations) {
    if (d.answer !== 'no') continue;
    // A form that discloses the same thing in another answer ("refused a visa? Yes" beside "ordered to leave? No") denies nothing.
    const disclosures = declarations.filter((o) => o.topic === d.topic && o.person === d.person && o.answer === 'yes');
    if (disclosures.some((o) => o.evidence.docId === d.evidence.docId)) continue;
    const events = contradicting(d, timeline);
    if (events.length === 0) continue;
    const outcomes = d.topic === 'criminality' ? timeline.filter((e) => e.kind === 'acquittal' && e.person === d.person) : [];
    out.push({
      topic: `${d.topic} (${d.person})`,
      readings: [
        reading(`declared: no${d.madeIn ? ` (${d.madeIn})` : ''}`, d),
        ...events.map((e) => reading(eventValue(e), e)),
        ...outcomes.map((e) => reading(eventValue(e), e)),
        // Disclosed after the fact (a sworn declaration explaining the omission): shown, and the "No" stays a contradiction.
        ...disclosures.map((o) => reading(`declared: yes${o.madeIn ? ` (${o.madeIn})` : ''}`, o)),
      ],
    });
  }
  return out;
}

/** One event given different dates in different documents (a marriage on two days). */
function dateConflicts(timeline: readonly TimelineEvent[]): FactConflict[] {
  const byKey = new Map<string, TimelineEvent[]>();
  for (const e of timeline) {
    if (!e.date || e.date.precision !== 'day' || !ONCE_EVENTS.includes(e.kind)) continue;
    const key = `${e.kind} of ${e.person}`;
    byKey.set(key, [...(byKey.get(key) ?? []), e]);
  }
  const out: FactConflict[] = [];
  for (const [topic, events] of byKey) {
    const dates = [...new Set(events.map((e) => e.date!.iso))];
    if (dates.length < 2) continue;
    out.push({ topic, readings: dates.map((iso) => events.find((e) => e.date!.iso === iso)!).map((e) => reading(e.date!.iso, e)) });
  }
  return out;
}

export function conflictsOf(timeline: readonly TimelineEvent[], declarations: readonly Declaration[]): FactConflict[] {
  return [...declaredNoConflicts(timeline, declarations), ...dateConflicts(timeline)];
}
