/**
 * The officer's side of a refusal: the refusal letter and the GCMS notes, the provisions they rely
 * on (the grounds the case-fact model read), and the rest of the record (everything the applicant filed).
 */
import { loadResearchIndex } from '../../../../core/caselaw/loadIndex';
import { factsOf } from '../../facts/fileFacts';
import { pagesExcept, pagesOf, type CaseFile, type PageRef } from '../../text/caseFile';

export const OFFICER_DOCS = ['refusal-letter', 'gcms-notes'] as const;

export function officerPages(file: CaseFile): PageRef[] {
  return pagesOf(file, OFFICER_DOCS);
}

/** The record the officer had (or should have had): every other document except counsel's submissions. */
export function recordPages(file: CaseFile): PageRef[] {
  return pagesExcept(file, [...OFFICER_DOCS, 'submission-letter']);
}

export function hasGcmsNotes(file: CaseFile): boolean {
  return file.documents.some((d) => d.type === 'gcms-notes');
}

/** IRPA/IRPR provisions the refusal relies on: the officer's grounds, as canonical ids the bundled index holds. */
export function refusalProvisions(file: CaseFile): string[] {
  const index = loadResearchIndex();
  const ids = new Set<string>();
  for (const f of factsOf(file).officerFindings) {
    if (f.kind !== 'ground') continue;
    const provision = index.findProvision(f.subject);
    if (provision) ids.add(provision.id);
  }
  return [...ids];
}
