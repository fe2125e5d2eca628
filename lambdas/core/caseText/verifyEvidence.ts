/**
 * Checks that evidence quotes a document verbatim (DESIGN §3: every fact's quote is checked).
 *
 * On a page read by OCR the text holds OCR noise (a doubled space, a line break where the scan had
 * a wide gap, `0` for `O`), and a model quoting that page may have quoted what it meant rather than
 * the noise: there, whitespace is compared collapsed, and a quote of at least
 * MIN_FUZZY_QUOTE characters matches a passage within one edit in ten characters, provided every
 * number it quotes is in that passage as it is (an edit to a date, an amount or a document number
 * changes the fact, not the noise). Every other page is matched exactly, as before.
 */
import { distance } from 'fastest-levenshtein';
import type { Evidence, ExtractedDocument, PageText } from '../../contracts/intakeOutput';

/** Shorter quotes (a date, a number) must match exactly even on OCR pages: an edit there changes the fact. */
const MIN_FUZZY_QUOTE = 12;
/** Edits allowed per character of the quote. */
const EDITS_PER_CHARACTER = 0.1;

const collapsed = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The numbers a quote holds (runs of digits). */
const numbersIn = (text: string): string[] => text.match(/\d+/g) ?? [];

/** Whether `window` holds each of `numbers` as a whole number (not inside a longer one). */
const holdsNumbers = (window: string, numbers: readonly string[]): boolean => {
  const found = new Set(numbersIn(window));
  return numbers.every((n) => found.has(n));
};

/**
 * Whether `quote` is in `text` within `edits` edits (a window of the quote's length, give or take
 * the edits) whose numbers include every number of the quote.
 */
function nearlyIncludes(text: string, quote: string, edits: number): boolean {
  const numbers = numbersIn(quote);
  for (let start = 0; start + quote.length - edits <= text.length; start++) {
    for (let length = quote.length - edits; length <= quote.length + edits; length++) {
      if (start + length > text.length) break;
      const window = text.slice(start, start + length);
      if (distance(window, quote) <= edits && holdsNumbers(window, numbers)) return true;
    }
  }
  return false;
}

function quotedOnOcrPage(page: PageText, quote: string): boolean {
  const text = collapsed(page.text);
  const wanted = collapsed(quote);
  if (!wanted) return false;
  if (text.includes(wanted)) return true;
  if (wanted.length < MIN_FUZZY_QUOTE) return false;
  return nearlyIncludes(text, wanted, Math.floor(wanted.length * EDITS_PER_CHARACTER));
}

export function verifyEvidence(docs: readonly ExtractedDocument[], evidence: Evidence): boolean {
  if (evidence.quote.length === 0) return false;
  const doc = docs.find((d) => d.docId === evidence.docId);
  if (!doc) return false;
  const pages = evidence.page === undefined ? doc.pages : doc.pages.filter((p) => p.page === evidence.page);
  return pages.some((p) => p.text.includes(evidence.quote) || (p.source === 'ocr' && quotedOnOcrPage(p, evidence.quote)));
}
