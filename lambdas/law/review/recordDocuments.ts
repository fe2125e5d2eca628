/**
 * The record's documents of given types, each with a quote from it when the fact model holds one
 * (a fact read from that document), so that a ground can show what the record holds.
 */
import type { DocumentType } from '../../contracts/documentTypes';
import type { Evidence } from '../../contracts/evidence';
import type { CaseInput } from '../caseInput';

export interface RecordDocument {
  docId?: string;
  type: DocumentType;
  evidence?: Evidence;
}

export function recordDocuments(input: CaseInput, types: readonly DocumentType[]): RecordDocument[] {
  const f = input.facts;
  const facts = [...f.money, ...f.parties, ...f.timeline, ...f.declarations];
  const typed = f.documents.filter((d) => types.includes(d.type));
  if (typed.length > 0) return typed.map((d) => ({ docId: d.docId, type: d.type, evidence: facts.find((x) => x.evidence.docId === d.docId)?.evidence }));
  // Types known only from intake's typing (no reading of that document).
  return input.documents.filter((t) => types.includes(t)).map((type) => ({ type }));
}

export const namesOf = (docs: readonly RecordDocument[]): string => [...new Set(docs.map((d) => d.type))].join(', ');
