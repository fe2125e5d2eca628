import { Bm25Index, stem, STOP_WORDS, tokenize } from '../../../lambdas/core/research/bm25';

const scoreOf = (index: Bm25Index, query: string, doc: number) => index.search(query).find((m) => m.doc === doc)?.score ?? 0;

describe('BM25 tokenising', () => {
  it('lower-cases, drops accents, punctuation, stop words and single letters', () => {
    expect(tokenize('The Officer’s DÉCISION: a refusal, under IRPA 40(1)(a).')).toEqual(['officer', 'decis', 'refus', 'irpa', '40', '1']);
    expect(STOP_WORDS.has('the')).toBe(true);
  });

  it('stems variants of a word to one term', () => {
    expect(new Set(['refusal', 'refused', 'refuses', 'refuse'].map(stem))).toEqual(new Set(['refus']));
    expect(new Set(['misrepresentation', 'misrepresented', 'misrepresenting'].map(stem))).toEqual(new Set(['misrepresent']));
    expect(stem('genuineness')).toBe(stem('genuine'));
    expect(stem('fairness')).toBe('fair');
    expect(stem('studies')).toBe(stem('study'));
  });

  it('leaves short words, numbers and words ending in -ss/-us/-is alone', () => {
    expect(['bad', 'faith', '2019', 'class', 'status', 'analysis'].map(stem)).toEqual(['bad', 'faith', '2019', 'class', 'status', 'analysis']);
  });
});

describe('BM25 scoring', () => {
  it('uses k1 = 1.2 and b = 0.75 by default', () => {
    const index = Bm25Index.build(['one']);
    expect([index.k1, index.b]).toEqual([1.2, 0.75]);
  });

  it('computes the textbook score for a one-term query', () => {
    const corpus = ['apple banana', 'banana cherry cherry', 'cherry date elderberry fig'];
    const index = Bm25Index.build(corpus);
    // "cherry": N = 3, n = 2 → IDF = ln(1 + 1.5 / 2.5); document 1: tf = 2, |D| = 3, avgdl = 3.
    const idf = Math.log(1 + 1.5 / 2.5);
    const expected = (idf * 2 * 2.2) / (2 + 1.2 * (1 - 0.75 + 0.75 * (3 / 3)));
    expect(index.idf(stem('cherry'))).toBeCloseTo(idf, 10);
    expect(scoreOf(index, 'cherry', 1)).toBeCloseTo(expected, 10);
  });

  it('saturates term frequency: each repetition adds less, and the gain stays below (k1 + 1) · IDF', () => {
    // Documents of equal length (16 tokens) so that only the term frequency differs.
    const docs = [1, 2, 4, 8, 16].map((tf) => `${'refusal '.repeat(tf)}${'filler '.repeat(16 - tf)}`);
    const index = Bm25Index.build([...docs, 'unrelated text entirely']);
    const scores = [0, 1, 2, 3, 4].map((doc) => scoreOf(index, 'refusal', doc));
    const gains = scores.slice(1).map((s, i) => s - scores[i]);
    for (let i = 1; i < gains.length; i += 1) expect(gains[i]).toBeLessThan(gains[i - 1]);
    expect(scores[4]).toBeLessThan(2.2 * index.idf('refus'));
    expect(scores[4] / scores[0]).toBeLessThan(3);
  });

  it('weights rare terms above common ones (IDF), and never gives a term a negative weight', () => {
    const corpus = [
      'visa application refused officer',
      'visa application refused',
      'visa application approved',
      'visa application misrepresentation',
    ];
    const index = Bm25Index.build(corpus);
    expect(index.idf('misrepresent')).toBeGreaterThan(index.idf('refus'));
    expect(index.idf('visa')).toBeGreaterThan(0);
    // One rare match outranks one common match.
    const ranked = index.search('visa misrepresentation');
    expect(ranked[0].doc).toBe(3);
    expect(scoreOf(index, 'misrepresentation', 3)).toBeGreaterThan(scoreOf(index, 'visa', 3));
  });

  it('normalises length: the same match counts more in a short document than in a long one', () => {
    const long = `undisclosed refusal ${'background narrative about travel and family history '.repeat(10)}`;
    const index = Bm25Index.build(['undisclosed refusal in the file', long, 'nothing relevant here']);
    expect(scoreOf(index, 'undisclosed refusal', 0)).toBeGreaterThan(scoreOf(index, 'undisclosed refusal', 1));
    const noNormalisation = Bm25Index.build(['undisclosed refusal in the file', long, 'nothing relevant here'], { b: 0 });
    expect(scoreOf(noNormalisation, 'undisclosed refusal', 0)).toBeCloseTo(scoreOf(noNormalisation, 'undisclosed refusal', 1), 10);
  });

  it('returns only documents that share a term with the query, best first, with the terms matched', () => {
    const index = Bm25Index.build(['bad faith marriage', 'genuine marriage', 'study permit']);
    const ranked = index.search('bad faith marriage');
    expect(ranked.map((m) => m.doc)).toEqual([0, 1]);
    expect(ranked[0].matchedTerms.sort()).toEqual(['bad', 'faith', 'marriag']);
    expect(index.search('the of and')).toEqual([]);
  });
});
