import { MAX_EXCERPT_CHARS } from '../../contracts/injectionAttempt';
import { boundText } from '../../contracts/quarantinedPassage';

export interface Excerpt {
  /** Whitespace collapsed, at most `max` characters, `…` where the text was cut. */
  text: string;
  /** The span of the source text the excerpt shows. */
  from: number;
  to: number;
}

const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);
const collapse = (s: string): string => s.replace(/\s+/g, ' ');


/** Moves from `pos` in direction `dir` until `budget` characters of collapsed text are covered. */
function walk(text: string, pos: number, dir: 1 | -1, budget: number): number {
  let covered = 0;
  let p = pos;
  let previousWasSpace = false;
  while (covered < budget) {
    const i = dir < 0 ? p - 1 : p;
    if (i < 0 || i >= text.length) break;
    const space = isSpace(text[i]);
    if (!(space && previousWasSpace)) covered++;
    previousWasSpace = space;
    p += dir;
  }
  return p;
}

/**
 * A short excerpt of `text` around `[start, end)`: the match with as much context on each side as
 * fits in `max` characters, cut at word boundaries, whitespace collapsed to single spaces.
 */
export function excerptAround(text: string, start: number, end: number, max: number = MAX_EXCERPT_CHARS): Excerpt {
  const match = collapse(text.slice(start, end)).trim();
  const room = max - match.length - 2; // two ellipses at most
  if (room <= 0) return { text: boundText(match, max), from: start, to: end };

  let from = walk(text, start, -1, Math.floor(room / 2));
  const usedBefore = collapse(text.slice(from, start)).length;
  let to = walk(text, end, 1, room - usedBefore);
  // Never end an excerpt in the middle of a word.
  if (from > 0 && !isSpace(text[from - 1])) {
    while (from < start && !isSpace(text[from])) from++;
  }
  if (to < text.length && !isSpace(text[to])) {
    while (to > end && !isSpace(text[to - 1])) to--;
  }
  const body = collapse(text.slice(from, to)).trim();
  const cutBefore = text.slice(0, from).trim() !== '';
  const cutAfter = text.slice(to).trim() !== '';
  const excerpt = `${cutBefore ? '…' : ''}${body}${cutAfter ? '…' : ''}`;
  return { text: boundText(excerpt, max), from, to };
}
