/**
 * Dates a sentence gives for something other than the event its trigger tells, which the event is
 * never dated by:
 * - a birth date ("Julien Roche, né le 2 février 1990 à Lyon, et …, a été célébré le 25 mai 2019",
 *   "awarded to Ms X, born on 3 April 1997, on 9 March 2019"): no event of the timeline is a birth;
 * - for a marriage or a divorce, a date told after a word naming the other one ("I was married; that
 *   marriage ended in divorce in 2016", « a prononcé le divorce …, dont le mariage avait été contracté
 *   … le 18 juillet 2013 »): the date is the other event's.
 * - for a charge, a date told after a word of its outcome ("charged …; the court acquitted me on 2 February
 *   2018", « poursuivie pour … ; le tribunal m'a relaxée le 2 février 2018 »): the date is the outcome's;
 * - for studies or a job, a date that dates a permit: after a permit word and, right before the date,
 *   a word of its validity ("a post-graduation work permit, from 2 May 2022 to 1 May 2025, after
 *   studying at …", "my study permit, which expires on 30 April 2025", « permis … valide du … au … »),
 *   unless the trigger itself stands between the permit and the date ("on my permit I studied there
 *   from 2015 to 2019"): a permit's validity is not the period of the studies or the job.
 * The words are in events.json `othersDates`.
 */
import type { EventKind } from '../../../../contracts/caseFacts';
import eventsJson from '../lexicons/events.json';
import type { DateInText } from '../textReaders';

const WORDS = eventsJson.othersDates;
/** A birth word right before the date, a place between at most ("né à Lyon le", "born in"). */
const BORN_BEFORE = new RegExp(`(?<![\\p{L}])(?:${WORDS.born.join('|')})(?![\\p{L}])[^.;,\\d]{0,40}$`, 'iu');
/** The word naming the other event of the couple's civil status, by the event told. */
const OTHER: Partial<Record<EventKind, RegExp>> = {
  marriage: new RegExp(`(?<![\\p{L}])(?:${WORDS.divorce.join('|')})(?![\\p{L}])`, 'iu'),
  divorce: new RegExp(`(?<![\\p{L}])(?:${WORDS.marriage.join('|')})(?![\\p{L}])`, 'iu'),
  charge: new RegExp(`(?<![\\p{L}])(?:${WORDS.outcome.join('|')})(?![\\p{L}])`, 'iu'),
};

/** Kinds a permit's validity is mistaken for: the activities a permit allows. */
const PERMITTED = new Set<EventKind>(['study', 'employment']);
/** A permit word, then (no sentence break) a word of its validity right before the date. */
const PERMIT_BEFORE = new RegExp(
  `(?<![\\p{L}])(?:${WORDS.permit.join('|')})(?![\\p{L}])[^.;!?\\n]{0,60}?(?<![\\p{L}])(?:${WORDS.validity.join('|')})[ \\t]*$`,
  'iu',
);

/** Whether the date at `start` is a permit's validity date, the trigger ending at `triggerEnd` not standing between them. */
function permitsDate(text: string, start: number, triggerEnd: number): boolean {
  const from = Math.max(0, start - 100);
  const m = PERMIT_BEFORE.exec(text.slice(from, start));
  if (!m) return false;
  const permitStart = from + (m.index ?? 0);
  return !(triggerEnd > permitStart && triggerEnd <= start);
}

/** The sentence's dates the event of `kind`, whose trigger ends at `triggerEnd`, may be dated by. */
export function ownDates(kind: EventKind, text: string, dates: DateInText[], triggerEnd: number): DateInText[] {
  const other = OTHER[kind];
  return dates.filter((d) => {
    if (BORN_BEFORE.test(text.slice(Math.max(0, d.start - 60), d.start))) return false;
    if (PERMITTED.has(kind) && permitsDate(text, d.start, triggerEnd)) return false;
    return !other || d.start < triggerEnd || !other.test(text.slice(triggerEnd, d.start));
  });
}
