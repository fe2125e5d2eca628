/**
 * A negation that only moves the event to a later day: "I did not learn of it until 19 April
 * 2024", « la lettre ne lui a été communiquée que le 15 juillet 2020 ». The event happened, on the
 * date after "until" / « que le »; the negation before the trigger does not cancel it.
 */
import lexicon from '../lexicons/eventMentions.json';
import type { DateInText } from '../textReaders';

const ONLY_THEN = new RegExp(`(?<![\\p{L}])(?:${lexicon.onlyThen.join('|')})[ \\t]*$`, 'iu');
/** How far after the trigger the "until" may stand, within the sentence. */
const REACH = 80;

/** Whether a date after the trigger, in its sentence, is led by "until" or « que le »: the negation is restrictive. */
export function onlyThen(text: string, triggerStart: number, triggerEnd: number, dates: readonly DateInText[]): boolean {
  const sentenceEnd = text.slice(triggerEnd).search(/[.!?;](?=\s|$)/u);
  const limit = triggerEnd + Math.min(REACH, sentenceEnd < 0 ? Infinity : sentenceEnd);
  // The "until" may close the trigger itself (« communiquée que le 15 juillet »).
  return dates.some((d) => d.start >= triggerEnd && d.start <= limit && ONLY_THEN.test(text.slice(triggerStart, d.start).replace(/\s+$/u, ' ').slice(-25)));
}
