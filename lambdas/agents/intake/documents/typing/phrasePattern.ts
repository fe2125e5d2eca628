/**
 * Compiles the typing lexicons' phrase notation into one regular expression per signal. A phrase is
 * matched at word boundaries; `word*` ends a word with any letters ("refus*"); a lone `*` stands for
 * one to three words (a name: "confirm that * is employed"); ` ... ` is a short gap within one
 * sentence ("tuition ... receipt"). Everything else is literal.
 */
import { foldText } from './foldText';

const START = String.raw`(?<![\p{L}\p{N}])`;
const END = String.raw`(?![\p{L}\p{N}])`;
/** One to three words, never across a sentence end. */
const SOME_WORDS = String.raw`(?:[^\s.!?]+ ){0,2}[^\s.!?]+`;
/** The gap of ` ... `: at most 80 characters of the same sentence. */
const GAP = String.raw`[^.!?\n]{0,80}?`;

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function word(token: string): string {
  if (token === '*') return SOME_WORDS;
  if (token.endsWith('*') && token.length > 1) return `${literal(token.slice(0, -1))}\\p{L}*`;
  return literal(token);
}

function run(part: string): string {
  return part.split(' ').filter(Boolean).map(word).join(' ');
}

/** The source of one phrase, without its outer word boundaries; `caseSensitive` phrases keep their letter case and accents. */
export function phraseSource(phrase: string, caseSensitive = false): string {
  const text = caseSensitive ? phrase.trim() : foldText(phrase);
  return text
    .split(/ ?\.\.\. ?/)
    .map(run)
    .join(`${END}${GAP}${START}`);
}

/** One expression for all of the phrases (global, so that callers can find every hit). */
export function phrasePattern(phrases: readonly string[], caseSensitive = false): RegExp {
  if (phrases.length === 0) return /(?!)/gu;
  // The boundaries stand once around the alternatives, so that the engine can skip ahead to a phrase's first letters.
  return new RegExp(`${START}(?:${phrases.map((p) => phraseSource(p, caseSensitive)).join('|')})${END}`, 'gu');
}
