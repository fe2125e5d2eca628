/**
 * Consistency of a statute file beyond its schema: unique canonical ids that read back as
 * themselves, parents that exist and come first, paths that match the ids, and levels that nest
 * the way the statutes do.
 */
import { parseProvisionId } from './provisionId';
import type { FrenchFile, ProvisionKind, StatuteFile } from './statuteIndexSchema';

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
  const withChildren = new Set(file.provisions.map((p) => p.parent).filter((p): p is string => p !== null));
  for (const provision of file.provisions) {
    const hasWords = provision.text.en !== undefined || provision.text.fr !== undefined;
    if (!hasWords && !withChildren.has(provision.id)) problems.push(`${provision.id} has neither text nor subdivisions`);
  }
  return problems;
}

/** Problems of a French companion file against its core file; empty when they fit together. */
export function checkFrenchFile(french: FrenchFile, core: StatuteFile): string[] {
  const problems: string[] = [];
  if (french.instrument !== core.instrument.id) problems.push(`the French words are for ${french.instrument}, the index for ${core.instrument.id}`);
  const byId = new Map(core.provisions.map((p) => [p.id, p]));
  const seen = new Set<string>();
  for (const words of french.provisions) {
    if (seen.has(words.id)) problems.push(`French words for ${words.id} appear twice`);
    seen.add(words.id);
    const provision = byId.get(words.id);
    if (!provision) {
      problems.push(`French words for ${words.id}, which the index does not hold`);
      continue;
    }
    if (words.text !== undefined && provision.text.fr !== undefined) problems.push(`${words.id} has French text in both files`);
    if (words.text === undefined && words.continuedText === undefined && words.note === undefined && words.table === undefined) {
      problems.push(`French words for ${words.id} are empty`);
    }
  }
  return problems;
}
