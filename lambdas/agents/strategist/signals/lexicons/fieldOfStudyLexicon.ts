/**
 * The lexicon of fields of study and credential levels (`fieldOfStudy.json`): its schema and the
 * compiled patterns, validated once on first use.
 */
import * as z from 'zod';
// Static import so a bundler ships the lexicon inside the CLI and the Lambdas.
import bundled from './fieldOfStudy.json';
import { compilePhrases, parseLexicon, PhraseList } from './phraseLists';

export const FIELD_OF_STUDY_LEXICON_FILE = 'lambdas/agents/strategist/signals/lexicons/fieldOfStudy.json';

const Level = z.strictObject({
  /** Higher is more advanced; only the order matters. */
  level: z.number().int().positive(),
  /** What the level is called, for a reader of the file. */
  credential: z.string().trim().min(1),
  phrases: PhraseList,
});

export const FieldOfStudyLexiconFile = z.strictObject({
  $comment: z.string().optional(),
  /** Field name (as findings name it) → the words that name it. */
  fields: z.record(z.string().trim().min(1), PhraseList),
  /** Highest level first: a text's level is the first that matches. */
  levels: z
    .array(Level)
    .min(1)
    .superRefine((levels, ctx) => {
      levels.forEach((l, i) => {
        if (i > 0 && l.level >= levels[i - 1].level) ctx.addIssue({ code: 'custom', path: [i, 'level'], message: `levels are listed highest first: ${l.level} follows ${levels[i - 1].level}` });
      });
    }),
});

/** The lexicon with each phrase list compiled (case-insensitive), in the file's order. */
export interface FieldOfStudyLexicon {
  fields: Array<[string, RegExp]>;
  levels: Array<[number, RegExp]>;
}

const CompiledFieldOfStudyLexicon = FieldOfStudyLexiconFile.transform(
  (file, ctx): FieldOfStudyLexicon => ({
    fields: Object.entries(file.fields).map(([name, phrases]) => [name, compilePhrases(phrases, 'i', {}, ctx, ['fields', name])]),
    levels: file.levels.map((l, i) => [l.level, compilePhrases(l.phrases, 'i', {}, ctx, ['levels', i, 'phrases'])]),
  }),
);

/** Validates and compiles lexicon data; throws LexiconInvalid naming the file and each bad field. */
export function parseFieldOfStudyLexicon(file: string, data: unknown): FieldOfStudyLexicon {
  return parseLexicon(CompiledFieldOfStudyLexicon, file, data);
}

let cached: FieldOfStudyLexicon | undefined;

/** The bundled lexicon, validated and compiled on first use. */
export function fieldOfStudyLexicon(): FieldOfStudyLexicon {
  cached ??= parseFieldOfStudyLexicon(FIELD_OF_STUDY_LEXICON_FILE, bundled);
  return cached;
}
