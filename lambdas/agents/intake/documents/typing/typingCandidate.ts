/** One kind of document a document may be, with the evidence for it: below every evidence source and the decision. */
import type { DocumentType } from '../../../../contracts/documentTypes';

export interface TypingCandidate {
  /** The kind of document (a document type, a form, or a kind the audit does not list). */
  kind: string;
  /** The document type it gives: `other` for kinds the audit does not list. */
  type: DocumentType;
  name: string;
  score: number;
  /** Our own words for each piece of evidence, never the document's text. */
  signals: string[];
}

/** Adds a piece of evidence: positive evidence is named as found, negative as evidence against. */
export function addEvidence(candidate: TypingCandidate, weight: number, label: string): void {
  candidate.score += weight;
  candidate.signals.push(weight < 0 ? `against: ${label}` : label);
}
