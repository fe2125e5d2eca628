/**
 * Pairs the English and French readings of one instrument unit by unit (same canonical id) into
 * the index's provisions, English order first. Units only one version has (repealed definitions
 * name only their own language's term; a few definitions exist in one language only) are kept,
 * with only that language's fields, right after the unit the French version prints before them.
 */
import type { CompleteProvision as Provision, Instrument, InstrumentMetadata } from '../../lambdas/core/statutes/statuteIndexSchema';
import { termKey } from '../../lambdas/core/statutes/provisionId';
import type { InstrumentReading, UnitReading } from './readStatuteXml';

export interface MergedInstrument {
  metadata: Omit<InstrumentMetadata, 'source'>;
  provisions: Provision[];
  /** Ids present in one language version only. */
  englishOnly: string[];
  frenchOnly: string[];
  /** Facts the two versions disagree on (the build reports them and stops). */
  disagreements: string[];
}

const REPEAL_MARKER = /^\[\s*(?:Repealed|Abrog[ée]e?s?)\s*,\s*(.+?)\s*\]$/;

/** `[Repealed, 2012, c. 17, s. 7]` → `2012, c. 17, s. 7`; the marker itself when it has another shape. */
export function repealedBy(marker: string): string {
  return REPEAL_MARKER.exec(marker)?.[1] ?? marker;
}

function bilingual(en: string | undefined, fr: string | undefined): { en?: string; fr?: string } | undefined {
  if (en === undefined && fr === undefined) return undefined;
  const value: { en?: string; fr?: string } = {};
  if (en !== undefined) value.en = en;
  if (fr !== undefined) value.fr = fr;
  return value;
}

function toProvision(en: UnitReading | undefined, fr: UnitReading | undefined): Provision {
  const main = en ?? fr;
  if (!main) throw new Error('a provision needs at least one language version');
  const provision: Provision = { id: main.id, kind: main.kind, label: main.label, path: main.path, parent: main.parent, text: bilingual(en?.text, fr?.text) ?? {} };
  const marginalNote = bilingual(en?.marginalNote, fr?.marginalNote);
  if (marginalNote) provision.marginalNote = marginalNote;
  if (main.kind === 'definition') {
    const term = bilingual(en?.term?.en ?? fr?.term?.en, fr?.term?.fr ?? en?.term?.fr);
    if (term) provision.term = term;
  }
  const continuedText = bilingual(en?.continuedText, fr?.continuedText);
  if (continuedText) provision.continuedText = continuedText;
  const marker = en?.repealedMarker ?? fr?.repealedMarker;
  if (marker) provision.repealed = { by: repealedBy(marker) };
  if (main.inForceFrom) provision.inForceFrom = main.inForceFrom;
  if (main.lastAmended) provision.lastAmended = main.lastAmended;
  if (main.history) provision.history = main.history;
  if (main.headings) provision.headings = main.headings;
  const note = bilingual(en?.note, fr?.note);
  if (note) provision.note = note;
  if (en?.table || fr?.table) {
    provision.table = {};
    if (en?.table) provision.table.en = en.table;
    if (fr?.table) provision.table.fr = fr.table;
  }
  return provision;
}

function disagreementsOf(en: UnitReading, fr: UnitReading): string[] {
  const found: string[] = [];
  if (en.kind !== fr.kind) found.push(`${en.id} is a ${en.kind} in English and a ${fr.kind} in French`);
  if (Boolean(en.repealedMarker) !== Boolean(fr.repealedMarker)) {
    found.push(`${en.id} is repealed in the ${en.repealedMarker ? 'English' : 'French'} version only`);
  }
  return found;
}

function metadataOf(instrument: Instrument, en: InstrumentReading, fr: InstrumentReading, disagreements: string[]): MergedInstrument['metadata'] {
  for (const field of ['consolidationDate', 'currentTo', 'lastAmended'] as const) {
    if (en[field] !== fr[field]) disagreements.push(`${instrument} ${field} is ${en[field]} in English and ${fr[field]} in French`);
  }
  return {
    id: instrument,
    kind: en.rootName === 'Statute' ? 'act' : 'regulations',
    title: { en: en.title, fr: fr.title },
    longTitle: { en: en.longTitle, fr: fr.longTitle },
    citation: { en: en.citation, fr: fr.citation },
    consolidationDate: en.consolidationDate,
    currentTo: en.currentTo,
    lastAmended: en.lastAmended,
    recentAmendments: en.recentAmendments,
  };
}

/** An id with each definition term reduced to its comparison key, to pair the two versions. */
function pairingKey(id: string): string {
  return id.replace(/"([^"]*)"/g, (_whole, term: string) => `"${termKey(term)}"`);
}

/**
 * The French units with ids in English spelling: a paired unit takes its English id; a unit
 * only the French version has keeps its own last segment under its (renamed) parent.
 */
function renameFrench(french: readonly UnitReading[], englishIdByKey: ReadonlyMap<string, string>): UnitReading[] {
  const renamed = new Map<string, UnitReading>();
  return french.map((unit) => {
    const paired = englishIdByKey.get(pairingKey(unit.id));
    let result: UnitReading;
    if (paired !== undefined) {
      result = { ...unit, id: paired };
    } else {
      const parent = unit.parent === null ? undefined : renamed.get(unit.parent);
      const ownSegment = unit.parent === null ? '' : unit.id.slice(unit.parent.length);
      result = parent ? { ...unit, id: `${parent.id}${ownSegment}`, parent: parent.id, path: [...parent.path, unit.path[unit.path.length - 1]] } : unit;
    }
    renamed.set(unit.id, result);
    return result;
  });
}

/** Pairs the two language versions of `instrument`. */
export function mergeLanguages(instrument: Instrument, en: InstrumentReading, fr: InstrumentReading): MergedInstrument {
  const disagreements: string[] = [];
  const metadata = metadataOf(instrument, en, fr, disagreements);
  const englishById = new Map<string, UnitReading>();
  const englishIdByKey = new Map<string, string>();
  for (const unit of en.units) {
    if (englishById.has(unit.id)) disagreements.push(`${unit.id} appears twice in the English version`);
    englishById.set(unit.id, unit);
    englishIdByKey.set(pairingKey(unit.id), unit.id);
  }
  const frenchUnits = renameFrench(fr.units, englishIdByKey);
  const frenchById = new Map<string, UnitReading>();
  for (const unit of frenchUnits) {
    if (frenchById.has(unit.id)) disagreements.push(`${unit.id} appears twice in the French version`);
    frenchById.set(unit.id, unit);
  }

  // French-only units wait behind the unit the French version prints just before them.
  const queuedAfter = new Map<string | null, UnitReading[]>();
  let previous: string | null = null;
  const frenchOnly: string[] = [];
  for (const unit of frenchUnits) {
    if (!englishById.has(unit.id)) {
      frenchOnly.push(unit.id);
      const queue = queuedAfter.get(previous) ?? [];
      queue.push(unit);
      queuedAfter.set(previous, queue);
    }
    previous = unit.id;
  }

  const provisions: Provision[] = [];
  const englishOnly: string[] = [];
  const emitQueued = (after: string | null) => {
    for (const unit of queuedAfter.get(after) ?? []) {
      provisions.push(toProvision(undefined, unit));
      emitQueued(unit.id);
    }
  };
  emitQueued(null);
  for (const unit of en.units) {
    const french = frenchById.get(unit.id);
    if (french) disagreements.push(...disagreementsOf(unit, french));
    else englishOnly.push(unit.id);
    provisions.push(toProvision(unit, french));
    emitQueued(unit.id);
  }
  return { metadata, provisions, englishOnly, frenchOnly, disagreements };
}
