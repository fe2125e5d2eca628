/**
 * A short verbatim passage of a provision's text around the words a search matched, so that
 * whoever cites the provision can quote it exactly.
 */
import { tokenize } from '../research/bm25';

export const MAX_EXCERPT_CHARS = 240;
/** Context kept before the first matched word when the text has to be cut. */
const LEAD_CHARS = 60;

export interface StatuteExcerpt {
  /** A substring of the provision's text, cut at word boundaries. */
  text: string;
  /** True when the text was cut (show an ellipsis where it was). */
  partial: boolean;
}

interface WordSpan {
  start: number;
  end: number;
  matched: boolean;
}

function wordSpans(text: string, terms: ReadonlySet<string>): WordSpan[] {
  const spans: WordSpan[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = match.index ?? 0;
    const stemmed = tokenize(match[0])[0];
    spans.push({ start, end: start + match[0].length, matched: stemmed !== undefined && terms.has(stemmed) });
  }
  return spans;
}

/**
 * The passage of at most `max` characters of `text` holding the most matched words (`matchedTerms`
 * are tokens as `tokenize` gives them), starting a little before the first of them.
 */
export function statuteExcerpt(text: string, matchedTerms: readonly string[], max: number = MAX_EXCERPT_CHARS): StatuteExcerpt {
  if (text.length <= max) return { text, partial: false };
  const spans = wordSpans(text, new Set(matchedTerms));
  const matched = spans.filter((span) => span.matched);
  let bestFirst = matched[0];
  let bestCount = 0;
  for (let i = 0; i < matched.length; i += 1) {
    let count = 0;
    for (let j = i; j < matched.length && matched[j].end - matched[i].start <= max; j += 1) count += 1;
    if (count > bestCount) {
      bestCount = count;
      bestFirst = matched[i];
    }
  }
  const anchor = bestFirst?.start ?? 0;
  // Start at a word boundary up to LEAD_CHARS before the anchor, end at the last whole word that fits.
  const startSpan = spans.find((span) => span.start >= anchor - LEAD_CHARS) ?? spans[0];
  let start = startSpan ? startSpan.start : 0;
  if (anchor - LEAD_CHARS <= 0) start = 0;
  const lastFitting = spans.filter((span) => span.end - start <= max).pop();
  let end = lastFitting ? lastFitting.end : Math.min(text.length, start + max);
  // Keep closing punctuation that directly follows the last word (`;`, `.`, `)`).
  while (end < text.length && end - start < max && /[.;:,)\]]/.test(text[end])) end += 1;
  const passage = text.slice(start, end).trim();
  return { text: passage, partial: start > 0 || end < text.length };
}
