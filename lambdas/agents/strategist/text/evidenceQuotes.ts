/**
 * Turns a place in a page into Evidence whose quote is copied from the page, never rebuilt, and
 * checked verbatim (verifyEvidence). A quote that carries a case citation, or a statute reference
 * the bundled index does not hold, is refused: the verifier reads every citation in the Strategist's
 * output as the Strategist's own, and a client's mistaken citation must not become one.
 */
import { loadResearchIndex } from '../../../core/caselaw/loadIndex';
import { parseCitations } from '../../../core/citations/parseCitations';
import type { Evidence, Fact } from '../../../contracts/intakeOutput';
import { verifyEvidence } from '../../../core/caseText/verifyEvidence';
import type { PageRef } from './caseFile';

/** Longest quote kept; longer lines are cut around the place that matched. */
export const MAX_QUOTE = 240;

function acceptableQuote(quote: string): boolean {
  const index = loadResearchIndex();
  const citations = parseCitations(quote, { index });
  return citations.every((c) => c.kind === 'statute' && index.findProvisionOrAncestor(c.provisionId) !== undefined);
}

/** Evidence for `text.slice(start, end)` of the page, trimmed; undefined when it is empty or not acceptable. */
export function quoteSpan(ref: PageRef, start: number, end: number): Evidence | undefined {
  const text = ref.page.text;
  let from = Math.max(0, start);
  let to = Math.min(text.length, end);
  while (from < to && /\s/.test(text[from])) from++;
  while (to > from && /\s/.test(text[to - 1])) to--;
  if (to - from > MAX_QUOTE) to = from + MAX_QUOTE;
  while (to > from && /\s/.test(text[to - 1])) to--;
  const quote = text.slice(from, to);
  if (!quote || !acceptableQuote(quote)) return undefined;
  const evidence: Evidence = { docId: ref.doc.docId, page: ref.page.page, quote };
  return verifyEvidence([ref.doc.extracted], evidence) ? evidence : undefined;
}

/** The bounds of the line holding `index`. */
export function lineBounds(text: string, index: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', Math.max(0, index - 1)) + 1;
  const newline = text.indexOf('\n', index);
  return { start: index === 0 ? 0 : start, end: newline === -1 ? text.length : newline };
}

/**
 * The line that holds the match (`start`..`end`), as a quote. A line longer than MAX_QUOTE is cut to
 * a window that keeps the match.
 */
export function quoteLine(ref: PageRef, start: number, end = start + 1): Evidence | undefined {
  const text = ref.page.text;
  const line = lineBounds(text, start);
  if (line.end - line.start <= MAX_QUOTE) return quoteSpan(ref, line.start, line.end);
  // Keep some words before the match, and the whole match when it fits.
  let from = Math.max(line.start, start - 60);
  if (end - from > MAX_QUOTE) from = Math.max(line.start, end - MAX_QUOTE);
  if (from > line.start) {
    const space = text.indexOf(' ', from);
    if (space !== -1 && space < start) from = space + 1;
  }
  return quoteSpan(ref, from, Math.min(line.end, from + MAX_QUOTE));
}

/** A profile fact's evidence, when its quote still passes the same checks. */
export function factEvidence(fact: Fact | undefined): Evidence | undefined {
  if (!fact || !acceptableQuote(fact.evidence.quote)) return undefined;
  return fact.evidence;
}

/** Evidence without duplicates (same document, page and quote), at most `limit`. */
export function distinctEvidence(items: ReadonlyArray<Evidence | undefined>, limit = 4): Evidence[] {
  const seen = new Set<string>();
  const out: Evidence[] = [];
  for (const e of items) {
    if (!e) continue;
    const key = `${e.docId}|${e.page ?? ''}|${e.quote}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
    if (out.length >= limit) break;
  }
  return out;
}
