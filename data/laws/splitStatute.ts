/**
 * Splits one instrument as assembled from the XML into the files the run time reads: the index
 * (the structure of every unit, in columns: see `statuteIndexFileSchema`) and one words file per
 * language. The index is what every citation check loads, so it holds nothing that only quoting
 * or searching needs.
 */
import {
  KIND_CODES,
  LANGUAGES,
  PROVISION_KINDS,
  STATUTE_FILE_VERSION,
  type CompleteStatute,
  type Language,
  type Provision,
  type StatuteIndexFile,
  type UnitWords,
  type WordsFile,
} from '../../lambdas/core/statutes/statuteIndexSchema';

/** A unit the columns cannot express (it would not read back as it is); the build stops. */
export class UnencodableUnit extends Error {
  override readonly name = 'UnencodableUnit';
}

const nullable = (value: string | undefined): string | null => value ?? null;

/** The index file of `statute`: every unit's structure, without its words. */
export function encodeStatuteIndex(statute: { instrument: CompleteStatute['instrument']; provisions: readonly Provision[] }): StatuteIndexFile {
  const units: StatuteIndexFile['units'] = { ids: [], kinds: '', parents: [], labels: [], marginalNotes: [], terms: [], repealed: [], inForceFrom: [], lastAmended: [] };
  const positions = new Map<string, number>();
  statute.provisions.forEach((provision, at) => {
    const parentAt = provision.parent === null ? -1 : positions.get(provision.parent);
    if (parentAt === undefined) throw new UnencodableUnit(`${provision.id} comes before its parent ${provision.parent}`);
    const parent = parentAt >= 0 ? statute.provisions[parentAt] : undefined;
    positions.set(provision.id, at);
    units.ids.push(provision.id);
    units.kinds += KIND_CODES[PROVISION_KINDS.indexOf(provision.kind)];
    units.parents.push(parentAt);
    if (provision.label !== provision.path[provision.path.length - 1]) units.labels.push([at, provision.label]);
    const { marginalNote, term, repealed, inForceFrom, lastAmended } = provision;
    if (marginalNote) units.marginalNotes.push([at, nullable(marginalNote.en), nullable(marginalNote.fr)]);
    if (term) units.terms.push([at, nullable(term.en), nullable(term.fr)]);
    if (repealed) units.repealed.push([at, repealed.by]);
    if (inForceFrom !== parent?.inForceFrom) {
      if (inForceFrom === undefined) throw new UnencodableUnit(`${provision.id} has no in-force date but its parent has one`);
      units.inForceFrom.push([at, inForceFrom]);
    }
    if (lastAmended) units.lastAmended.push([at, lastAmended]);
  });
  return { version: STATUTE_FILE_VERSION, instrument: statute.instrument, units };
}

/** The structure of each unit (what the index holds), in document order. */
export function structureOf(statute: CompleteStatute): Provision[] {
  return statute.provisions.map(({ text: _text, continuedText: _continued, note: _note, table: _table, history: _history, headings: _headings, ...structure }) => structure);
}

/** One language's words file: an entry for each unit that prints something in that language. */
export function wordsOf(statute: CompleteStatute, language: Language): WordsFile {
  const provisions: UnitWords[] = [];
  for (const unit of statute.provisions) {
    const words: UnitWords = { id: unit.id };
    const text = unit.text[language];
    if (text !== undefined) words.text = text;
    const continuedText = unit.continuedText?.[language];
    if (continuedText !== undefined) words.continuedText = continuedText;
    const note = unit.note?.[language];
    if (note !== undefined) words.note = note;
    const table = unit.table?.[language];
    if (table !== undefined) words.table = table;
    if (language === 'en' && unit.history !== undefined) words.history = unit.history;
    if (language === 'en' && unit.headings !== undefined) words.headings = unit.headings;
    if (Object.keys(words).length > 1) provisions.push(words);
  }
  return { version: STATUTE_FILE_VERSION, instrument: statute.instrument.id, language, provisions };
}

export function splitStatute(statute: CompleteStatute): { structure: Provision[]; index: StatuteIndexFile; words: Record<Language, WordsFile> } {
  const words = Object.fromEntries(LANGUAGES.map((language) => [language, wordsOf(statute, language)])) as Record<Language, WordsFile>;
  return { structure: structureOf(statute), index: encodeStatuteIndex(statute), words };
}
