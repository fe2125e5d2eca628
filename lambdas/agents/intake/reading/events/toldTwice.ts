/**
 * One-off events told twice in one sentence by two dates joined by "and": "denied twice, in 2017
 * and in 2019", "refused in 2016 and again in 2018", « refusée en 2016 et de nouveau en 2018 »,
 * « condamné en 2012 et en 2015 ». The trigger reads the first; each date joined to it this way is
 * one more event of the same kind, person and place. Without an "again" word the second date must
 * close its clause ("in 2017 and in 2019, at the consulate"), so that "refused in 2016 and in 2018
 * I married" tells no second refusal.
 */
import type { EventKind, TimelineEvent } from '../../../../contracts/caseFacts';
import eventsJson from '../lexicons/events.json';
import type { DateInText } from '../textReaders';

/** Kinds a person can have more than once, each on its own day: refusals and the court's steps. */
export const TOLD_TWICE = new Set<EventKind>(['refusal', 'charge', 'conviction']);

const AGAIN = `(?:${eventsJson.againMarkers.join('|')})`;
/** Between the first date and the next: "and", « et », an "again" word at most, and a preposition. */
const JOINED = new RegExp(`^[ \\t]*,?[ \\t]*(?:and|et)(?:[ \\t]+${AGAIN})?[ \\t]*,?(?:[ \\t]+(?:in|on|en|le|au))?[ \\t]*$`, 'iu');
const WITH_AGAIN = new RegExp(`(?<![\\p{L}])${AGAIN}(?![\\p{L}])`, 'iu');
/** What may follow a date that closes its clause: punctuation or the end. */
const CLAUSE_END = /^[ \t]*(?:[.,;:)]|$)/u;

/** The dates joined to the date at `first` ("… in 2016 and again in 2018"), in order: a chain goes on while "and" joins. */
function datesJoinedTo(text: string, first: DateInText, dates: readonly DateInText[]): DateInText[] {
  const out: DateInText[] = [];
  let previous = first;
  for (const next of dates) {
    if (next.start < previous.end) continue;
    const between = text.slice(previous.end, next.start);
    if (!JOINED.test(between) || between.length > 40) break;
    if (!WITH_AGAIN.test(between) && !CLAUSE_END.test(text.slice(next.end))) break;
    out.push(next);
    previous = next;
  }
  return out;
}

/**
 * The further events the segment's dated one-off events are told with (see above): a copy of each,
 * dated by each date joined to its own, unless the segment already read that one.
 */
export function toldAgain(read: readonly TimelineEvent[], text: string, dates: readonly DateInText[]): TimelineEvent[] {
  const out: TimelineEvent[] = [];
  for (const event of read) {
    if (!TOLD_TWICE.has(event.kind) || !event.date) continue;
    const at = dates.find((d) => d.iso === event.date!.iso);
    if (!at) continue;
    for (const next of datesJoinedTo(text, at, dates)) {
      const same = (e: TimelineEvent) => e.kind === event.kind && e.person === event.person && e.date?.iso === next.iso;
      if (!read.some(same) && !out.some(same)) out.push({ ...event, date: { iso: next.iso, precision: next.precision } });
    }
  }
  return out;
}
