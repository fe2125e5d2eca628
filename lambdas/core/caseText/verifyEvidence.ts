/** Checks that evidence quotes a document verbatim (DESIGN §3: every fact's quote is checked). */
import type { Evidence, ExtractedDocument } from '../../contracts/intakeOutput';

export function verifyEvidence(docs: readonly ExtractedDocument[], evidence: Evidence): boolean {
  if (evidence.quote.length === 0) return false;
  const doc = docs.find((d) => d.docId === evidence.docId);
  if (!doc) return false;
  const pages = evidence.page === undefined ? doc.pages : doc.pages.filter((p) => p.page === evidence.page);
  return pages.some((p) => p.text.includes(evidence.quote));
}
