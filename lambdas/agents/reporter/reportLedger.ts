/**
 * What the report has already said. A finding reaches the report through several stages (a rubric
 * factor, the refusal trigger raised from it, the consistency finding behind it, the judge's rationale),
 * and each restates it in full; a lawyer reads it once. Sections pass their text through one ledger,
 * in reading order: a long sentence said before is dropped, and a long quote shown before becomes a
 * short reference to it. Works on raw text (before `inline()`/`table()` escape it).
 */

/** Sentences and quotes at least this long are said once; shorter ones ("No fix is required.") may recur. */
export const REPEAT_MIN_CHARS = 60;

/** How a repeated quote is referred to: its opening words, never more than this many characters. */
const QUOTE_REFERENCE_CHARS = 40;

/**
 * Splits text into sentences: at `.`, `!`, `?` or `:` followed by a space and a capital, a digit or an
 * opening quote (a colon too, because stages prefix a finding they restate: "X rated adverse: <finding>"). Abbreviations such as "p. 2" or "v. Canada" are left whole (no capital follows, or the
 * next word is lower-case), which is what matters here: a sentence is compared only with itself.
 */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?:])\s+(?=[A-Z0-9“"(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Case, spacing and closing punctuation do not make a sentence new. */
const key = (sentence: string): string => sentence.toLowerCase().replace(/\s+/g, ' ').replace(/[.;:!?]+$/, '').trim();

export class ReportLedger {
  private readonly said = new Set<string>();
  private readonly quoted = new Set<string>();

  /** Records text as said, without changing it (a heading's lead, the judge's rationale given as is). */
  note(text: string): void {
    for (const s of sentences(text)) if (s.length >= REPEAT_MIN_CHARS) this.said.add(key(s));
  }

  /** Whether every long sentence of `text` has been said already (and it has at least one). */
  saidBefore(text: string): boolean {
    const long = sentences(text).filter((s) => s.length >= REPEAT_MIN_CHARS);
    return long.length > 0 && long.every((s) => this.said.has(key(s)));
  }

  /**
   * `text` without the long sentences already said; what is left is recorded as said. Returns an
   * empty string when nothing new remains (the caller refers to where it was said instead).
   */
  fresh(text: string): string {
    const kept: string[] = [];
    for (const s of sentences(text)) {
      if (s.length >= REPEAT_MIN_CHARS) {
        const k = key(s);
        if (this.said.has(k)) continue;
        this.said.add(k);
      }
      kept.push(s);
    }
    // A lead-in whose finding was dropped ("X rated adverse:") ends as a sentence.
    return kept.join(' ').replace(/:$/, '.');
  }

  /**
   * A verbatim quote in full the first time (cut at `max` characters with `…` where the full text is in
   * the evidence appendix); after that its opening words, marked as quoted above.
   */
  quote(quote: string, max = Infinity): string {
    const q = quote.replace(/\s+/g, ' ').trim();
    if (q.length < REPEAT_MIN_CHARS) return `“${q}”`;
    const k = key(q);
    if (!this.quoted.has(k)) {
      this.quoted.add(k);
      return q.length > max ? `“${q.slice(0, max).replace(/\s+\S*$/, '')}…”` : `“${q}”`;
    }
    const cut = q.slice(0, QUOTE_REFERENCE_CHARS).replace(/\s+\S*$/, '');
    return `“${cut}…” (quoted above)`;
  }
}
