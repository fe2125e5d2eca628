/**
 * How much an application phrase weighs where it stands: a document's title, an option a form ticks
 * ("☒ Un permis de travail", "[X] study permit") or the writer's own request just before it (« je
 * demande un permis d'études », « je sollicite la prolongation de mon permis d'études », "I am applying
 * for a post-graduation work permit") say what this file applies for, as other mentions do not.
 * Phrases: lexicons/application.json, `checkedBox` and `requestBefore`.
 */
import applicationJson from '../lexicons/application.json';

/** A ticked box just before the phrase. */
const CHECKED_BOX = new RegExp(applicationJson.checkedBox, 'iu');
/** The writer's request just before the phrase. */
const REQUEST_BEFORE = new RegExp(`(?:${applicationJson.requestBefore.join('|')})$`, 'iu');
/** A title, a ticked option or a request weighs as three mentions. */
const STRONG = 3;

/** The weight of a phrase, given whether its segment is a title and the segment's text before it. */
export function phraseWeight(title: boolean, before: string): number {
  return title || CHECKED_BOX.test(before) || REQUEST_BEFORE.test(before) ? STRONG : 1;
}
