/** The dates that place a document in time: when it was written, and the event it records. */
import type { CaseDocument } from './caseFile';
import { dateOrderOf, readDates, type FoundDate } from '../../../core/text/dates';

/**
 * Day-precision dates in the document, in order of appearance. Numeric dates are read in the
 * order of the whole document (a page with only 03/04/2021 follows the page that writes 25/12/2020).
 */
export function dayDates(doc: CaseDocument): FoundDate[] {
  const order = dateOrderOf(doc.extracted.pages.map((p) => p.text).join('\n'));
  return doc.extracted.pages.flatMap((p) => readDates(p.text, { order })).filter((d) => d.precision === 'day');
}

/**
 * The latest day-precision date in the document that is not after `notAfter`: a fair reading of
 * when a form was signed or a letter issued (forms end with the signature date).
 */
export function latestDate(doc: CaseDocument, notAfter: Date): FoundDate | undefined {
  const limit = notAfter.getTime();
  return dayDates(doc)
    .filter((d) => d.time <= limit)
    .reduce<FoundDate | undefined>((latest, d) => (!latest || d.time > latest.time ? d : latest), undefined);
}

/** The first day-precision date of the document (a letter's date line comes first). */
export function firstDate(doc: CaseDocument): FoundDate | undefined {
  return dayDates(doc)[0];
}
