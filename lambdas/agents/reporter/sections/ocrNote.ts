/**
 * Documents whose text OCR read from a scan or an image. OCR can misread a letter or a digit (a date,
 * a passport number), so a report names those documents where a reader meets its findings and asks
 * for the facts read from them to be checked against the original.
 */
import type { DocumentSummary } from '../../../contracts/intakeOutput';
import { bold, inline, md, type Markdown } from '../markdown';

const percent = (confidence: number): string => `${Math.round(confidence * 100)}%`;
const pageList = (pages: readonly number[]): string => (pages.length === 1 ? `p. ${pages[0]}` : `pp. ${pages.join(', ')}`);

/** "ok, read by OCR (p. 1, 67%)": a document's status as the documents table shows it. */
export function documentStatus(d: DocumentSummary): string {
  const status = d.status === 'ok' ? 'ok' : `${d.status}: ${d.statusDetail}`;
  return d.ocr ? `${status}, read by OCR (${pageList(d.ocr.pages)}, mean confidence ${percent(d.ocr.confidence)})` : status;
}

/** The note for a report's memo, or nothing when no page was read by OCR. */
export function ocrNote(documents: readonly DocumentSummary[]): Markdown | undefined {
  const scanned = documents.filter((d) => d.ocr);
  if (!scanned.length) return undefined;
  const named = scanned.map((d) => `${d.name} (${pageList(d.ocr!.pages)}, mean confidence ${percent(d.ocr!.confidence)})`);
  const which = inline(scanned.length === 1 ? 'this document' : 'these documents');
  return md`${bold('Read by OCR:')} ${inline(named.join('; '))}. OCR can misread letters and digits: check the facts taken from ${which} against the original before relying on them.`;
}
