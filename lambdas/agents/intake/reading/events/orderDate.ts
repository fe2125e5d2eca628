/**
 * The day a removal order was made, where the order is a form: its title or its "Type of removal
 * order:" line names the order without a date, and a field of its own dates it ("Date made: 22
 * September 2021", "Date of order:", « Date de prise de la mesure : »). A page's other dates (the
 * day it was enforced, a date of birth) are not the order's.
 */
import type { FactDate } from '../../../../contracts/caseFacts';
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import type { ReadingDocument, ReadingPage } from '../readingDocument';
import { datesIn } from '../textReaders';

/** A field label that dates the order itself (events.json `orderMadeLabels`), matched on the whole label. */
const ORDER_MADE = new RegExp(`^(?:${eventsJson.orderMadeLabels.join('|')})$`, 'iu');

/** The date of the page's field that dates the order, if the page has one. */
export function orderMadeDate(doc: ReadingDocument, page: ReadingPage): FactDate | undefined {
  for (const segment of page.segments) {
    if (!segment.field || !ORDER_MADE.test(segment.field.label.trim())) continue;
    const date = datesIn(segment.field.value, doc.dateOrder)[0];
    if (date) return { iso: date.iso, precision: date.precision, ...(date.ambiguous ? { ambiguous: date.ambiguous } : {}) };
  }
  return undefined;
}
