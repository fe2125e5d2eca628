/**
 * The prompt-injection patterns as an intake-time screener: intake passes it to runIntake so that a
 * sentence addressed to the audit's language models is quarantined before the profile, the strategist
 * or any model prompt reads the document. The gatekeeper later reports it from the quarantine record.
 */
import type { PassageScreener, ScreenedPassage } from '../../../core/documents/quarantine/quarantineSchema';
import { findInjectionHits } from './detectInjection';
import { excerptAround } from './excerptAround';
import { bundledInjectionPatterns, type InjectionPatternSet } from './injectionPatterns';

/** Invisible format characters, removed by normalisation (as normalizeForScan does). */
const FORMAT_CHARACTER = /\p{Cf}/gu;
/** A character with the combining marks that follow it: NFKC composes within such a cluster. */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gsu;

export interface NormalizedText {
  /** The text as the detector reads it: NFKC, invisible format characters removed. */
  text: string;
  /** For each UTF-16 unit of `text`: the range of the source text it came from. */
  from: number[];
  to: number[];
}

/**
 * normalizeForScan with a map back to the source text. NFKC is applied per character cluster, which
 * gives the same result as normalising the whole text for everything the patterns look at.
 */
export function normalizeWithMap(source: string): NormalizedText {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (const m of source.matchAll(CLUSTER)) {
    const start = m.index;
    const end = start + m[0].length;
    const piece = m[0].normalize('NFKC').replace(FORMAT_CHARACTER, '');
    text += piece;
    for (let i = 0; i < piece.length; i++) {
      from.push(start);
      to.push(end);
    }
  }
  return { text, from, to };
}

/** Passages of one page's text that the injection patterns match, by offsets into that text. */
export function screenInjectionPassages(pageText: string, set: InjectionPatternSet = bundledInjectionPatterns()): ScreenedPassage[] {
  const normalized = normalizeWithMap(pageText);
  return findInjectionHits(normalized.text, set).map((hit) => ({
    start: normalized.from[hit.start],
    end: normalized.to[hit.end - 1],
    pattern: hit.pattern.id,
    category: hit.pattern.category,
    excerpt: excerptAround(normalized.text, hit.start, hit.end).text,
  }));
}

/** The screener intake uses, over the bundled patterns (or the given set). */
export function injectionScreener(set?: InjectionPatternSet): PassageScreener {
  return (pageText) => screenInjectionPassages(pageText, set);
}
