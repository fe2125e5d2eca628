/**
 * Lexicon phrases for text as documents wrap it: a space in a pattern matches any run of white
 * space, so "purpose of your visit" is found across a line break. Boundaries and flags as in
 * lexicon.ts.
 */
import { phrases } from './lexicon';

export function spacedPhrases(patterns: readonly string[], flags = 'iu'): RegExp {
  return phrases(
    patterns.map((p) => p.replace(/ +/g, '\\s+')),
    flags,
  );
}
