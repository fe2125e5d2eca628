/**
 * The complete IRPA and IRPR, loaded from the committed `data/laws/irpa.json` and `irpr.json`
 * (generated from the official consolidation; the run time never reads the XML), checked and
 * indexed once per process. French words are loaded separately, on demand (`frenchWords.ts`).
 */
import { readStatuteFile } from './statuteDataFiles';
import { termKey } from './provisionId';
import { checkStatuteFile } from './statuteIndexChecks';
import { provisionShapeProblems, readStatuteEnvelope } from './statuteFileShape';
import {
  INSTRUMENTS,
  statuteFileSchema,
  type Instrument,
  type InstrumentMetadata,
  type Provision,
  type StatuteFile,
} from './statuteIndexSchema';

/** The statute data failed validation; `problems` lists each one. */
export class StatuteIndexInvalid extends Error {
  override readonly name = 'StatuteIndexInvalid';
  constructor(readonly problems: readonly string[]) {
    const shown = problems.slice(0, 20).join('; ');
    super(`statute index is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}): ${shown}${problems.length > 20 ? '; …' : ''}`);
  }
}

export interface StatuteIndex {
  readonly instruments: Readonly<Record<Instrument, InstrumentMetadata>>;
  /** Every unit of both instruments, IRPA then IRPR, each in document order. */
  readonly provisions: readonly Provision[];
  /** By canonical id. */
  readonly byId: ReadonlyMap<string, Provision>;
  /** Subdivisions of a unit in document order; the sections of an instrument are under `IRPA` / `IRPR`. */
  readonly children: ReadonlyMap<string, readonly Provision[]>;
  /** Definitions of a unit by term key (`termKey`), in English and in French. */
  readonly definitions: ReadonlyMap<string, ReadonlyMap<string, Provision>>;
}

function indexFiles(files: readonly StatuteFile[]): StatuteIndex {
  const instruments = {} as Record<Instrument, InstrumentMetadata>;
  const provisions: Provision[] = [];
  const byId = new Map<string, Provision>();
  const children = new Map<string, Provision[]>();
  const definitions = new Map<string, Map<string, Provision>>();
  for (const file of files) {
    instruments[file.instrument.id] = file.instrument;
    children.set(file.instrument.id, []);
    for (const provision of file.provisions) {
      provisions.push(provision);
      byId.set(provision.id, provision);
      const parentKey = provision.parent ?? file.instrument.id;
      const siblings = children.get(parentKey);
      if (siblings) siblings.push(provision);
      else children.set(parentKey, [provision]);
      if (provision.kind === 'definition' && provision.parent && provision.term) {
        const terms = definitions.get(provision.parent) ?? new Map<string, Provision>();
        for (const term of [provision.term.en, provision.term.fr]) {
          if (term !== undefined && !terms.has(termKey(term))) terms.set(termKey(term), provision);
        }
        definitions.set(provision.parent, terms);
      }
    }
  }
  return { instruments, provisions, byId, children, definitions };
}

/**
 * Validates raw statute files (one per instrument, as parsed from `data/laws/*.json`) against the
 * full schema and the consistency checks, then builds the lookups. Throws StatuteIndexInvalid
 * listing every problem. The generator and the tests use this; at run time `loadStatuteIndex`
 * uses the quicker `readStatuteFiles` on the committed files (validated this way when generated).
 */
export function buildStatuteIndexFrom(rawFiles: readonly unknown[]): StatuteIndex {
  const problems: string[] = [];
  const files: StatuteFile[] = [];
  rawFiles.forEach((raw, position) => {
    const parsed = statuteFileSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 20)) problems.push(`file ${position + 1}: ${issue.path.join('.')}: ${issue.message}`);
      return;
    }
    problems.push(...checkStatuteFile(parsed.data));
    files.push(parsed.data);
  });
  problems.push(...instrumentCoverageProblems(files));
  if (problems.length > 0) throw new StatuteIndexInvalid(problems);
  return indexFiles(files);
}

function instrumentCoverageProblems(files: readonly StatuteFile[]): string[] {
  return INSTRUMENTS.flatMap((instrument) => {
    const count = files.filter((f) => f.instrument.id === instrument).length;
    return count === 1 ? [] : [`expected one ${instrument} file, found ${count}`];
  });
}

/**
 * Reads committed statute files quickly: the envelope and the instrument's metadata through zod,
 * each provision through a shape check of the fields the lookups rely on. Full validation of
 * ~5,700 provisions through zod costs more than the whole load budget (50 ms); the generator
 * refuses to write a file that fails it and the unit tests run it on the committed files.
 */
export function readStatuteFiles(rawFiles: readonly unknown[]): StatuteIndex {
  const problems: string[] = [];
  const files: StatuteFile[] = [];
  rawFiles.forEach((raw, position) => {
    const envelope = readStatuteEnvelope(raw);
    if (!envelope.success) {
      for (const problem of envelope.problems) problems.push(`file ${position + 1}: ${problem}`);
      return;
    }
    const shapeProblems: string[] = [];
    envelope.data.provisions.forEach((provision, at) => {
      const found = provisionShapeProblems(provision, () => `${envelope.data.instrument.id} provision ${at + 1}`);
      if (found.length > 0) shapeProblems.push(...found);
    });
    if (shapeProblems.length > 0) {
      problems.push(...shapeProblems);
      return;
    }
    files.push({ ...envelope.data, provisions: envelope.data.provisions as Provision[] });
  });
  problems.push(...instrumentCoverageProblems(files));
  if (problems.length > 0) throw new StatuteIndexInvalid(problems);
  return indexFiles(files);
}

/** The committed statute files (read at run time, see statuteDataFiles.ts). */
function readCommittedFiles(): unknown[] {
  return [readStatuteFile('irpa.json'), readStatuteFile('irpr.json')];
}

let loaded: StatuteIndex | undefined;

/** The bundled IRPA and IRPR, validated and indexed once per process (container). */
export function loadStatuteIndex(): StatuteIndex {
  loaded ??= readStatuteFiles(readCommittedFiles());
  return loaded;
}
