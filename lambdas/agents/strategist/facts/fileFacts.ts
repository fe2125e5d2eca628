/**
 * The case-fact model as the signal finders read it (DESIGN §3: the rules read only the fact model).
 * Intake reads the documents once, in English and French; the finders ask it for events,
 * declarations, money and officer findings instead of scanning page text with keyword finders of
 * their own. A fact whose reading is in an unresolved conflict is marked, never silently settled.
 */
import type {
  CaseFacts,
  Declaration,
  DeclarationTopic,
  EventKind,
  FactDate,
  Money,
  PartyRole,
  TimelineEvent,
} from '../../../contracts/caseFacts';
import type { DocumentType, Evidence } from '../../../contracts/intakeOutput';
import type { DateParts } from '../../../core/text/dates';
import type { CaseFile } from '../text/caseFile';

/** What a file stored before the fact model existed reads as: nothing stated. */
const NO_FACTS: CaseFacts = {
  documents: [],
  parties: [],
  application: { kind: 'unknown', subKinds: [], reason: 'no case-fact model in this audit', applicantLocation: 'unknown', isRefusal: false, evidence: [], confidence: 0 },
  timeline: [],
  declarations: [],
  money: [],
  officerFindings: [],
  conflicts: [],
};

export function factsOf(file: CaseFile): CaseFacts {
  return file.facts ?? NO_FACTS;
}

/** Events of the given kinds, of one person when `person` is given, in file order. */
export function eventsOf(file: CaseFile, kinds: readonly EventKind[], person?: PartyRole): TimelineEvent[] {
  return factsOf(file).timeline.filter((e) => kinds.includes(e.kind) && (!person || e.person === person));
}

export function declarationsOf(file: CaseFile, topic: DeclarationTopic, person?: PartyRole): Declaration[] {
  return factsOf(file).declarations.filter((d) => d.topic === topic && (!person || d.person === person));
}

/** The type intake gave the document a fact was read from. */
export function typeOf(file: CaseFile, docId: string): DocumentType | undefined {
  return file.documents.find((d) => d.docId === docId)?.type ?? factsOf(file).documents.find((d) => d.docId === docId)?.type;
}

/** Money facts of one kind read from documents of the given types. */
export function moneyIn(file: CaseFile, kind: Money['kind'], types: readonly DocumentType[]): Money[] {
  return factsOf(file).money.filter((m) => m.kind === kind && types.includes(typeOf(file, m.evidence.docId) ?? 'other'));
}

/** Milliseconds at 00:00 UTC of the first day a fact date can mean (a month is its first day). */
export function timeOf(date: FactDate): number {
  const [y, m = '01', d = '01'] = date.iso.split('-');
  return Date.UTC(Number(y), Number(m) - 1, Number(d));
}

/** A fact date as the date arithmetic of core/text/dates expects it (parts to its precision, and a time). */
export interface FactTime extends DateParts {
  iso: string;
  time: number;
  precision: FactDate['precision'];
}

export function asDate(date: FactDate): FactTime {
  const [year, month, day] = date.iso.split('-').map(Number);
  return { year, ...(month ? { month } : {}), ...(day ? { day } : {}), iso: date.iso, time: timeOf(date), precision: date.precision };
}

const sameEvidence = (a: Evidence, b: Evidence) => a.docId === b.docId && a.quote === b.quote;

/** Whether this evidence is one reading of a conflict the model left unresolved. */
export function inConflict(file: CaseFile, evidence: Evidence): boolean {
  return factsOf(file).conflicts.some((c) => c.readings.some((r) => sameEvidence(r.evidence, evidence)));
}

/** Quotes of facts, without duplicates. */
export function evidenceOf(facts: ReadonlyArray<{ evidence: Evidence }>): Evidence[] {
  return facts.map((f) => f.evidence);
}
