/**
 * The statute index over the instruments' columns (`UnitColumns`): the same lookups as plain maps
 * (`byId`, `children`, `definitions`), each answering from the columns and building only the unit
 * objects it returns. Iterating a whole map, or `provisions`, builds every unit once.
 */
import type { StatuteIndex } from './loadStatuteIndex';
import { termKey } from './provisionId';
import type { Instrument, InstrumentMetadata, Provision } from './statuteIndexSchema';
import type { UnitColumns } from './unitColumns';

/**
 * A read-only map whose `get` answers from a function; whole-map reads (iteration, size) go to a
 * real Map built once from `entries`.
 */
class ComputedMap<V> implements ReadonlyMap<string, V> {
  private whole: Map<string, V> | undefined;

  constructor(
    private readonly lookup: (key: string) => V | undefined,
    private readonly entryList: () => Array<[string, V]>,
  ) {}

  get(key: string): V | undefined {
    return this.lookup(key);
  }
  has(key: string): boolean {
    return this.lookup(key) !== undefined;
  }
  private materialised(): Map<string, V> {
    return (this.whole ??= new Map(this.entryList()));
  }
  get size(): number {
    return this.materialised().size;
  }
  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
    this.materialised().forEach((value, key) => callback.call(thisArg, value, key, this));
  }
  entries(): MapIterator<[string, V]> {
    return this.materialised().entries();
  }
  keys(): MapIterator<string> {
    return this.materialised().keys();
  }
  values(): MapIterator<V> {
    return this.materialised().values();
  }
  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.materialised().entries();
  }
}

export class ColumnStatuteIndex implements StatuteIndex {
  readonly instruments: Readonly<Record<Instrument, InstrumentMetadata>>;
  readonly byId: ReadonlyMap<string, Provision>;
  readonly children: ReadonlyMap<string, readonly Provision[]>;
  private readonly columns: ReadonlyMap<string, UnitColumns>;
  private everyUnit: readonly Provision[] | undefined;
  private definitionsByParent: ReadonlyMap<string, ReadonlyMap<string, Provision>> | undefined;

  constructor(instruments: ReadonlyArray<{ instrument: InstrumentMetadata; units: UnitColumns }>) {
    this.instruments = Object.fromEntries(instruments.map(({ instrument }) => [instrument.id, instrument])) as Record<Instrument, InstrumentMetadata>;
    this.columns = new Map(instruments.map(({ instrument, units }) => [instrument.id, units]));
    this.byId = new ComputedMap(
      (id) => this.locate(id, (units, position) => units.unitAt(position)),
      () => this.provisions.map((unit) => [unit.id, unit]),
    );
    this.children = new ComputedMap(
      (id) => this.childrenOf(id),
      () => [...this.columns.keys(), ...this.provisions.map((unit) => unit.id)].flatMap((id) => {
        const list = this.childrenOf(id);
        return list ? [[id, list] as [string, readonly Provision[]]] : [];
      }),
    );
  }

  /** The subdivisions of `id` (the sections, for `IRPA` / `IRPR`); undefined when it has none. */
  private childrenOf(id: string): readonly Provision[] | undefined {
    const instrument = this.columns.get(id);
    if (instrument) return instrument.childrenOf(-1).map((at) => instrument.unitAt(at));
    const list = this.locate(id, (units, position) => units.childrenOf(position).map((at) => units.unitAt(at)));
    return list && list.length > 0 ? list : undefined;
  }

  /** Finds `id` in its instrument's columns (ids start with the instrument) and answers from there. */
  private locate<T>(id: string, answer: (units: UnitColumns, position: number) => T): T | undefined {
    const units = this.columns.get(id.slice(0, id.indexOf(' ')));
    const position = units?.positionOf(id);
    return units && position !== undefined ? answer(units, position) : undefined;
  }

  /** Every unit of both instruments, in document order (each instrument's units built once). */
  get provisions(): readonly Provision[] {
    return (this.everyUnit ??= [...this.columns.values()].flatMap((units) => units.all()));
  }

  /** Definitions of a unit by term key (`termKey`), in English and in French; built on first use (~300 units). */
  get definitions(): ReadonlyMap<string, ReadonlyMap<string, Provision>> {
    if (!this.definitionsByParent) {
      const byParent = new Map<string, Map<string, Provision>>();
      for (const units of this.columns.values()) {
        for (const position of units.definitionPositions()) {
          const definition = units.unitAt(position);
          if (definition.kind !== 'definition' || !definition.parent || !definition.term) continue;
          const terms = byParent.get(definition.parent) ?? new Map<string, Provision>();
          for (const term of [definition.term.en, definition.term.fr]) {
            if (term !== undefined && !terms.has(termKey(term))) terms.set(termKey(term), definition);
          }
          byParent.set(definition.parent, terms);
        }
      }
      this.definitionsByParent = byParent;
    }
    return this.definitionsByParent;
  }
}
