/**
 * A trip told and then undone: "We had booked a holiday in Bangkok for December 2024, but we
 * cancelled it", "His trip to Sweden planned for November 2024 was cancelled", « Nous avions prévu
 * un voyage à Lisbonne en avril 2024, mais nous l'avons annulé ». The trip did not take place, so it
 * is no event, though its sentence dates it (words: events.json `tripCancelled`).
 */
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import { sentenceAt, sentenceStartAt } from './clauses';

const CANCELLED = phrases(eventsJson.tripCancelled);

/** Whether the sentence of the trip trigger at `index` cancels it after the trigger. */
export function cancelledTrip(text: string, index: number): boolean {
  const sentence = sentenceAt(text, index);
  return CANCELLED.test(sentence.slice(index - sentenceStartAt(text, index)));
}
