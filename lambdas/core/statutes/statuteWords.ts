/**
 * The words of the IRPA and the IRPR (`data/laws/*.en.json`, `*.fr.json`), one language at a time,
 * read the first time something quotes or searches that language, so that the index itself (the
 * structure every citation check needs) loads without them.
 */
import * as z from 'zod';
import { readStatuteFile } from './statuteDataFiles';
import { STATUTE_FILE_VERSION, instrumentSchema, languageSchema, type Language, type Provision, type UnitWords } from './statuteIndexSchema';
import { DeterministicError } from '../errors/deterministicError';

/** A words file failed its check; `problems` lists each one. */
export class StatuteWordsInvalid extends DeterministicError {
  override readonly name = 'StatuteWordsInvalid';
  constructor(readonly problems: readonly string[]) {
    super(`statute words are invalid: ${problems.slice(0, 20).join('; ')}`);
  }
}

const wordsHeaderSchema = z.strictObject({ version: z.literal(STATUTE_FILE_VERSION), instrument: instrumentSchema, language: languageSchema });

const isOptionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';
const isOptionalList = (value: unknown): boolean => value === undefined || Array.isArray(value);

/**
 * Reads words files quickly (the header through zod, each entry's fields by type; the full
 * `wordsFileSchema` is enforced when they are generated and by the unit tests).
 */
export function readWordsFiles(rawFiles: readonly unknown[]): ReadonlyMap<string, UnitWords> {
  const problems: string[] = [];
  const words = new Map<string, UnitWords>();
  rawFiles.forEach((raw, position) => {
    const { provisions, ...header } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const parsed = wordsHeaderSchema.safeParse(header);
    if (!parsed.success) problems.push(...parsed.error.issues.slice(0, 5).map((issue) => `words file ${position + 1}: ${issue.path.join('.')}: ${issue.message}`));
    if (!Array.isArray(provisions)) {
      problems.push(`words file ${position + 1}: provisions: expected a list`);
      return;
    }
    for (const entry of provisions as unknown[]) {
      const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      const { id, text, continuedText, note, table, history, headings } = record;
      const fieldsRead = isOptionalString(text) && isOptionalString(continuedText) && isOptionalString(note) && isOptionalString(history);
      if (typeof id !== 'string' || !fieldsRead || !isOptionalList(table) || !isOptionalList(headings)) {
        problems.push(`words file ${position + 1}: malformed entry ${typeof id === 'string' ? id : JSON.stringify(entry).slice(0, 60)}`);
        continue;
      }
      words.set(id, record as UnitWords);
    }
  });
  if (problems.length > 0) throw new StatuteWordsInvalid(problems);
  return words;
}

const loaded: Partial<Record<Language, ReadonlyMap<string, UnitWords>>> = {};

/** The committed words of one language, by canonical id; read and checked once per process, on first use. */
export function loadStatuteWords(language: Language): ReadonlyMap<string, UnitWords> {
  return (loaded[language] ??= readWordsFiles([readStatuteFile(`irpa.${language}.json`), readStatuteFile(`irpr.${language}.json`)]));
}

export type WordsField = 'text' | 'continuedText' | 'note';

/**
 * A unit's words in one language: its own `text` (default), the `continuedText` printed after its
 * subdivisions, or an editorial `note`. Undefined when that version prints none.
 */
export function wordsOf(provision: Provision, language: Language, field: WordsField = 'text'): string | undefined {
  return loadStatuteWords(language).get(provision.id)?.[field];
}

/** The rows of a table printed in the unit, header row first, in one language. */
export function tableOf(provision: Provision, language: Language): string[][] | undefined {
  return loadStatuteWords(language).get(provision.id)?.table;
}
