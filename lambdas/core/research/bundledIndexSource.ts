import type { ApplicationType as IndexApplicationType, CaseEntry, Provision, Topic } from '../caselaw/indexSchema';
import { loadResearchIndex, type ResearchIndex } from '../caselaw/loadIndex';
import { Bm25Index, type Bm25Options } from './bm25';
import type { ResearchHit } from '../../contracts/detectiveOutput';
import { applyQueryLimits, indexApplicationType, type ResearchQuery, type ResearchSource } from './researchSource';
import { statuteFallback } from './statuteFallback';

/** Each topic a query shares with a hit multiplies its score by (1 + TOPIC_BOOST · shared). */
export const TOPIC_BOOST = 0.2;
/** A provision for the application type, or a decision on its topic, is multiplied by this (others are filtered out or not boosted). */
export const APPLICATION_TYPE_BOOST = 1.25;
const DEFAULT_LIMIT = 8;

/** The index topic that marks a decision as being about an application type. */
export const APPLICATION_TYPE_TOPIC: Partial<Record<IndexApplicationType, Topic>> = {
  'spousal-sponsorship': 'spousal-bona-fides',
  'study-permit': 'study-permit',
  'work-permit': 'work-permit',
  'visitor-visa': 'visitor-visa',
};

type IndexedEntry = { kind: 'case'; entry: CaseEntry } | { kind: 'provision'; entry: Provision };

const topicWords = (topics: readonly string[]) => topics.map((t) => t.replace(/-/g, ' ')).join('. ');

/**
 * A provision's title and keywords (the index's "search terms a reader might use") are counted this
 * many times: a provision's summary is one sentence, a decision's holding and propositions several.
 */
export const PROVISION_KEYWORD_WEIGHT = 2;

/** The text BM25 ranks: name, holding or summary, propositions, topics and keywords. */
export function searchableText(item: IndexedEntry): string {
  if (item.kind === 'case') {
    const { name, shortName, holding, propositions, topics } = item.entry;
    return [name, shortName, holding, ...propositions, topicWords(topics)].join('. ');
  }
  const { id, title, summary, keywords, topics } = item.entry;
  const weighted = Array.from({ length: PROVISION_KEYWORD_WEIGHT }, () => [title, ...keywords]).flat();
  return [id, ...weighted, summary, topicWords(topics)].join('. ');
}

export function caseHit(entry: CaseEntry, score: number): ResearchHit {
  return {
    kind: 'case',
    citation: entry.citations[0],
    name: entry.name,
    summary: entry.holding,
    topics: [...entry.topics],
    score,
    source: 'bundled-index',
    status: entry.status,
    url: entry.source,
  };
}

/** Provisions in the index are the ones in force, reported as good law. */
export function provisionHit(entry: Provision, score: number): ResearchHit {
  return {
    kind: 'provision',
    citation: entry.id,
    name: entry.title,
    summary: entry.summary,
    topics: [...entry.topics],
    score,
    source: 'bundled-index',
    status: 'good-law',
    url: entry.source,
  };
}

function toHit(item: IndexedEntry, score: number): ResearchHit {
  return item.kind === 'case' ? caseHit(item.entry, score) : provisionHit(item.entry, score);
}

/** The boost (≥ 1) for a query's topics and application type, or 0 when the entry is filtered out. */
export function relevanceMultiplier(item: IndexedEntry, query: Pick<ResearchQuery, 'topics' | 'applicationType'>): number {
  let multiplier = 1;
  const topics: readonly string[] = item.entry.topics;
  if (query.topics && query.topics.length > 0) {
    const shared = query.topics.filter((t) => topics.includes(t)).length;
    if (shared === 0) return 0;
    multiplier *= 1 + TOPIC_BOOST * shared;
  }
  const type = query.applicationType && indexApplicationType(query.applicationType);
  if (type && type !== 'unknown') {
    if (item.kind === 'provision') {
      if (!item.entry.applicationTypes.includes(type)) return 0;
      multiplier *= APPLICATION_TYPE_BOOST;
    } else {
      const typeTopic = APPLICATION_TYPE_TOPIC[type];
      if (typeTopic && topics.includes(typeTopic)) multiplier *= APPLICATION_TYPE_BOOST;
    }
  }
  return multiplier;
}

export interface BundledIndexSourceOptions {
  index?: ResearchIndex;
  bm25?: Bm25Options;
}

/**
 * The bundled case-law and statute index as a research source: BM25 over each entry's text, then
 * topic and application-type filters and boosts. Hits carry the index's status (a decision that
 * is overruled is still returned, marked so; the detective decides what to cite).
 */
export function createBundledIndexSource(options: BundledIndexSourceOptions = {}): ResearchSource {
  const index = options.index ?? loadResearchIndex();
  const entries: IndexedEntry[] = [
    ...index.cases.map((entry): IndexedEntry => ({ kind: 'case', entry })),
    ...index.provisions.map((entry): IndexedEntry => ({ kind: 'provision', entry })),
  ];
  const bm25 = Bm25Index.build(entries.map(searchableText), options.bm25);

  return {
    name: 'bundled-index',
    kinds: ['case', 'provision'],
    async search(query) {
      const ranked = bm25
        .search(query.text)
        .map((match) => {
          const item = entries[match.doc];
          return { item, score: match.score * relevanceMultiplier(item, query) };
        })
        .filter(({ item, score }) => score > 0 && (!query.kinds || query.kinds.includes(item.kind)))
        .sort((x, y) => y.score - x.score);
      const hits = ranked.map(({ item, score }) => toHit(item, Math.round(score * 1000) / 1000));
      return applyQueryLimits([...hits, ...statuteFallback(query, hits)], query, DEFAULT_LIMIT);
    },
    async lookup(citation) {
      const decision = index.findCaseByCitation(citation);
      if (decision) return caseHit(decision, 0);
      const provision = index.findProvision(citation);
      return provision ? provisionHit(provision, 0) : undefined;
    },
  };
}
