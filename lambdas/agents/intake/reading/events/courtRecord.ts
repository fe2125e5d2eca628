/**
 * A court's record of counts, as a certified disposition record or a docket (« plumitif ») gives
 * them: each count's outcome on its own line ("Disposition: Withdrawn", « Décision : arrêt des
 * procédures ») and the day it was given on another ("Disposition date: 2019-09-30", « Date de la
 * décision : 2018-11-20 »). The outcome line is the acquittal or conviction, dated by that day; the
 * date line is no immigration `decision`, only the outcome's date. Phrases: lexicons/courtRecord.json.
 */
import type { FactDate } from '../../../../contracts/caseFacts';
import lexicon from '../lexicons/courtRecord.json';
import type { ReadingDocument, ReadingPage } from '../readingDocument';
import { datesIn } from '../textReaders';

const OUTCOME_LABEL = new RegExp(`^[ \\t]*(?:${lexicon.outcomeLabel.join('|')})[ \\t]*$`, 'iu');
const OUTCOME_DATE_LABEL = new RegExp(`^[ \\t]*(?:${lexicon.outcomeDateLabel.join('|')})[ \\t]*$`, 'iu');
/** How many lines after its outcome a count's date line may stand. */
const REACH = 3;

export interface CourtOutcomes {
  /** The day of each outcome line, by segment index. */
  dated: Map<number, FactDate>;
  /** The segments that only date an outcome: no event of their own. */
  dateLines: Set<number>;
}

/** The outcome lines of the page's counts and the day each was given. */
export function courtOutcomes(doc: ReadingDocument, page: ReadingPage): CourtOutcomes {
  const dated = new Map<number, FactDate>();
  const dateLines = new Set<number>();
  page.segments.forEach((segment, i) => {
    if (!segment.field || !OUTCOME_LABEL.test(segment.field.label) || datesIn(segment.field.value, doc.dateOrder).length > 0) return;
    for (let j = i + 1; j <= i + REACH && j < page.segments.length; j++) {
      const next = page.segments[j];
      if (next.field && OUTCOME_LABEL.test(next.field.label)) return;
      if (!next.field || !OUTCOME_DATE_LABEL.test(next.field.label)) continue;
      const day = datesIn(next.field.value, doc.dateOrder)[0];
      if (!day) return;
      dated.set(i, { iso: day.iso, precision: day.precision, ...(day.ambiguous ? { ambiguous: day.ambiguous } : {}) });
      dateLines.add(j);
      return;
    }
  });
  return { dated, dateLines };
}
