/**
 * A tribunal's or a court's reasons (an Immigration Appeal Division decision, a Federal Court
 * judgment), known by their head. What they decide is the tribunal's own decision on an appeal or a
 * review, not an officer's decision on the application: they state no `decision` event (corpus
 * README, Conventions), though the officer's refusal they recount is a refusal.
 */
import { phrases } from '../lexicon';
import mentions from '../lexicons/eventMentions.json';
import type { ReadingDocument } from '../readingDocument';

const HEAD = phrases(mentions.tribunalReasons);
/** How many lines of the first page hold the head. */
const HEAD_LINES = 15;

/** Whether the document is a tribunal's or a court's reasons (see above). */
export function tribunalReasons(doc: ReadingDocument): boolean {
  const head = doc.pages[0]?.text.split('\n').slice(0, HEAD_LINES).join('\n') ?? '';
  return HEAD.test(head);
}
