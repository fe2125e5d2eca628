/**
 * Removes spans from a page's text so that what remains reads as if the spans had never been there:
 * a span that fills its line(s) takes the line break with it, and a span inside a line takes one
 * neighbouring run of spaces, so "A. <hidden> B." becomes "A. B." rather than "A.  B.".
 */

export interface Span {
  start: number;
  end: number;
  /** Overrides the call's `tidy` for this span. */
  tidy?: boolean;
}

export interface CutResult<T extends Span> {
  text: string;
  /** Each span that was cut, with the exact text it covered (before whitespace tidying). */
  cut: Array<T & { text: string }>;
}

const HORIZONTAL_SPACE_AT_END = /[ \t\u00a0]+$/;
const HORIZONTAL_SPACE_AT_START = /^[ \t\u00a0]+/;
const BLANK = /^[ \t\u00a0\r]*$/;

/** The range actually removed for one span, widened over the whitespace that would otherwise be left doubled. */
function widen(text: string, { start, end }: Span): Span {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = text.indexOf('\n', end);
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const before = text.slice(lineStart, start);
  const after = text.slice(end, lineEnd);
  if (BLANK.test(before) && BLANK.test(after)) {
    if (nextBreak !== -1) return { start: lineStart, end: lineEnd + 1 };
    // The last line: take the line break before it instead (if any).
    return { start: lineStart > 0 ? lineStart - 1 : lineStart, end: lineEnd };
  }
  const spaceBefore = HORIZONTAL_SPACE_AT_END.exec(before);
  if (spaceBefore) return { start: start - spaceBefore[0].length, end };
  const spaceAfter = HORIZONTAL_SPACE_AT_START.exec(after);
  if (spaceAfter) return { start, end: end + spaceAfter[0].length };
  return { start, end };
}

/** Merges overlapping or touching spans (keeping the first span's data). */
export function mergeSpans<T extends Span>(spans: readonly T[]): T[] {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: T[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) {
      if (span.end > last.end) merged[merged.length - 1] = { ...last, end: span.end };
    } else merged.push({ ...span });
  }
  return merged;
}

/**
 * Cuts `spans` out of `text`. With `tidy` (the default) whitespace around each span is tidied as
 * described above; without it exactly the spans' characters go (single invisible characters).
 */
export function cutSpans<T extends Span>(text: string, spans: readonly T[], tidy = true): CutResult<T> {
  const merged = mergeSpans(spans);
  if (!merged.length) return { text, cut: [] };
  const cut = merged.map((s) => ({ ...s, text: text.slice(s.start, s.end) }));
  const ranges = mergeSpans(merged.map((s) => ((s.tidy ?? tidy) ? widen(text, s) : { start: s.start, end: s.end })));
  let out = '';
  let at = 0;
  for (const r of ranges) {
    out += text.slice(at, r.start);
    at = r.end;
  }
  out += text.slice(at);
  return { text: out, cut };
}
