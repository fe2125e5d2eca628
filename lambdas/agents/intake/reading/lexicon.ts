/**
 * Lexicons are data (lexicons/*.json): English and French phrases, written as regular expressions.
 * This module compiles them once, with letter boundaries on both sides, so that a pattern never
 * matches inside a longer word ("married" in "unmarried" does, by design, need its own entry).
 */
import declarationsJson from './lexicons/declarations.json';
import eventsJson from './lexicons/events.json';
import cuesJson from './lexicons/cues.json';
import type { DeclarationTopic, EventKind } from '../../../contracts/caseFacts';

const B = String.raw`(?<![\p{L}\p{N}])`;
const E = String.raw`(?![\p{L}\p{N}])`;

/** One regular expression for all of the phrases, between letter boundaries (case-insensitive, Unicode). */
export function phrases(patterns: readonly string[], flags = 'iu'): RegExp {
  if (patterns.length === 0) return /(?!)/u;
  return new RegExp(`${B}(?:${patterns.join('|')})${E}`, flags);
}

export const EVENT_TRIGGERS: ReadonlyArray<{ kind: EventKind; pattern: RegExp }> = Object.entries(eventsJson.events).map(([kind, list]) => ({
  kind: kind as EventKind,
  pattern: phrases(list as string[], 'giu'),
}));

export const NEGATION = phrases(eventsJson.negations.filter((w) => !w.endsWith("'")).map((w) => w.replace(/'/g, "['’]")));
/** French elided negation ("n'ai", "n’a") has no letter boundary after the apostrophe. */
export const ELIDED_NEGATION = /(?<![\p{L}])n['’](?=\p{L})|n['’]t(?![\p{L}])/iu;
export const HEDGE = phrases(eventsJson.hedges);

export interface TopicLexicon {
  topic: DeclarationTopic;
  question: RegExp;
  statementYes: RegExp;
  statementNo: RegExp;
}

export const DECLARATION_TOPICS: readonly TopicLexicon[] = Object.entries(declarationsJson.topics).map(([topic, t]) => ({
  topic: topic as DeclarationTopic,
  question: phrases(t.question),
  statementYes: phrases(t.statementYes),
  statementNo: phrases(t.statementNo),
}));

export const YES = /^(?:yes|oui|y|o)$/iu;
export const NO = /^(?:no|non|n)$/iu;

type CueName = keyof typeof cuesJson.cues;
/** Named cue phrases (roles, money kinds, officer findings, applications, countries): see lexicons/cues.json. */
export const CUES = Object.fromEntries(Object.entries(cuesJson.cues).map(([name, list]) => [name, phrases(list as string[])])) as Record<CueName, RegExp>;
export const COUNTRIES: ReadonlyArray<{ name: string; patterns: RegExp[] }> = Object.entries(cuesJson.countries).map(([name, list]) => {
  const exact = (list as string[]).filter((s) => s.startsWith('=')).map((s) => s.slice(1));
  const folded = (list as string[]).filter((s) => !s.startsWith('='));
  return { name, patterns: [phrases(folded), ...(exact.length ? [phrases(exact, 'u')] : [])] };
});

/** The country a span names first, by its English name. */
export function countryIn(text: string): string | undefined {
  let best: { name: string; index: number } | undefined;
  // A region (the Schengen area) names no state: a country named in the same passage is preferred.
  for (const c of [...COUNTRIES].sort((a, b) => Number(a.name === 'Schengen area') - Number(b.name === 'Schengen area'))) {
    if (best && c.name === 'Schengen area') break;
    for (const pattern of c.patterns) {
      const m = pattern.exec(text);
      if (m && (!best || m.index < best.index)) best = { name: c.name, index: m.index };
    }
  }
  return best?.name;
}
