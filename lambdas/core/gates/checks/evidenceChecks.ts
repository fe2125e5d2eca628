import type { ExtractedDocument } from '../../../contracts/intakeOutput';
import { verifyEvidence } from '../../caseText/verifyEvidence';
import { capped, gateError, isRecord, pathOf } from '../gateIssues';
import type { GateIssue } from '../gateSchema';
import type { CaseDocuments } from './caseDocuments';

/** An evidence object found somewhere in a stage output. */
export interface FoundEvidence {
  /** Where it sits in the output, e.g. `factors[0].evidence[1]`. */
  path: string;
  docId: string;
  page: unknown;
  quote: string;
}

const MAX_DEPTH = 32;

/**
 * Every evidence object in an output: the values under an `evidence` key (one object or a list) that
 * carry a string `docId` and `quote`. Malformed ones are left to the schema checks.
 */
export function collectEvidence(value: unknown): FoundEvidence[] {
  const found: FoundEvidence[] = [];
  const take = (candidate: unknown, path: PropertyKey[]) => {
    if (isRecord(candidate) && typeof candidate.docId === 'string' && typeof candidate.quote === 'string') {
      found.push({ path: pathOf(path), docId: candidate.docId, page: candidate.page, quote: candidate.quote });
    }
  };
  const walk = (node: unknown, path: PropertyKey[]) => {
    if (path.length > MAX_DEPTH) return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...path, i]));
      return;
    }
    if (!isRecord(node)) return;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'evidence') {
        if (Array.isArray(child)) child.forEach((item, i) => take(item, [...path, key, i]));
        else take(child, [...path, key]);
      } else {
        walk(child, [...path, key]);
      }
    }
  };
  walk(value, []);
  return found;
}

/** The highest page number a document has (its page count, or the last page with text). */
function lastPage(doc: ExtractedDocument): number {
  return Math.max(doc.pageCount, ...doc.pages.map((p) => p.page), 0);
}

/**
 * Checks that each piece of evidence names a document of the file, a page within it, and quotes that
 * page verbatim. Messages name paths only; the document id, page and quote go in the issue's evidence.
 */
export async function checkEvidence(evidence: readonly FoundEvidence[], docs: CaseDocuments, prefix: string): Promise<GateIssue[]> {
  const issues: GateIssue[] = [];
  for (const e of evidence) {
    const pointers = [e.path, `document ${e.docId}`, ...(e.page === undefined ? [] : [`page ${String(e.page)}`]), `quote "${e.quote}"`];
    const lookup = await docs.get(e.docId);
    if (!lookup.found) {
      issues.push(
        lookup.reason === 'unknown-document'
          ? gateError(`${prefix}.evidence-unknown-document`, `the evidence at ${e.path} cites a document that is not in this audit's file`, 'cite only documents listed by intake, by their docId', pointers)
          : gateError(`${prefix}.evidence-document-unreadable`, `the extracted text of the document cited at ${e.path} could not be read`, 'cite only documents whose text intake extracted', pointers),
      );
      continue;
    }
    const { doc } = lookup;
    if (e.page !== undefined) {
      const last = lastPage(doc);
      if (typeof e.page !== 'number' || !Number.isInteger(e.page) || e.page < 1 || e.page > last) {
        issues.push(
          gateError(`${prefix}.evidence-page-out-of-bounds`, `the evidence at ${e.path} cites page ${String(e.page)} of a document with ${last} page${last === 1 ? '' : 's'}`, 'cite a page that exists in the document (1-based)', pointers),
        );
        continue;
      }
    }
    const page = typeof e.page === 'number' ? e.page : undefined;
    if (verifyEvidence([doc], { docId: e.docId, quote: e.quote, ...(page === undefined ? {} : { page }) })) continue;
    const onPage = page === undefined ? undefined : doc.pages.find((p) => e.quote.length > 0 && p.text.includes(e.quote))?.page;
    issues.push(
      onPage !== undefined
        ? gateError(`${prefix}.evidence-wrong-page`, `the quote at ${e.path} is on page ${onPage}, not on page ${page}`, `cite page ${onPage} for this quote`, pointers)
        : gateError(`${prefix}.evidence-not-verbatim`, `the quote at ${e.path} does not appear verbatim in the document it cites`, 'copy the quote character for character from the extracted text of the cited page, or drop the claim it supports', pointers),
    );
  }
  return capped(issues);
}
