/**
 * One document as the fact reader sees it: its type and language, whose voice it is written in,
 * its pages cut into segments, and how to quote a span of a page as evidence.
 */
import type { Evidence, ExtractedDocument, DocumentType } from '../../../contracts/intakeOutput';
import type { Language, PartyRole } from '../../../contracts/caseFacts';
import { CUES } from './lexicon';
import { segmentsOf, softBreaksAsSpaces, type Segment } from './segments';
import { documentDateOrder, type DateOrder } from './textReaders';

export interface ReadingPage {
  page: number;
  text: string;
  segments: Segment[];
}

export interface ReadingDocument {
  docId: string;
  type: DocumentType;
  language: Language;
  /** Who "I" is in this document. */
  author: PartyRole;
  /** How its numeric dates are written, from its own unambiguous dates. */
  dateOrder: DateOrder;
  pages: ReadingPage[];
}

/** Forms and letters the sponsor makes: "I" is the sponsor. */
const SPONSOR_DOCUMENTS = new Set<DocumentType>(['imm-1344']);
/** Longest quote kept for a fact (a sentence or a form line). */
export const MAX_QUOTE = 300;

function authorOf(type: DocumentType, written: string): PartyRole {
  const text = softBreaksAsSpaces(written);
  if (SPONSOR_DOCUMENTS.has(type)) return 'sponsor';
  if (CUES.sponsorAuthor.test(text.slice(0, 3000))) return 'sponsor';
  if (type === 'invitation-letter' || CUES.inviterAuthor.test(text.slice(0, 1500))) return 'inviter';
  return 'applicant';
}

export function readingDocument(doc: ExtractedDocument, type: DocumentType, language: Language): ReadingDocument {
  const all = doc.pages.map((p) => p.text).join('\n');
  return {
    docId: doc.docId,
    type,
    language,
    author: authorOf(type, all),
    dateOrder: documentDateOrder(all, language),
    pages: doc.pages.map((p) => ({ page: p.page, text: p.text, segments: segmentsOf(p.text) })),
  };
}

/** The span of the page as evidence: trimmed, at most MAX_QUOTE characters, always a slice of the page. */
export function quoteOf(doc: ReadingDocument, page: ReadingPage, start: number, end: number, focus = start): Evidence {
  let from = start;
  let to = end;
  if (to - from > MAX_QUOTE) {
    from = Math.max(start, Math.min(focus - 100, end - MAX_QUOTE));
    to = Math.min(end, from + MAX_QUOTE);
  }
  while (from < to && /\s/.test(page.text[from])) from++;
  while (to > from && /\s/.test(page.text[to - 1])) to--;
  return { docId: doc.docId, page: page.page, quote: page.text.slice(from, to) };
}
