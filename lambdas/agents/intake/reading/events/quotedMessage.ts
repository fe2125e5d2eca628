/**
 * A message quoted or forwarded inside another: an applicant forwards the portal's "Your application
 * has been refused" to counsel, or replies under it ("> Votre demande a été refusée"). The quoted
 * message's decision is dated by that message's own date — its "Date:" line under the forward's
 * marker, or the "On 18 June 2024, IRCC wrote:" line above the quote — not by the forward's date,
 * which only tells when it was passed on.
 */
import type { FactDate } from '../../../../contracts/caseFacts';
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import type { ReadingDocument, ReadingPage } from '../readingDocument';
import { datesIn } from '../textReaders';
import { messageDateAt } from './relativeDays';

/** The line that opens a forwarded or original message ("---------- Forwarded message ---------", « -------- Message transféré -------- »). */
const FORWARD_MARKER = phrases(eventsJson.quotedMessage.forwardMarkers);
/** The line above a quote naming its writer and date ("On Tue, 18 Jun 2024 at 14:02, IRCC wrote:", « Le 4 févr. 2025 à 09:12, IRCC a écrit : »). */
const WROTE = phrases(eventsJson.quotedMessage.wrote);
/** A line of quoted text: it opens with ">". */
const QUOTED_LINE = /^[ \t]*>/u;

/** The lines of the page up to `offset`, with where each starts. */
function linesTo(page: ReadingPage, offset: number): Array<{ at: number; line: string }> {
  const out: Array<{ at: number; line: string }> = [];
  let at = 0;
  for (const line of page.text.split('\n')) {
    if (at > offset) break;
    out.push({ at, line });
    at += line.length + 1;
  }
  return out;
}

/**
 * The date of the quoted or forwarded message the offset sits in, to the day, or undefined when the
 * offset is in the document's own message (no forward marker before it, not on a quoted line).
 */
export function quotedMessageDate(doc: ReadingDocument, page: ReadingPage, offset: number): FactDate | undefined {
  const lines = linesTo(page, offset);
  const own = lines[lines.length - 1];
  const forwarded = lines.some((l) => FORWARD_MARKER.test(l.line));
  if (own && QUOTED_LINE.test(own.line)) {
    // The "… wrote:" line above the quote dates it; else the header of the forwarded message it sits in.
    for (let k = lines.length - 1; k >= 0 && (QUOTED_LINE.test(lines[k].line) || WROTE.test(lines[k].line)); k--) {
      if (!WROTE.test(lines[k].line)) continue;
      const day = datesIn(lines[k].line, doc.dateOrder).find((d) => d.precision === 'day' && !d.ambiguous);
      if (day) return { iso: day.iso, precision: 'day' };
    }
  } else if (!forwarded) return undefined;
  return forwarded ? messageDateAt(doc, page, offset) : undefined;
}
