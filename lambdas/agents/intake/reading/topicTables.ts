/**
 * Topic tables of the officer-finding lexicon (`{ "funds": [...], "ties": [...] }`, keys starting with
 * "$" being comments) as patterns, and the two ways the reader asks them: every topic a text names, or
 * the one it names first (what an outside check or a missing document was about).
 */
import { spacedPhrases } from './spacedPhrases';

export type TopicTable = ReadonlyArray<[string, RegExp]>;

export const topicTable = (t: Record<string, string[] | string>): TopicTable =>
  Object.entries(t)
    .filter(([k]) => !k.startsWith('$'))
    .map(([topic, list]): [string, RegExp] => [topic, spacedPhrases(list as string[], 'giu')]);

/** Every topic of the table the text names, in the table's order. */
export const topicsIn = (text: string, lexicon: TopicTable) => lexicon.filter(([, re]) => new RegExp(re.source, 'iu').test(text)).map(([t]) => t);

/** The topic of the table's entry named first in the text. */
export function firstTopic(text: string, lexicon: TopicTable): string | undefined {
  let best: { topic: string; at: number } | undefined;
  for (const [topic, re] of lexicon) {
    for (const m of text.matchAll(re)) if (!best || m.index < best.at) best = { topic, at: m.index };
  }
  return best?.topic;
}
