/**
 * BM25 search over the statutory text, returning provisions with a short verbatim excerpt to
 * quote. Each unit with words of its own is one document: its marginal note (or the nearest
 * enclosing one), its term, the lead-in words of the units enclosing it, and its own words. So a
 * paragraph is found with the sentence that introduces it (`an officer shall issue a study permit
 * … if … the foreign national` + `will leave Canada by the end of the period authorized`).
 * The BM25 index is built on the first search in each language and kept with the statute index.
 */
import { Bm25Index } from '../research/bm25';
import { wordsOf } from './statuteWords';
import { loadStatuteIndex, type StatuteIndex } from './loadStatuteIndex';
import { provisionText } from './provisionTree';
import { statuteExcerpt } from './statuteExcerpt';
import type { Instrument, Language, Provision } from './statuteIndexSchema';

export interface StatuteSearchOptions {
  /** Most hits returned; default 10. */
  limit?: number;
  /** Only provisions of this instrument. */
  instrument?: Instrument;
  /** Which version's words to search and quote; default English. */
  language?: Language;
  /** Repealed units are left out unless this is true. */
  includeRepealed?: boolean;
}

export interface StatuteSearchHit {
  id: string;
  provision: Provision;
  score: number;
  /** Query tokens (as `tokenize` gives them) found in the provision's document. */
  matchedTerms: string[];
  /** Verbatim passage of the provision's own words in `language` (`wordsOf`), around the matched words. */
  excerpt: string;
  /** True when `excerpt` is cut from a longer text. */
  excerptIsPartial: boolean;
  language: Language;
}

interface SearchCorpus {
  bm25: Bm25Index;
  provisions: Provision[];
}

const corpora = new WeakMap<StatuteIndex, Map<Language, SearchCorpus>>();

function searchDocument(index: StatuteIndex, provision: Provision, language: Language): string {
  const parts: string[] = [];
  let note = provision.marginalNote?.[language];
  for (let parent = provision.parent ? index.byId.get(provision.parent) : undefined; parent; parent = parent.parent ? index.byId.get(parent.parent) : undefined) {
    note ??= parent.marginalNote?.[language];
    const lead = wordsOf(parent, language);
    if (lead) parts.unshift(lead);
  }
  if (note) parts.unshift(note);
  const term = provision.term?.[language];
  if (term) parts.push(term);
  parts.push(wordsOf(provision, language) ?? '');
  const closing = wordsOf(provision, language, 'continuedText');
  if (closing) parts.push(closing);
  return parts.join(' \n ');
}

function corpusFor(index: StatuteIndex, language: Language): SearchCorpus {
  let byLanguage = corpora.get(index);
  if (!byLanguage) {
    byLanguage = new Map();
    corpora.set(index, byLanguage);
  }
  let corpus = byLanguage.get(language);
  if (!corpus) {
    // A unit with no words of its own (a section that is only a frame for subsections) is found through them.
    const provisions = index.provisions.filter((p) => wordsOf(p, language) !== undefined);
    corpus = { bm25: Bm25Index.build(provisions.map((p) => searchDocument(index, p, language))), provisions };
    byLanguage.set(language, corpus);
  }
  return corpus;
}

/** The provisions best matching `query`, best first, each with a passage to quote. */
export function searchStatutes(query: string, options: StatuteSearchOptions = {}, index: StatuteIndex = loadStatuteIndex()): StatuteSearchHit[] {
  const language = options.language ?? 'en';
  const limit = options.limit ?? 10;
  if (limit <= 0 || query.trim() === '') return [];
  const corpus = corpusFor(index, language);
  const hits: StatuteSearchHit[] = [];
  for (const match of corpus.bm25.search(query)) {
    const provision = corpus.provisions[match.doc];
    if (options.instrument && !provision.id.startsWith(`${options.instrument} `)) continue;
    if (provision.repealed && !options.includeRepealed) continue;
    const words = wordsOf(provision, language) ?? provisionText(provision, language, index);
    const excerpt = statuteExcerpt(words, match.matchedTerms);
    hits.push({
      id: provision.id,
      provision,
      score: match.score,
      matchedTerms: match.matchedTerms,
      excerpt: excerpt.text,
      excerptIsPartial: excerpt.partial,
      language,
    });
    if (hits.length >= limit) break;
  }
  return hits;
}
