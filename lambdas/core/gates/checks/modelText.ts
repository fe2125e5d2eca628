import { isRecord } from '../gateIssues';
import { citationKeys, presentedCitations, type PresentedCitation } from './reportCitations';

/**
 * Checks on text a language model wrote into a stage output (DESIGN §3: the model never adds an
 * authority nobody researched or verified). Rules-only text goes through them too and passes: the
 * deterministic cores cite only what they were given.
 */

/** The citations a detective output retrieved (authorities, similar cases, deep-research findings), as normalised keys. */
export function researchedKeys(detective: unknown): Set<string> {
  const keys = new Set<string>();
  if (!isRecord(detective)) return keys;
  const lists = [detective.authorities, detective.similarCases, isRecord(detective.deepResearch) ? detective.deepResearch.findings : undefined];
  for (const list of lists) {
    for (const a of Array.isArray(list) ? list : []) {
      if (isRecord(a) && typeof a.citation === 'string') citationKeys(a.citation).forEach((k) => keys.add(k));
    }
  }
  return keys;
}

/** The citations `text` presents that are not among `allowed`. */
export function citationsOutside(text: string, allowed: ReadonlySet<string>): PresentedCitation[] {
  return presentedCitations(text).filter((c) => !allowed.has(c.citation));
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Outcome words of `outcomes` other than `decided` that `text` names (whole words, as written: `NO-GO` is not `GO`). */
export function otherOutcomesNamed(text: string, outcomes: readonly string[], decided: string): string[] {
  const others = outcomes.filter((o) => o !== decided).sort((a, b) => b.length - a.length);
  if (!others.length) return [];
  const all = [...outcomes].sort((a, b) => b.length - a.length);
  const re = new RegExp(`(?<![\\p{L}\\p{N}-])(${all.map(escapeRe).join('|')})(?![\\p{L}\\p{N}-])`, 'gu');
  const named = new Set<string>();
  for (const m of text.matchAll(re)) if (others.includes(m[1])) named.add(m[1]);
  return [...named];
}
