/**
 * The prompt-injection patterns as an intake-time screener: intake passes it to runIntake so that a
 * sentence addressed to the audit's language models is quarantined before the profile, the strategist
 * or any model prompt reads the document. The gatekeeper later reports it from the quarantine record.
 */
import type { PassageScreener, ScreenedPassage } from '../../contracts/quarantinedPassage';
import { findInjectionHits } from './detectInjection';
import { excerptAround } from './excerptAround';
import { bundledInjectionPatterns, type InjectionPatternSet } from './injectionPatterns';

/** Invisible format characters, removed by normalisation (as normalizeForScan does). */
const FORMAT_CHARACTER = /\p{Cf}/gu;
/** A character with the combining marks that follow it: NFKC composes within such a cluster. */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gsu;
/** Runs of non-ASCII text: ASCII is its own NFKC form and holds no format character or mark. */
const NON_ASCII_RUN = /[^\x00-\x7F]+/g;
/** What NFKC or the removal of format characters may change within a run, beyond the run itself. */
const MARK_OR_FORMAT = /[\p{M}\p{Cf}]/u;
const STARTS_WITH_MARK = /^\p{M}/u;

export interface NormalizedText {
  /** The text as the detector reads it: NFKC, invisible format characters removed. */
  text: string;
  /** The range of the source text that the UTF-16 unit `at` of `text` came from. */
  sourceRange(at: number): { start: number; end: number };
}

/**
 * normalizeForScan with a map back to the source text. NFKC is applied per character cluster, which
 * gives the same result as normalising the whole text for everything the patterns look at.
 *
 * The map is kept as spans, not one entry per character: text that normalisation leaves as it is (all
 * ASCII, and most other text) is one span whose offsets match the source one for one, and only the
 * clusters that change get a span each. A long document then costs a few spans instead of two numbers
 * per character (a 50 MB text file once needed gigabytes and minutes here).
 */
export function normalizeWithMap(source: string): NormalizedText {
  const pieces: string[] = [];
  /** Per span: where it starts in `text`, the source range, and whether it maps one for one. */
  const textAt: number[] = [];
  const sourceStart: number[] = [];
  const sourceEnd: number[] = [];
  const oneForOne: boolean[] = [];
  let length = 0;

  const same = (start: number, end: number) => {
    if (end <= start) return;
    const last = textAt.length - 1;
    if (last >= 0 && oneForOne[last] && sourceEnd[last] === start) sourceEnd[last] = end;
    else {
      textAt.push(length);
      sourceStart.push(start);
      sourceEnd.push(end);
      oneForOne.push(true);
    }
    pieces.push(source.slice(start, end));
    length += end - start;
  };
  const changed = (start: number, end: number, piece: string) => {
    if (!piece) return;
    textAt.push(length);
    sourceStart.push(start);
    sourceEnd.push(end);
    oneForOne.push(false);
    pieces.push(piece);
    length += piece.length;
  };

  let done = 0;
  for (const m of source.matchAll(NON_ASCII_RUN)) {
    // A combining mark composes with the (ASCII) character before it: that character joins the run.
    const start = STARTS_WITH_MARK.test(m[0]) && m.index > done ? m.index - 1 : m.index;
    const end = m.index + m[0].length;
    same(done, start);
    const run = source.slice(start, end);
    if (!MARK_OR_FORMAT.test(run) && run.normalize('NFKC') === run) same(start, end);
    else {
      for (const c of run.matchAll(CLUSTER)) {
        const piece = c[0].normalize('NFKC').replace(FORMAT_CHARACTER, '');
        // A cluster with marks maps as a whole, as a match ending inside it takes the whole cluster.
        if (piece === c[0] && !MARK_OR_FORMAT.test(c[0])) same(start + c.index, start + c.index + c[0].length);
        else changed(start + c.index, start + c.index + c[0].length, piece);
      }
    }
    done = end;
  }
  same(done, source.length);

  return {
    text: pieces.join(''),
    sourceRange(at) {
      let lo = 0;
      let hi = textAt.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (textAt[mid] <= at) lo = mid;
        else hi = mid - 1;
      }
      if (!oneForOne[lo]) return { start: sourceStart[lo], end: sourceEnd[lo] };
      const offset = sourceStart[lo] + (at - textAt[lo]);
      return { start: offset, end: offset + 1 };
    },
  };
}

/** Passages of one page's text that the injection patterns match, by offsets into that text. */
export function screenInjectionPassages(pageText: string, set: InjectionPatternSet = bundledInjectionPatterns()): ScreenedPassage[] {
  const normalized = normalizeWithMap(pageText);
  return findInjectionHits(normalized.text, set).map((hit) => ({
    start: normalized.sourceRange(hit.start).start,
    end: normalized.sourceRange(hit.end - 1).end,
    pattern: hit.pattern.id,
    category: hit.pattern.category,
    excerpt: excerptAround(normalized.text, hit.start, hit.end).text,
  }));
}

/** The screener intake uses, over the bundled patterns (or the given set). */
export function injectionScreener(set?: InjectionPatternSet): PassageScreener {
  return (pageText) => screenInjectionPassages(pageText, set);
}
