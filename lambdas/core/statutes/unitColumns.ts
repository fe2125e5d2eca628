/**
 * One instrument's units held as its index file's columns (see `statuteIndexFileSchema`). Loading
 * only checks the columns, which allocates nothing per unit; a unit becomes a `Provision` object
 * the first time something asks for it, its enclosing units first, and stays one. A citation check
 * that looks up a handful of provisions so builds a handful of objects, not ~5,700.
 */
import { KIND_CODES, PROVISION_KINDS, type Provision, type StatuteIndexFile } from './statuteIndexSchema';

type Units = StatuteIndexFile['units'];
type SparseColumn = 'labels' | 'marginalNotes' | 'terms' | 'repealed' | 'inForceFrom' | 'lastAmended';
export const SPARSE_COLUMNS: readonly SparseColumn[] = ['labels', 'marginalNotes', 'terms', 'repealed', 'inForceFrom', 'lastAmended'];

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isTextOrNull = (value: unknown): boolean => value === null || isText(value);

/** Entry shapes of the sparse columns after the position: one string, or English and French (either null). */
const BILINGUAL_COLUMNS: ReadonlySet<SparseColumn> = new Set(['marginalNotes', 'terms']);

/**
 * What is wrong with the columns of `instrument`'s units, as sentences; empty when every column
 * has its shape, every parent is an earlier unit whose id starts the child's, and every sparse
 * column is in unit order (the lookups binary-search it).
 */
export function columnProblems(instrument: string, units: Record<string, unknown>): string[] {
  const { ids, kinds, parents } = units;
  if (!Array.isArray(ids) || typeof kinds !== 'string' || !Array.isArray(parents)) return ['units: ids and parents must be lists and kinds a string'];
  if (kinds.length !== ids.length || parents.length !== ids.length) return [`units: ${ids.length} ids, ${kinds.length} kinds and ${parents.length} parents`];
  const problems: string[] = [];
  const sectionPrefix = `${instrument} `;
  for (let i = 0; i < ids.length && problems.length < 20; i += 1) {
    const id: unknown = ids[i];
    const at: unknown = parents[i];
    const code = KIND_CODES.indexOf(kinds[i]);
    const enclosing = typeof at === 'number' && Number.isInteger(at) && at >= 0 && at < i ? (ids[at] as unknown) : undefined;
    const placed = at === -1 ? code === 0 && isText(id) && id.startsWith(sectionPrefix) : code > 0 && isText(id) && isText(enclosing) && id.length > enclosing.length && id.startsWith(enclosing);
    if (code < 0) problems.push(`unit ${i + 1} (${isText(id) ? id : 'no id'}) has an unknown kind`);
    else if (!placed) problems.push(`unit ${i + 1} (${isText(id) ? id : 'no id'}) is not placed under an earlier unit that encloses it`);
  }
  for (const column of SPARSE_COLUMNS) {
    const entries = units[column];
    if (!Array.isArray(entries)) {
      problems.push(`units.${column}: expected a list`);
      continue;
    }
    let previous = -1;
    for (const entry of entries as unknown[]) {
      const position: unknown = Array.isArray(entry) ? entry[0] : undefined;
      const valuesRead = Array.isArray(entry) && (BILINGUAL_COLUMNS.has(column) ? entry.length === 3 && isTextOrNull(entry[1]) && isTextOrNull(entry[2]) : entry.length === 2 && isText(entry[1]));
      if (typeof position !== 'number' || !Number.isInteger(position) || position <= previous || position >= ids.length || !valuesRead) {
        problems.push(`units.${column}: malformed or misplaced entry ${JSON.stringify(entry)?.slice(0, 60)}`);
        break;
      }
      previous = position;
    }
  }
  return problems;
}

/** The entry of a sparse column for the unit at `position`, by binary search (columns are in unit order). */
function entryAt<T extends readonly [number, ...unknown[]]>(entries: readonly T[], position: number): T | undefined {
  let low = 0;
  let high = entries.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = entries[middle][0];
    if (at === position) return entries[middle];
    if (at < position) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

function bilingual(en: string | null, fr: string | null): { en?: string; fr?: string } {
  const value: { en?: string; fr?: string } = {};
  if (en !== null) value.en = en;
  if (fr !== null) value.fr = fr;
  return value;
}

/** The units of one instrument, checked by `columnProblems` before this is built. */
export class UnitColumns {
  readonly count: number;
  private readonly objects: Array<Provision | undefined>;
  private readonly positions = new Map<string, number>();
  private childPositions: Map<number, number[]> | undefined;

  constructor(
    readonly instrument: string,
    private readonly units: Units,
  ) {
    this.count = units.ids.length;
    this.objects = new Array<Provision | undefined>(this.count);
    for (let i = 0; i < this.count; i += 1) this.positions.set(units.ids[i], i);
  }

  positionOf(id: string): number | undefined {
    return this.positions.get(id);
  }

  /** The unit at `position` (document order) as an object, built on first use. */
  unitAt(position: number): Provision {
    const built = this.objects[position];
    if (built) return built;
    const { ids, kinds, parents } = this.units;
    const id = ids[position];
    const parent = parents[position] >= 0 ? this.unitAt(parents[position]) : undefined;
    const segment = parent ? id.slice(parent.id.length).trim() : id.slice(this.instrument.length + 1);
    const unit: Provision = {
      id,
      kind: PROVISION_KINDS[KIND_CODES.indexOf(kinds[position])],
      label: entryAt(this.units.labels, position)?.[1] ?? segment,
      path: parent ? [...parent.path, segment] : [segment],
      parent: parent ? parent.id : null,
    };
    const marginalNote = entryAt(this.units.marginalNotes, position);
    if (marginalNote) unit.marginalNote = bilingual(marginalNote[1], marginalNote[2]);
    const term = entryAt(this.units.terms, position);
    if (term) unit.term = bilingual(term[1], term[2]);
    const repealed = entryAt(this.units.repealed, position);
    if (repealed) unit.repealed = { by: repealed[1] };
    const inForceFrom = entryAt(this.units.inForceFrom, position)?.[1] ?? parent?.inForceFrom;
    if (inForceFrom !== undefined) unit.inForceFrom = inForceFrom;
    const lastAmended = entryAt(this.units.lastAmended, position);
    if (lastAmended) unit.lastAmended = lastAmended[1];
    this.objects[position] = unit;
    return unit;
  }

  /** Every unit, in document order (builds them all). */
  all(): Provision[] {
    const units = new Array<Provision>(this.count);
    for (let i = 0; i < this.count; i += 1) units[i] = this.unitAt(i);
    return units;
  }

  /** Positions of the direct subdivisions of the unit at `position` (-1: the sections), in document order. */
  childrenOf(position: number): readonly number[] {
    if (!this.childPositions) {
      const byParent = new Map<number, number[]>();
      this.units.parents.forEach((parent, child) => {
        const siblings = byParent.get(parent);
        if (siblings) siblings.push(child);
        else byParent.set(parent, [child]);
      });
      this.childPositions = byParent;
    }
    return this.childPositions.get(position) ?? [];
  }

  /** Positions of the definitions, in document order. */
  definitionPositions(): number[] {
    return this.units.terms.map(([position]) => position);
  }
}
