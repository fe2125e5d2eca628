/**
 * Consistency of a statute file beyond its schema: unique canonical ids that read back as
 * themselves, parents that exist and come first, paths that match the ids, and levels that nest
 * the way the statutes do.
 */
import { parseProvisionId } from './provisionId';
import type { InstrumentMetadata, Provision, ProvisionKind, WordsFile } from './statuteIndexSchema';

/** One instrument's units as read from its index file (or assembled by the generator). */
export interface StatuteFile {
  instrument: InstrumentMetadata;
  provisions: readonly Provision[];
}

/** Which kinds of unit may sit directly inside each kind. */
const ALLOWED_CHILDREN: Readonly<Record<ProvisionKind, readonly ProvisionKind[]>> = {
  section: ['subsection', 'definition', 'paragraph'],
  subsection: ['definition', 'paragraph'],
  definition: ['paragraph'],
  paragraph: ['subparagraph'],
  subparagraph: ['clause'],
  clause: ['subclause'],
  subclause: [],
};

/** Every problem found, as sentences; empty when the file is consistent. */
export function checkStatuteFile(file: StatuteFile): string[] {
  const problems: string[] = [];
  const seen = new Map<string, ProvisionKind>();
  const instrument = file.instrument.id;
  for (const provision of file.provisions) {
    const { id, kind, parent, path } = provision;
    if (seen.has(id)) problems.push(`${id} appears twice`);
    const reading = parseProvisionId(id);
    if (!reading.ok) problems.push(reading.reason);
    else if (reading.canonical !== id) problems.push(`${id} is not canonical (reads as ${reading.canonical})`);
    else if (reading.id.instrument !== instrument) problems.push(`${id} is not a provision of ${instrument}`);
    else if (reading.id.segments.length !== path.length - 1) problems.push(`${id} is not one level below its parent ${parent ?? instrument}`);

    if (kind === 'section') {
      if (parent !== null) problems.push(`${id} is a section but has a parent`);
      if (path.length !== 1 || `${instrument} ${path[0]}` !== id) problems.push(`${id} has the path ${JSON.stringify(path)}`);
    } else if (parent === null) {
      problems.push(`${id} is a ${kind} without a parent`);
    } else {
      const parentKind = seen.get(parent);
      if (!parentKind) problems.push(`${id} comes before its parent ${parent}, or the parent is missing`);
      else if (!ALLOWED_CHILDREN[parentKind].includes(kind)) problems.push(`${id} is a ${kind} inside a ${parentKind}`);
      const last = path[path.length - 1] ?? '';
      const segment = kind === 'definition' ? ` ${last}` : last;
      if (`${parent}${segment}` !== id) problems.push(`${id} does not match its parent ${parent} and path ${JSON.stringify(path)}`);
      if (kind === 'definition' && !provision.term) problems.push(`${id} is a definition without a term`);
    }
    seen.set(id, kind);
  }
  return problems;
}

/** Problems of one language's words file against the index; empty when they fit together. */
export function checkWordsFile(words: WordsFile, index: StatuteFile): string[] {
  const problems: string[] = [];
  const language = words.language === 'en' ? 'English' : 'French';
  if (words.instrument !== index.instrument.id) problems.push(`the ${language} words are for ${words.instrument}, the index for ${index.instrument.id}`);
  const positions = new Map(index.provisions.map((p, at) => [p.id, at]));
  const seen = new Set<string>();
  let previous = -1;
  for (const entry of words.provisions) {
    if (seen.has(entry.id)) problems.push(`${language} words for ${entry.id} appear twice`);
    seen.add(entry.id);
    const at = positions.get(entry.id);
    if (at === undefined) {
      problems.push(`${language} words for ${entry.id}, which the index does not hold`);
      continue;
    }
    if (at < previous) problems.push(`${language} words for ${entry.id} are out of document order`);
    previous = at;
    if (Object.keys(entry).length === 1) problems.push(`${language} words for ${entry.id} are empty`);
  }
  return problems;
}

/** Units that print no words in either language and have no subdivisions (nothing to quote). */
export function unitsWithoutWords(index: StatuteFile, languages: readonly WordsFile[]): string[] {
  const withWords = new Set(languages.flatMap((file) => file.provisions.filter((entry) => entry.text !== undefined).map((entry) => entry.id)));
  const withChildren = new Set(index.provisions.map((p) => p.parent).filter((p): p is string => p !== null));
  return index.provisions.filter((p) => !withWords.has(p.id) && !withChildren.has(p.id)).map((p) => `${p.id} has neither text nor subdivisions`);
}
