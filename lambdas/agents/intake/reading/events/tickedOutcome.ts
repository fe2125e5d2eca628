/**
 * A decision given by ticking a box, as the Schengen standard form does ("The visa has been
 * [X] refused [ ] annulled [ ] revoked", « Le visa a été ☒ refusé ☐ annulé ☐ abrogé »): the ticked
 * word is the outcome. A ticked "refused" is the refusal, dated by the form's own date and placed in
 * the country the form names; an unticked one is nothing. The form's list of reasons, one box a
 * line, states no event (its "intended stay" is the visa's purpose, not a trip). Phrases:
 * lexicons/refusalRows.json (`refusedOutcome`, `decidedBy`).
 */
import type { FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import { countryIn, phrases } from '../lexicon';
import lexicon from '../lexicons/refusalRows.json';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';

const REFUSED = phrases(lexicon.refusedOutcome);
/** The words a ticked outcome completes ("The visa has been", « Votre demande a été »), then its first box. */
const DECIDED_BY = new RegExp(`(?:${lexicon.decidedBy.join('|')})[ \\t]*:?\\s*(?=\\[|\\(|[☐□☒■☑✓✔])`, 'iu');
/** A ticked box and the word it ticks. */
const TICKED_WORD = /(?:\[[ \t]*[xX✓✔][ \t]*\]|\([ \t]*[xX✓✔][ \t]*\)|[☒■☑✓✔])[ \t]*(\p{L}+)/gu;
const BOX = /^[ \t]*(?:\[[ \t]*[xX✓✔]?[ \t]*\]|\([ \t]*[xX✓✔]?[ \t]*\)|[☐□☒■☑✓✔])/u;
/** How far after its words a ticked outcome's boxes run. */
const CHOICES_REACH = 80;

/**
 * The refusals the page's ticked outcomes state, by segment index; the segments of a box list
 * (each line a box) map to none, so no other reading of them applies.
 */
export function tickedOutcomes(doc: ReadingDocument, page: ReadingPage, formDate: FactDate | undefined): Map<number, TimelineEvent[]> {
  const out = new Map<number, TimelineEvent[]>();
  const lists = new Set<number>();
  const country = countryIn(page.text.replace(/\s+/gu, ' '));
  page.segments.forEach((segment, i) => {
    const lines = segment.text.split('\n').filter((l) => l.trim() !== '');
    if (lines.length > 0 && lines.every((l) => BOX.test(l))) return void lists.add(i);
    const decided = DECIDED_BY.exec(segment.text);
    if (!decided) return;
    const from = decided.index + decided[0].length;
    const ticked = [...segment.text.slice(from, from + CHOICES_REACH).matchAll(TICKED_WORD)].find((m) => REFUSED.test(m[1]));
    if (!ticked) return void out.set(i, []);
    out.set(i, [
      {
        kind: 'refusal',
        person: doc.author,
        ...(formDate ? { date: formDate } : {}),
        ...(country ? { country } : {}),
        evidence: quoteOf(doc, page, segment.start, segment.end, segment.start + from + (ticked.index ?? 0)),
        confidence: formDate ? 0.8 : 0.65,
        source: 'rules',
      },
    ]);
  });
  // The box lists of a form that decides by a ticked box are its reasons.
  if (out.size > 0) for (const i of lists) out.set(i, []);
  return out;
}
