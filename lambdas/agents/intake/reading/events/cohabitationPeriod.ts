/**
 * A cohabitation told as a period that ended ("We lived together … from 1 March 2022 until 30
 * September 2023", « Nous avons vécu ensemble … du 15 janvier 2021 au 31 août 2022 ») states two
 * events: the start the rules count the year of cohabitation from (IRPR 1(1), "common-law
 * partner"), and its end, when the partners stopped living together. The end is read as a
 * `cohabitation-end` of the same person, on the period's last day, unless the document already
 * tells that end ("we separated on …").
 */
import type { TimelineEvent } from '../../../../contracts/caseFacts';

/** The events, with the end of each ended cohabitation period as an event of its own. */
export function withCohabitationEnds(events: readonly TimelineEvent[]): TimelineEvent[] {
  const out = [...events];
  for (const start of events) {
    if (start.kind !== 'cohabitation-start' || !start.end) continue;
    const end = start.end;
    if (out.some((e) => e.kind === 'cohabitation-end' && e.person === start.person && e.date?.iso === end.iso)) continue;
    out.push({ kind: 'cohabitation-end', person: start.person, date: end, evidence: start.evidence, confidence: start.confidence, source: start.source });
  }
  return out;
}
