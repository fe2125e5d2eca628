/**
 * A procedural-fairness letter is itself a notice to the applicant: "Before a final decision is
 * made, I want to give you the opportunity to respond to a concern", « Avant qu'une décision
 * définitive ne soit rendue, je souhaite vous donner l'occasion de répondre ». Its words are in the
 * present; a refusal that recalls a fairness letter ("you were given an opportunity to respond")
 * does not read so. The notice is dated on the letter (phrases: lexicons/eventMentions.json).
 */
import type { FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import { phrases } from '../lexicon';
import lexicon from '../lexicons/eventMentions.json';
import { quoteOf, type ReadingDocument } from '../readingDocument';

const ITSELF = phrases(lexicon.fairnessLetterItself);
export const FAIRNESS = 'procedural fairness';

/** The notice a fairness letter is, dated on the letter; none without the letter's date. */
export function fairnessLetterNotice(doc: ReadingDocument, letterDate: FactDate | undefined): TimelineEvent | undefined {
  if (!letterDate) return undefined;
  for (const page of doc.pages) {
    for (const segment of page.segments) {
      const cue = ITSELF.exec(segment.text.replace(/\s+/g, ' '));
      if (!cue) continue;
      return {
        kind: 'notification',
        person: 'applicant',
        date: letterDate,
        detail: FAIRNESS,
        evidence: quoteOf(doc, page, segment.start, segment.end),
        confidence: 0.7,
        source: 'rules',
      };
    }
  }
  return undefined;
}
