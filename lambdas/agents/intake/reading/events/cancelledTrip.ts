/**
 * A trip told and then undone: "We had booked a holiday in Bangkok for December 2024, but we
 * cancelled it", "His trip to Sweden planned for November 2024 was cancelled", « Nous avions prévu
 * un voyage à Lisbonne en avril 2024, mais nous l'avons annulé ». The trip did not take place, so it
 * is no event, though its sentence dates it (words: events.json `tripCancelled`). So is a trip whose
 * cancelling is told right before it ("we have to cancel the April trip to Nairobi", « il faut annuler
 * ton voyage à Douala »; events.json `tripCancelledBefore`).
 */
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import { sentenceAt, sentenceStartAt } from './clauses';

const CANCELLED = phrases(eventsJson.tripCancelled);
const CANCELLED_BEFORE = new RegExp(`(?<![\\p{L}])(?:${eventsJson.tripCancelledBefore.join('|')})[ \\t]*$`, 'iu');

/** Whether the sentence of the trip trigger at `index` cancels it after the trigger, or right before it. */
export function cancelledTrip(text: string, index: number): boolean {
  const sentence = sentenceAt(text, index);
  const at = index - sentenceStartAt(text, index);
  return CANCELLED.test(sentence.slice(at)) || CANCELLED_BEFORE.test(sentence.slice(Math.max(0, at - 60), at));
}
