/**
 * Okapi BM25 over a small in-memory corpus.
 *
 *   score(D, Q) = Σ_{t ∈ Q} IDF(t) · tf(t, D) · (k1 + 1) / (tf(t, D) + k1 · (1 − b + b · |D| / avgdl))
 *   IDF(t)      = ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5))      (the +1 keeps it positive)
 *
 * Tokens are lower-cased, accent-free words and numbers, without stop words, lightly stemmed.
 *
 * Why not MiniSearch (its BM25+ with d = 0 is the same formula): it takes |D| as the number of
 * distinct tokens, keeps avgdl as a running average, evaluates the formula in another order and
 * multiplies each score by the number of query terms matched. Scores then differ in the last bits,
 * which reorders near-ties in the statute search, so audit results would not be reproduced exactly.
 */

/** Common English words that carry no meaning for retrieval. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each either even ever few for from further had has have having he her here hers ' +
    'him his how i if in into is it its itself just may me might more most must my no nor not of off on once only or other our ' +
    'out over own same shall she should so some such than that the their them then there these they this those through to too ' +
    'under until up upon us very v vs was we were what when where whether which while who whom why will with within without would you your'
  ).split(' '),
);

/** Suffixes removed by `stem`, longest first; the replacement follows the colon. */
const SUFFIXES: ReadonlyArray<[string, string]> = [
  ['ations', ''], ['ation', ''], ['ions', ''], ['ion', ''], ['nesses', ''], ['ness', ''], ['ments', ''], ['ment', ''], ['ities', ''], ['ity', ''],
  ['ings', ''], ['ing', ''], ['edly', ''], ['ied', 'y'], ['ies', 'y'], ['ed', ''], ['ials', ''], ['ial', ''], ['als', ''], ['al', ''], ['ly', ''], ['s', ''],
];
const MIN_STEM = 4;

/**
 * A light suffix-stripping stemmer: one suffix, then a final `e`, so that `refusal`, `refused`,
 * `refuses` and `refuse` share `refus`, and `misrepresentation`, `misrepresented` share `misrepresent`.
 */
export function stem(word: string): string {
  if (/^\d/.test(word) || word.length <= MIN_STEM) return word;
  let base = word;
  for (const [suffix, replacement] of SUFFIXES) {
    if (!base.endsWith(suffix)) continue;
    if (suffix === 's' && /(?:ss|us|is)$/.test(base)) break;
    if (base.length - suffix.length + replacement.length >= MIN_STEM) {
      base = base.slice(0, base.length - suffix.length) + replacement;
      break;
    }
  }
  if (base.endsWith('e') && base.length > MIN_STEM) base = base.slice(0, -1);
  return base;
}

/** Words and numbers of `text`, lower-cased, accents removed, stop words and single letters dropped, stemmed. */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 || /\d/.test(word))
    .filter((word) => !STOP_WORDS.has(word))
    .map(stem);
}

export interface Bm25Options {
  /** Term-frequency saturation: higher lets repeated terms keep adding score. */
  k1?: number;
  /** Length normalisation: 0 ignores document length, 1 normalises fully. */
  b?: number;
}

export interface Bm25Match {
  /** Position of the document in the corpus given to `Bm25Index.build`. */
  doc: number;
  score: number;
  /** Distinct query terms found in the document. */
  matchedTerms: string[];
}

interface Posting {
  doc: number;
  tf: number;
}

export class Bm25Index {
  private constructor(
    private readonly postings: ReadonlyMap<string, readonly Posting[]>,
    private readonly lengths: readonly number[],
    readonly averageLength: number,
    readonly k1: number,
    readonly b: number,
  ) {}

  /** Indexes each text of `corpus` (position = document number). */
  static build(corpus: readonly string[], options: Bm25Options = {}): Bm25Index {
    const postings = new Map<string, Posting[]>();
    const lengths: number[] = [];
    corpus.forEach((text, doc) => {
      const tokens = tokenize(text);
      lengths.push(tokens.length);
      const counts = new Map<string, number>();
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      for (const [term, tf] of counts) {
        const list = postings.get(term);
        if (list) list.push({ doc, tf });
        else postings.set(term, [{ doc, tf }]);
      }
    });
    const total = lengths.reduce((sum, n) => sum + n, 0);
    const averageLength = lengths.length ? total / lengths.length : 0;
    return new Bm25Index(postings, lengths, averageLength, options.k1 ?? 1.2, options.b ?? 0.75);
  }

  get size(): number {
    return this.lengths.length;
  }

  /** Number of documents containing `term` (an already tokenised term). */
  documentFrequency(term: string): number {
    return this.postings.get(term)?.length ?? 0;
  }

  /** Inverse document frequency of an already tokenised term, with +1 smoothing (never negative). */
  idf(term: string): number {
    const n = this.documentFrequency(term);
    return Math.log(1 + (this.size - n + 0.5) / (n + 0.5));
  }

  /** Scores every document containing at least one term of `query`, best first (ties by document number). */
  search(query: string): Bm25Match[] {
    const terms = [...new Set(tokenize(query))];
    const scores = new Map<number, Bm25Match>();
    for (const term of terms) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = this.idf(term);
      for (const { doc, tf } of list) {
        const norm = this.averageLength ? this.lengths[doc] / this.averageLength : 1;
        const gain = (idf * tf * (this.k1 + 1)) / (tf + this.k1 * (1 - this.b + this.b * norm));
        const match = scores.get(doc) ?? { doc, score: 0, matchedTerms: [] };
        match.score += gain;
        match.matchedTerms.push(term);
        scores.set(doc, match);
      }
    }
    return [...scores.values()].sort((x, y) => y.score - x.score || x.doc - y.doc);
  }
}
