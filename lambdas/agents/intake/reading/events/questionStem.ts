/**
 * The sub-questions of a form's question stem: "6. Are you, or have you ever been:   YES   NO" over
 * "a) convicted of a crime …", "b) refused a visa …" (and « Avez-vous … : » over « a) déjà été
 * reconnu coupable … »). Each item completes the stem's question, so what it names is asked, not
 * told, even where its own line carries no question mark (a PDF keeps the "?" and the answer on the
 * item's last line). The details given below ("If you answered yes, give details:") are told.
 */
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import type { ReadingPage } from '../readingDocument';
import type { Segment } from '../segments';

const QUESTION_OPENER = phrases(eventsJson.questionOpeners);
/** A sub-question's mark: "a)", "(b)", "c.", "iv)". */
const ITEM_MARK = /^[ \t]*\(?(?:[a-z]|[ivx]{1,4})[.)][ \t]/iu;
/** Column headings set after a stem ("YES NO", "OUI NON") that the stem's colon precedes. */
const ANSWER_COLUMNS = /(?:[ \t]+(?:yes|no|oui|non|y|n|o))+[ \t]*$/iu;
/** How many lines above a sub-question its stem may stand (the items before it, wrapped). */
const STEM_REACH = 40;

/** The stem a page's line at `offset` continues: the nearest line above that ends with a colon. */
function stemAbove(text: string, offset: number): string | undefined {
  const lines = text.slice(0, offset).split('\n').slice(0, -1).reverse().slice(0, STEM_REACH);
  for (const line of lines) {
    const bare = line.replace(ANSWER_COLUMNS, '').trimEnd();
    if (bare.endsWith(':') || bare.endsWith('：')) return bare;
  }
  return undefined;
}

/** Whether the segment is a sub-question of a stem that asks ("Are you, or have you ever been:"). */
export function askedByStem(page: ReadingPage, segment: Segment): boolean {
  if (!ITEM_MARK.test(segment.text)) return false;
  const stem = stemAbove(page.text, segment.start);
  return stem !== undefined && QUESTION_OPENER.test(stem);
}
