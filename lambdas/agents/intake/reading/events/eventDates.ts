/** An event's dates among its segment's, and what its trigger's words add to it (a section, an offence). */
import type { EventKind, FactDate } from '../../../../contracts/caseFacts';
import { phrases } from '../lexicon';
import type { DateInText } from '../textReaders';
import { FAIRNESS } from './fairnessLetter';

/** Kinds that are periods: a second date, or "since"/"depuis", reads as the period's bounds. */
export const PERIODS = new Set<EventKind>(['employment', 'study', 'cohabitation-start', 'overstay', 'travel']);
/** An end bound right before a period's first date after its trigger ("remained … until I left on 15 August 2016"). */
const UNTIL_BEFORE = /(?<![\p{L}])(?:until|till|through|jusqu['’]?(?:à|au|en)?)(?![\p{L}])[^.;,]{0,20}$/iu;
const UNTIL = phrases(['to', 'until', 'till', 'through', 'ended', 'à', 'au', 'jusqu[\'’]au?', 'jusqu[\'’]en', '[-–—]']);

/**
 * Events a later clause may follow with a date of its own ("On 22 March 2017 a judge ordered me
 * removed, and I was removed … on 30 April 2017"; "In April 2023 we spent two weeks in Seoul, and I
 * travelled to Lisbon from 6 to 9 June 2022").
 */
const OWN_CLAUSE_DATED = new Set<EventKind>(['removal-order', 'entry', 'travel']);
/** What joins a new clause: a ";" or a comma and a conjunction. */
const CLAUSE_BREAK = /;|,[ \t\n]*(?:and|but|then|after which|et|mais|puis)(?![\p{L}])/iu;

/**
 * The date of the trigger's own clause when the sentence opens with it ("On 22 March 2017 … ordered
 * me removed") and the first date after the trigger stands past a clause break: that later date is
 * the next clause's event (the removal carried out), not this one's.
 */
function dateOfOwnClause(text: string, dates: readonly DateInText[], triggerStart: number): DateInText | undefined {
  const next = dates.find((d) => d.start >= triggerStart);
  if (!next || !CLAUSE_BREAK.test(text.slice(triggerStart, next.start))) return undefined;
  const before = dates.filter((d) => d.end <= triggerStart).pop();
  return before && !CLAUSE_BREAK.test(text.slice(before.end, triggerStart)) && !/[.!?]\s/u.test(text.slice(before.end, triggerStart)) ? before : undefined;
}

/** The date of the trigger's own clause, for the kinds a later clause may follow with its own date. */
export function clauseDate(kind: EventKind, text: string, dates: readonly DateInText[], triggerStart: number): DateInText | undefined {
  return OWN_CLAUSE_DATED.has(kind) ? dateOfOwnClause(text, dates, triggerStart) : undefined;
}

/**
 * The event's date (and end, for periods) among the segment's dates, preferring dates after the
 * trigger's start: a trigger that spans its date ("employée depuis le 1er octobre 2015 en qualité
 * de", "charged on 3 May 2019 with") is dated by it, not by a later date of the sentence.
 */
export function datesFor(kind: EventKind, text: string, dates: DateInText[], triggerStart: number): { date?: FactDate; end?: FactDate } {
  if (dates.length === 0) return {};
  const ownClause = clauseDate(kind, text, dates, triggerStart);
  if (ownClause) return { date: { iso: ownClause.iso, precision: ownClause.precision, ...(ownClause.ambiguous ? { ambiguous: ownClause.ambiguous } : {}) } };
  const after = dates.filter((d) => d.start >= triggerStart);
  const ordered = after.length ? [...after, ...dates.filter((d) => d.start < triggerStart).reverse()] : [...dates].reverse();
  // A period before the trigger ("2024-06-10 to 2024-06-28 (travel to Canada)") opens at its first date; a one-off
  // event told at a period's end ("from March to April 2026, when we married") is dated by its end.
  const lead = (PERIODS.has(kind) && dates.find((d) => d.until && d.until !== 'present' && d.end <= ordered[0].start && d.until.iso === ordered[0].iso && after.length === 0)) || ordered[0];
  // A year that a later date of the sentence makes precise ("the Fall 2024 term, starting 28 August 2024") is that date.
  const first = lead.precision === 'year' && !lead.until ? (after.find((d) => d.start > lead.end && d.precision !== 'year' && d.iso.startsWith(lead.iso)) ?? lead) : lead;
  const plain = (d: DateInText): FactDate => ({ iso: d.iso, precision: d.precision, ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}) });
  if (!PERIODS.has(kind)) return { date: plain(first) };
  // The trigger told after its start ("My stay ended on 1 December 2014 and I remained unlawfully … until I left on
  // 15 August 2016"): the date before the trigger opens the period, the one after the "until" closes it.
  const opening = dates.filter((d) => d.end <= triggerStart).pop();
  if (after.length && opening && !opening.until && UNTIL_BEFORE.test(text.slice(triggerStart, after[0].start))) return { date: plain(opening), end: plain(after[0]) };
  if (first.until) return { date: plain(first), ...(first.until !== 'present' ? { end: first.until } : {}) };
  const next = dates.find((d) => d.start > first.end && d.start - first.end < 20 && UNTIL.test(text.slice(first.end, d.start)));
  return { date: plain(first), ...(next ? { end: plain(next) } : {}) };
}

/** What the trigger's own text adds: a refusal's section, a charge's offence, a fairness letter. */
export function detailFor(kind: EventKind, text: string): string | undefined {
  if (kind === 'notification' && /fairness|équité/iu.test(text)) return FAIRNESS;
  if (kind === 'refusal' || kind === 'removal-order') {
    const section = /(?:section|paragraph|subsection|article|alinéa|paragraphe|art\.|s\.)\s*\d+(?:\([0-9a-z]+\))*/iu.exec(text);
    if (section) return section[0];
  }
  if (kind === 'charge' || kind === 'conviction' || kind === 'acquittal') {
    const offence = /(?:charged with|convicted of|guilty of|accusée? d[e'’]|coupable d[e'’]|offence of|infraction de)\s+([^.;,\n]{3,80})/iu.exec(text);
    if (offence) return offence[1].trim();
  }
  return undefined;
}
