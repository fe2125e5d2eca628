/**
 * The French words of the IRPA and the IRPR (`data/laws/*.fr.json`), read on first use so that the
 * index itself loads quickly, and one way to ask for a unit's words in either language.
 */
import { readStatuteFile } from './statuteDataFiles';
import { z } from 'zod';
import { STATUTE_FILE_VERSION, instrumentSchema, type FrenchWords, type Language, type Provision } from './statuteIndexSchema';

/** A French companion file failed its check; `problems` lists each one. */
export class FrenchWordsInvalid extends Error {
  override readonly name = 'FrenchWordsInvalid';
  constructor(readonly problems: readonly string[]) {
    super(`French statute words are invalid: ${problems.slice(0, 20).join('; ')}`);
  }
}

const frenchHeaderSchema = z.strictObject({ version: z.literal(STATUTE_FILE_VERSION), instrument: instrumentSchema, language: z.literal('fr') });

const isOptionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';

/**
 * Reads French companion files quickly (the header through zod, each entry's fields by type; the
 * full `frenchFileSchema` is enforced when they are generated and by the unit tests).
 */
export function readFrenchFiles(rawFiles: readonly unknown[]): ReadonlyMap<string, FrenchWords> {
  const problems: string[] = [];
  const words = new Map<string, FrenchWords>();
  rawFiles.forEach((raw, position) => {
    const { provisions, ...header } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const parsed = frenchHeaderSchema.safeParse(header);
    if (!parsed.success) problems.push(...parsed.error.issues.slice(0, 5).map((issue) => `French file ${position + 1}: ${issue.path.join('.')}: ${issue.message}`));
    if (!Array.isArray(provisions)) {
      problems.push(`French file ${position + 1}: provisions: expected a list`);
      return;
    }
    for (const entry of provisions as unknown[]) {
      const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      const { id, text, continuedText, note, table } = record;
      if (typeof id !== 'string' || !isOptionalString(text) || !isOptionalString(continuedText) || !isOptionalString(note) || !(table === undefined || Array.isArray(table))) {
        problems.push(`French file ${position + 1}: malformed entry ${typeof id === 'string' ? id : JSON.stringify(entry).slice(0, 60)}`);
        continue;
      }
      words.set(id, record as FrenchWords);
    }
  });
  if (problems.length > 0) throw new FrenchWordsInvalid(problems);
  return words;
}

let loaded: ReadonlyMap<string, FrenchWords> | undefined;

/** The committed French words, by canonical id; read and checked once per process, on first use. */
export function loadFrenchWords(): ReadonlyMap<string, FrenchWords> {
  if (!loaded) {
    loaded = readFrenchFiles([readStatuteFile('irpa.fr.json'), readStatuteFile('irpr.fr.json')]);
  }
  return loaded;
}

export type WordsField = 'text' | 'continuedText' | 'note';

/**
 * A unit's words in one language: its own `text` (default), the `continuedText` printed after its
 * subdivisions, or an editorial `note`. Undefined when that version prints none.
 */
export function wordsOf(provision: Provision, language: Language, field: WordsField = 'text'): string | undefined {
  const inIndex = provision[field]?.[language];
  if (inIndex !== undefined || language === 'en') return inIndex;
  return loadFrenchWords().get(provision.id)?.[field];
}

/** The rows of a table printed in the unit, header row first, in one language. */
export function tableOf(provision: Provision, language: Language): string[][] | undefined {
  return language === 'en' ? provision.table?.en : (provision.table?.fr ?? loadFrenchWords().get(provision.id)?.table);
}
