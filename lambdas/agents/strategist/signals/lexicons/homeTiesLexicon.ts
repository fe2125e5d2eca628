/**
 * The lexicon of the home-ties finder (`homeTies.json`): its schema, the flags of each phrase list,
 * and the compiled patterns, validated once on first use.
 */
import * as z from 'zod';
// Static import so a bundler ships the lexicon inside the CLI and the Lambdas.
import bundled from './homeTies.json';
import { compilePhrases, parseLexicon, PhraseList, WordList } from './phraseLists';

export const HOME_TIES_LEXICON_FILE = 'lambdas/agents/strategist/signals/lexicons/homeTies.json';

const comment = z.string().optional();

export const HomeTiesLexiconFile = z.strictObject({
  $comment: comment,
  /** Words for a family member, filled in at `{familyMembers}`. */
  familyMembers: WordList,
  /** Countries an applicant may name as home ("will return to Ghana"), at `{homeCountries}`. */
  homeCountries: WordList,
  /** Canadian cities one may plan to settle in, at `{canadianCities}`. */
  canadianCities: WordList,
  ties: z.strictObject({
    $comment: comment,
    workAtHome: PhraseList,
    /** Matched in Unicode mode: `\p{Lu}` is a capital letter. */
    familyAtHome: PhraseList,
    propertyAtHome: PhraseList,
    planToReturn: PhraseList,
  }),
  pulls: z.strictObject({
    $comment: comment,
    planToSettle: PhraseList,
    noCurrentWork: PhraseList,
    /** Read in invitation letters. */
    hostIsFamily: PhraseList,
  }),
});
export type HomeTiesLexiconFile = z.infer<typeof HomeTiesLexiconFile>;

/** Flags of each phrase list: all case-insensitive; `u` where a phrase needs Unicode classes. */
const FLAGS = {
  ties: { workAtHome: 'i', familyAtHome: 'iu', propertyAtHome: 'i', planToReturn: 'i' },
  pulls: { planToSettle: 'i', noCurrentWork: 'i', hostIsFamily: 'i' },
} as const;

type Compiled<T extends Record<string, string>> = { [K in keyof T]: RegExp };

/** The lexicon with each phrase list compiled into one pattern. */
export interface HomeTiesLexicon {
  ties: Compiled<(typeof FLAGS)['ties']>;
  pulls: Compiled<(typeof FLAGS)['pulls']>;
}

const CompiledHomeTiesLexicon = HomeTiesLexiconFile.transform((file, ctx): HomeTiesLexicon => {
  const words = { familyMembers: file.familyMembers, homeCountries: file.homeCountries, canadianCities: file.canadianCities };
  const compileGroup = <G extends keyof typeof FLAGS>(group: G): Compiled<(typeof FLAGS)[G]> => {
    const flags: Record<string, string> = FLAGS[group];
    const lists = file[group] as unknown as Record<string, string[]>;
    return Object.fromEntries(Object.entries(flags).map(([name, f]) => [name, compilePhrases(lists[name], f, words, ctx, [group, name])])) as Compiled<(typeof FLAGS)[G]>;
  };
  return { ties: compileGroup('ties'), pulls: compileGroup('pulls') };
});

/** Validates and compiles lexicon data; throws LexiconInvalid naming the file and each bad field. */
export function parseHomeTiesLexicon(file: string, data: unknown): HomeTiesLexicon {
  return parseLexicon(CompiledHomeTiesLexicon, file, data);
}

let cached: HomeTiesLexicon | undefined;

/** The bundled lexicon, validated and compiled on first use. */
export function homeTiesLexicon(): HomeTiesLexicon {
  cached ??= parseHomeTiesLexicon(HOME_TIES_LEXICON_FILE, bundled);
  return cached;
}
