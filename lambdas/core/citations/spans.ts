/** Half-open ranges of text, and a fast overlap test for many of them. */
export interface Span {
  start: number;
  end: number;
}

/** Sorted, non-overlapping cover of `spans`. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ start: span.start, end: span.end });
  }
  return merged;
}

/** Whether [start, end) overlaps any span of `merged` (as returned by mergeSpans). O(log n). */
export function overlapsAny(merged: readonly Span[], start: number, end: number): boolean {
  let lo = 0;
  let hi = merged.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (merged[mid].end <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < merged.length && merged[lo].start < end;
}
