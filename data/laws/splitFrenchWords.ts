/**
 * Moves the French words of the units both versions print into a companion file, so that the
 * index that every lookup needs stays small (it loads in well under 50 ms) while French text is
 * read only when something asks for it. What stays: French marginal notes and terms (French
 * citations resolve through them), and the French words of units only the French version prints.
 */
import {
  STATUTE_FILE_VERSION,
  type FrenchFile,
  type FrenchWords,
  type Provision,
  type StatuteFile,
} from '../../lambdas/core/statutes/statuteIndexSchema';

function withoutFrench<T extends { en?: string; fr?: string }>(value: T | undefined, moved: (fr: string) => void): T | undefined {
  if (!value || value.fr === undefined || value.en === undefined) return value;
  moved(value.fr);
  const { fr: _fr, ...rest } = value;
  return rest as T;
}

/** The core file (English, plus French only where there is no English) and the French companion. */
export function splitFrenchWords(file: StatuteFile): { core: StatuteFile; french: FrenchFile } {
  const frenchEntries: FrenchWords[] = [];
  const provisions = file.provisions.map((provision): Provision => {
    const words: FrenchWords = { id: provision.id };
    const core: Provision = { ...provision };
    core.text = withoutFrench(provision.text, (fr) => (words.text = fr)) ?? {};
    const continuedText = withoutFrench(provision.continuedText, (fr) => (words.continuedText = fr));
    if (continuedText) core.continuedText = continuedText;
    const note = withoutFrench(provision.note, (fr) => (words.note = fr));
    if (note) core.note = note;
    if (provision.table?.fr) {
      words.table = provision.table.fr;
      if (provision.table.en) core.table = { en: provision.table.en };
      else delete core.table;
    }
    if (Object.keys(words).length > 1) frenchEntries.push(words);
    return core;
  });
  return {
    core: { ...file, provisions },
    french: { version: STATUTE_FILE_VERSION, instrument: file.instrument.id, language: 'fr', provisions: frenchEntries },
  };
}
