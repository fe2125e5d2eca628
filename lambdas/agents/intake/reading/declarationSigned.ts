/**
 * When a document's declarations were made: the day its signature, declaration or submission line
 * gives ("Signature: … Date: 2025-03-02", "Déclaré le 2 mars 2025"), or the "Date:" line just after
 * such a line; failing that, the document's own date as a letter. A refusal dated before that day is
 * one the declaration had to disclose; a refusal dated after it is usually the decision on it.
 */
import type { Declaration, FactDate } from '../../../contracts/caseFacts';
import { letterDate } from './events/ownDates';
import { phrases } from './lexicon';
import signatureJson from './lexicons/signature.json';
import type { ReadingDocument } from './readingDocument';
import { datesIn } from './textReaders';

const SIGNED = phrases(signatureJson.signedCues);
const DATE_LINE = /^\s*(?:\*\*)?date\b/iu;
/** How many lines after a signature line its "Date:" line may come. */
const DATE_LINE_REACH = 2;

/** Dates of month precision or finer, never a numeric date the document's order cannot settle. */
function monthDates(line: string, doc: ReadingDocument): FactDate[] {
  return datesIn(line, doc.dateOrder)
    .filter((d) => d.precision !== 'year' && !d.ambiguous)
    .map((d) => ({ iso: d.iso, precision: d.precision }));
}

/** The latest date on a signing line (a form may be signed by two people on two days). */
export function signedDate(doc: ReadingDocument): FactDate | undefined {
  const found: FactDate[] = [];
  for (const page of doc.pages) {
    const lines = page.text.split('\n');
    lines.forEach((line, i) => {
      const afterSignature = DATE_LINE.test(line) && lines.slice(Math.max(0, i - DATE_LINE_REACH), i).some((l) => SIGNED.test(l));
      if (SIGNED.test(line) || afterSignature) found.push(...monthDates(line, doc));
    });
  }
  const latest = found.reduce<FactDate | undefined>((best, d) => (!best || d.iso > best.iso ? d : best), undefined);
  return latest ?? letterDate(doc);
}

/** The declarations read from `doc`, each with the day the document made them (when it says). */
export function withSignedDate(doc: ReadingDocument, declarations: Declaration[]): Declaration[] {
  if (!declarations.length) return declarations;
  const signed = signedDate(doc);
  return signed ? declarations.map((d) => ({ ...d, signed })) : declarations;
}
