/**
 * The officer's side of a refusal: the refusal letter and the GCMS notes, the provisions they rely
 * on, and the rest of the record (everything the applicant filed).
 */
import { loadResearchIndex } from '../../../../core/caselaw/loadIndex';
import { parseCitations } from '../../../../core/citations/parseCitations';
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

/** IRPA/IRPR provisions the refusal relies on, as canonical ids the bundled index holds. */
export function refusalProvisions(file: CaseFile): string[] {
  const index = loadResearchIndex();
  const ids = new Set<string>();
  for (const ref of officerPages(file)) {
    for (const c of parseCitations(ref.page.text, { index })) {
      if (c.kind !== 'statute') continue;
      const provision = index.findProvision(c.provisionId);
      if (provision) ids.add(provision.id);
    }
  }
  return [...ids];
}
