import type { Span } from './cutSpans';

/** Farthest a sentence is followed away from the matched words before falling back to their line. */
const MAX_REACH = 400;

const TERMINATOR = /[.!?…]/;
const CLOSERS = /["'”’»)\]]/;

function lineStartAt(text: string, index: number): number {
  return text.lastIndexOf('\n', index - 1) + 1;
}

function lineEndAt(text: string, index: number): number {
  const next = text.indexOf('\n', index);
  return next === -1 ? text.length : next;
}

/** Whether the line starting at `lineStart` goes on with the sentence of the line before it (wrapped prose). */
function continuesPreviousLine(text: string, lineStart: number): boolean {
  if (lineStart === 0) return false;
  const previous = text.slice(lineStartAt(text, lineStart - 1), lineStart - 1).trimEnd();
  if (previous === '' || /[.!?…:;]["'”’»)\]]*$/.test(previous)) return false;
  return /^[ \t]*\p{Ll}/u.test(text.slice(lineStart));
}

function sentenceStart(text: string, start: number): number {
  const floor = Math.max(0, start - MAX_REACH);
  for (let i = start; i > floor; i--) {
    const c = text[i - 1];
    if (c === '\n' && !continuesPreviousLine(text, i)) return i;
    if (/\s/.test(c) && i >= 2) {
      // "… end. Next" or "… end.” Next"
      let j = i - 1;
      while (j > 0 && /\s/.test(text[j - 1]) && text[j - 1] !== '\n') j--;
      let k = j - 1;
      while (k >= 0 && CLOSERS.test(text[k])) k--;
      if (k >= 0 && TERMINATOR.test(text[k]) && j < i) return i;
    }
  }
  return floor === 0 ? 0 : lineStartAt(text, start);
}

function sentenceEnd(text: string, end: number): number {
  const ceiling = Math.min(text.length, end + MAX_REACH);
  for (let i = end; i < ceiling; i++) {
    const c = text[i];
    if (c === '\n') {
      if (!continuesPreviousLine(text, i + 1)) return i;
      continue;
    }
    if (TERMINATOR.test(c)) {
      let k = i + 1;
      while (k < text.length && (TERMINATOR.test(text[k]) || CLOSERS.test(text[k]))) k++;
      if (k >= text.length || /\s/.test(text[k])) return k;
    }
  }
  return ceiling === text.length ? text.length : lineEndAt(text, end);
}

/**
 * The sentence (or list item, or line) around `[start, end)`: from the previous sentence end or the
 * start of its line to the next sentence end or the end of its line, following wrapped prose onto
 * further lines. Leading and trailing whitespace are not part of it.
 */
export function sentenceAround(text: string, span: Span): Span {
  let start = sentenceStart(text, span.start);
  let end = Math.max(sentenceEnd(text, span.end), span.end);
  while (start < span.start && /\s/.test(text[start])) start++;
  while (end > span.end && /\s/.test(text[end - 1])) end--;
  return { start, end };
}
