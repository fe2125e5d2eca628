/**
 * A refusal undone in the same record: officers' notes that go on after a refusal with a
 * reconsideration ("Earlier finding … withdrawn. Refusal of 2025-04-08 set aside; file reopened",
 * « Décision de refus du 2025-03-11 annulée ; dossier rouvert »). What the notes found before that
 * entry, and the entry's own recall of it, are no findings of the file any more: the decision they
 * grounded is gone. The refusal itself stays a fact of the history (read as an event). Vocabulary:
 * lexicons/officerFindings.json (`setAside`).
 */
import words from './lexicons/officerFindings.json';
import type { ReadingDocument } from './readingDocument';
import { spacedPhrases } from './spacedPhrases';

const SET_ASIDE = spacedPhrases(words.setAside);

/** Where the last sentence that sets a refusal aside or withdraws a finding ends (page and offset), if the document has one. */
export interface SetAsidePoint {
  page: number;
  end: number;
}

export function setAsidePoint(doc: ReadingDocument): SetAsidePoint | undefined {
  let point: SetAsidePoint | undefined;
  for (const page of doc.pages) {
    for (const segment of page.segments) if (SET_ASIDE.test(segment.text)) point = { page: page.page, end: segment.end };
  }
  return point;
}

/** A sentence that stands before the set-aside point, or is that entry itself: what it found was withdrawn. */
export function withdrawnAt(point: SetAsidePoint | undefined, page: number, start: number): boolean {
  if (!point) return false;
  return page < point.page || (page === point.page && start < point.end);
}
