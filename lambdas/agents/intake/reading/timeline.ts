/**
 * One timeline from all documents: the same event told by two documents is one event. Readings of
 * the same kind and person whose dates and countries do not disagree are one event, the first
 * keeping what the others add (a date, a country, a section). A date told at two precisions (a
 * form's "August 2018", the judgment's "21 August 2018") agrees, and the precise one is kept; not
 * for periods (jobs, studies, trips), where two of them can start in the same month. A decision
 * dated the day of a refusal is that refusal.
 */
import type { EventKind, TimelineEvent } from '../../../contracts/caseFacts';

const PERIODS = new Set<EventKind>(['employment', 'study', 'travel', 'cohabitation-start', 'overstay']);
/** Periods a couple starts once: an undated "we shared a home in Brazil" is the cohabitation another document dates. */
const ONE_START = new Set<EventKind>(['cohabitation-start']);

const coarserAgrees = (a: TimelineEvent, b: TimelineEvent) =>
  a.date !== undefined && b.date !== undefined && a.date.iso !== b.date.iso && !PERIODS.has(a.kind) && (a.date.iso.startsWith(b.date.iso) || b.date.iso.startsWith(a.date.iso));

/**
 * An undated reading that can only be one dated reading of another document: the only one of its
 * kind and person told with a date ("le déclare ACQUITTÉ" in the judgment, "acquitted on 5 June
 * 2019" in the form's details). With two dated candidates the undated one is kept apart.
 */
function onlyDatedReading(events: readonly TimelineEvent[], e: TimelineEvent): TimelineEvent | undefined {
  if (e.date || (PERIODS.has(e.kind) && !ONE_START.has(e.kind))) return undefined;
  const dated = events.filter((o) => o.kind === e.kind && o.person === e.person && o.date && o.evidence.docId !== e.evidence.docId && (!o.country || !e.country || o.country === e.country));
  return dated.length === 1 ? dated[0] : undefined;
}

export function mergeSameEvents(events: TimelineEvent[]): TimelineEvent[] {
  const out: TimelineEvent[] = [];
  for (const e of events) {
    const only = onlyDatedReading(events, e);
    const same = out.find(
      (o) =>
        o.kind === e.kind &&
        o.person === e.person &&
        o.evidence.docId !== e.evidence.docId &&
        (!o.country || !e.country || o.country === e.country) &&
        (coarserAgrees(o, e) ||
          o === only ||
          (o.date === undefined && onlyDatedReading(events, o) === e) ||
          ((!o.date || !e.date || o.date.iso === e.date.iso) && (o.date || e.date) !== undefined && (o.country || e.country) !== undefined)),
    );
    if (!same) {
      out.push(e);
      continue;
    }
    if (e.date && (!same.date || e.date.iso.length > same.date.iso.length)) same.date = e.date;
    if (!same.country && e.country) same.country = e.country;
    if (!same.detail && e.detail) same.detail = e.detail;
    same.confidence = Math.max(same.confidence, e.confidence);
  }
  // A refusal letter's "Date of decision: 14 August 2023" is the refusal's date, not a second event.
  return out.filter((e) => !(e.kind === 'decision' && e.date && out.some((r) => r.kind === 'refusal' && r.person === e.person && r.date?.iso === e.date?.iso)));
}
