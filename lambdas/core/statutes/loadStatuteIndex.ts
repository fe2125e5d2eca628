/**
 * The structure of the complete IRPA and IRPR, loaded from the committed index files
 * `data/laws/irpa.json` and `irpr.json` (generated from the official consolidation; the run time
 * never reads the XML), checked and indexed once per process. The words of the units are loaded
 * separately, per language, when something quotes or searches them (`statuteWords.ts`).
 */
import { readStatuteFile } from './statuteDataFiles';
import { ColumnStatuteIndex } from './columnStatuteIndex';
import { checkStatuteFile } from './statuteIndexChecks';
import { readStatuteIndexFile } from './statuteFileShape';
import { INSTRUMENTS, statuteIndexFileSchema, type Instrument, type InstrumentMetadata, type Provision } from './statuteIndexSchema';
import type { UnitColumns } from './unitColumns';
import { DeterministicError } from '../errors/deterministicError';

type IndexedInstrument = { instrument: InstrumentMetadata; units: UnitColumns };

/** The statute data failed validation; `problems` lists each one. */
export class StatuteIndexInvalid extends DeterministicError {
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

/**
 * Validates raw index files (one per instrument, as parsed from `data/laws/irpa.json` and
 * `irpr.json`) against the full schema and the consistency checks, then builds the lookups. Throws
 * StatuteIndexInvalid listing every problem. The generator and the tests use this; at run time
 * `loadStatuteIndex` uses the quicker `readStatuteFiles` on the committed files.
 */
export function buildStatuteIndexFrom(rawFiles: readonly unknown[]): StatuteIndex {
  const problems: string[] = [];
  const files: IndexedInstrument[] = [];
  rawFiles.forEach((raw, position) => {
    const parsed = statuteIndexFileSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 20)) problems.push(`file ${position + 1}: ${issue.path.join('.')}: ${issue.message}`);
      return;
    }
    const reading = readStatuteIndexFile(parsed.data);
    if (!reading.success) {
      for (const problem of reading.problems) problems.push(`file ${position + 1}: ${problem}`);
      return;
    }
    problems.push(...checkStatuteFile({ instrument: reading.instrument, provisions: reading.units.all() }));
    files.push(reading);
  });
  problems.push(...instrumentCoverageProblems(files));
  if (problems.length > 0) throw new StatuteIndexInvalid(problems);
  return new ColumnStatuteIndex(files);
}

function instrumentCoverageProblems(files: readonly IndexedInstrument[]): string[] {
  return INSTRUMENTS.flatMap((instrument) => {
    const count = files.filter((f) => f.instrument.id === instrument).length;
    return count === 1 ? [] : [`expected one ${instrument} file, found ${count}`];
  });
}

/**
 * Reads committed index files quickly (`readStatuteIndexFile`: the metadata through zod, the columns
 * by plain checks). Full validation through zod and the consistency checks cost more than the whole
 * load budget (50 ms); the generator refuses to write a file that fails them and the unit tests run
 * them on the committed files.
 */
export function readStatuteFiles(rawFiles: readonly unknown[]): StatuteIndex {
  const problems: string[] = [];
  const files: IndexedInstrument[] = [];
  rawFiles.forEach((raw, position) => {
    const reading = readStatuteIndexFile(raw);
    if (reading.success) files.push(reading);
    else for (const problem of reading.problems) problems.push(`file ${position + 1}: ${problem}`);
  });
  problems.push(...instrumentCoverageProblems(files));
  if (problems.length > 0) throw new StatuteIndexInvalid(problems);
  return new ColumnStatuteIndex(files);
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
