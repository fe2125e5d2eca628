/**
 * The key dates of a relationship as the case-fact model read them, document by document: when it
 * began (first contact), the first meeting in person, the engagement and the marriage. Intake reads
 * these in English and French; the finders compare and measure them here.
 */
import type { EventKind, PartyRole } from '../../../../contracts/caseFacts';
import type { Evidence } from '../../../../contracts/intakeOutput';
import { asDate, eventsOf, factsOf, typeOf, type FactTime } from '../../facts/fileFacts';
import type { CaseFile } from '../../text/caseFile';

export type RelationshipEvent = 'relationship-start' | 'first-in-person' | 'engagement' | 'marriage';

export interface DatedEvent {
  event: RelationshipEvent;
  date: FactTime;
  docId: string;
  evidence: Evidence;
}

export const EVENT_NAMES: Record<RelationshipEvent, string> = {
  'relationship-start': 'start of the relationship',
  'first-in-person': 'first meeting in person',
  engagement: 'engagement',
  marriage: 'marriage',
};

const FROM_KIND: Partial<Record<EventKind, RelationshipEvent>> = {
  'first-contact': 'relationship-start',
  'first-meeting': 'first-in-person',
  engagement: 'engagement',
  marriage: 'marriage',
};

/** The couple's own events: a previous spouse's marriage or someone else's wedding is not this relationship. */
const THE_COUPLE: readonly PartyRole[] = ['applicant', 'sponsor', 'spouse-or-partner'];
/** An officer's notes restate the couple's dates; they are not a second account by the couple. */
const OFFICER_DOCS = ['refusal-letter', 'gcms-notes'];
/**
 * A passage about an earlier relationship ("Previous relationship of the sponsor: married 2014, divorced
 * 2020", « Relation antérieure du répondant »), or a divorce record (the marriage it dissolves has ended):
 * its dates are not this couple's, whoever the reader took them for.
 */
const EARLIER_RELATIONSHIP = /\b(?:previous|prior|former|earlier|first) (?:relationship|marriage|spouse|wife|husband|partner|union)|\bex-(?:wife|husband|spouse|partner)|(?:relation|union|mariage|épouse|époux|conjointe?)s? (?:antérieure?s?|précédente?s?)|\bancienne? (?:épouse|époux|conjointe?)|\bdivorce(?:d)? (?:certificate|order|decree|judgment)|\b(?:certificat|jugement|acte) de divorce/iu;

/** A document's first lines, where its title says what it is (a divorce certificate). */
function headOf(file: CaseFile, docId: string): string {
  const doc = file.documents.find((d) => d.docId === docId);
  return (doc?.extracted.pages[0]?.text ?? '').split('\n').slice(0, 3).join('\n');
}

/**
 * The day a document tells its events: its own date, else the day of the assessment. An event dated after
 * it is still planned ("I am getting married on Saturday 11 July 2026", the inviter's wedding a visitor
 * is coming to): not this relationship's history, whoever the reader took it for.
 */
function toldOn(file: CaseFile, docId: string): string {
  return factsOf(file).documents.find((d) => d.docId === docId)?.dated?.iso ?? file.assessedOn.toISOString().slice(0, 10);
}

/** Every dated relationship event in the file (officers' notes and events still planned excluded), one reading per event, document and day. */
export function relationshipEvents(file: CaseFile): DatedEvent[] {
  const seen = new Set<string>();
  const out: DatedEvent[] = [];
  for (const e of eventsOf(file, ['first-contact', 'first-meeting', 'engagement', 'marriage'])) {
    const event = FROM_KIND[e.kind];
    if (!event || !e.date || !THE_COUPLE.includes(e.person) || OFFICER_DOCS.includes(typeOf(file, e.evidence.docId) ?? 'other')) continue;
    if (e.date.iso.slice(0, 10) > toldOn(file, e.evidence.docId)) continue;
    if (EARLIER_RELATIONSHIP.test(e.evidence.quote) || EARLIER_RELATIONSHIP.test(headOf(file, e.evidence.docId))) continue;
    const key = `${event}|${e.evidence.docId}|${e.date.iso}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ event, date: asDate(e.date), docId: e.evidence.docId, evidence: e.evidence });
  }
  return out;
}

/** The earliest day-precision date of an event (or month precision when that is all there is). */
export function earliest(events: readonly DatedEvent[], event: RelationshipEvent): DatedEvent | undefined {
  const of = events.filter((e) => e.event === event);
  const byDay = of.filter((e) => e.date.precision === 'day');
  const pool = byDay.length ? byDay : of;
  return pool.reduce<DatedEvent | undefined>((min, e) => (!min || e.date.time < min.date.time ? e : min), undefined);
}
