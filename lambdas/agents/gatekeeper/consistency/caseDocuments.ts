/**
 * The documents the consistency checks read: each document's visible extracted text (quarantined
 * passages are not in it) with the type intake gave it, and the one way evidence is cut from them:
 * an exact slice of a page, checked verbatim before it is used.
 */
import type { DocumentSummary, DocumentType, Evidence, ExtractedDocument, PageText } from '../../../contracts/intakeOutput';
import { verifyEvidence } from '../../../core/caseText/verifyEvidence';
import { dateOrderOf, type DateOrder } from '../../../core/text/dates';

export interface CaseDocument {
  docId: string;
  name: string;
  type: DocumentType;
  pages: PageText[];
  /** The extracted document, for verbatim checks. */
  source: ExtractedDocument;
  /** How the document writes numeric dates (from its own unambiguous dates): 03/04/2021 is read in it. */
  dateOrder?: DateOrder;
}

/** Longest quote an evidence item carries; longer spans keep their end (where answers and dates are). */
export const MAX_QUOTE = 300;

/** Readable documents with text, typed as intake classified them, in intake's order. */
export function caseDocuments(extracted: readonly ExtractedDocument[], summaries: readonly DocumentSummary[]): CaseDocument[] {
  const typeOf = new Map(summaries.map((d) => [d.docId, d.type] as const));
  return extracted
    .filter((doc) => doc.pages.some((p) => /\S/.test(p.text)))
    .map((doc) => ({ docId: doc.docId, name: doc.name, type: typeOf.get(doc.docId) ?? 'other', pages: doc.pages, source: doc, dateOrder: dateOrderOf(doc.pages.map((p) => p.text).join('\n')) }));
}

/**
 * Evidence quoting `[start, end)` of a page, whitespace trimmed, at most MAX_QUOTE characters (the
 * end is kept: "… country or territory? No"). Undefined when the slice is empty or not verbatim.
 */
export function quoteOf(doc: CaseDocument, page: number, start: number, end: number): Evidence | undefined {
  const text = doc.pages.find((p) => p.page === page)?.text;
  if (text === undefined) return undefined;
  let s = Math.max(0, start);
  let e = Math.min(text.length, end);
  while (s < e && /\s/.test(text[s])) s++;
  while (e > s && /\s/.test(text[e - 1])) e--;
  if (e - s > MAX_QUOTE) {
    s = e - MAX_QUOTE;
    while (s < e && !/\s/.test(text[s - 1] ?? ' ')) s++;
    // Do not start inside a surrogate pair.
    if (/[\udc00-\udfff]/.test(text[s] ?? '')) s++;
  }
  const quote = text.slice(s, e);
  if (!quote) return undefined;
  const evidence: Evidence = { docId: doc.docId, page, quote };
  return verifyEvidence([doc.source], evidence) ? evidence : undefined;
}

/** The line of `text` around `index`, as offsets. */
export function lineAround(text: string, index: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  const next = text.indexOf('\n', index);
  return { start, end: next === -1 ? text.length : next };
}

/** Every page of every document, with its document. */
export function* pagesOf(docs: readonly CaseDocument[]): Generator<{ doc: CaseDocument; page: PageText }> {
  for (const doc of docs) for (const page of doc.pages) yield { doc, page };
}

/** Evidence items that are defined, without duplicates. */
export function evidenceList(items: ReadonlyArray<Evidence | undefined>): Evidence[] {
  const seen = new Set<string>();
  const out: Evidence[] = [];
  for (const e of items) {
    if (!e) continue;
    const key = `${e.docId}\u0000${e.page ?? ''}\u0000${e.quote}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  return out;
}
