/**
 * Walking the hierarchy of the statute index: subdivisions, enclosing units, and the full words
 * of a unit with everything below it (for quoting a subsection with its paragraphs).
 */
import { wordsOf } from './statuteWords';
import { loadStatuteIndex, type StatuteIndex } from './loadStatuteIndex';
import { resolveProvisionId } from './resolveProvisionId';
import type { Instrument, InstrumentMetadata, Language, Provision } from './statuteIndexSchema';

/**
 * The direct subdivisions of a unit in document order (`IRPR 216(1)` → its paragraphs), or the
 * sections of an instrument (`IRPA`). Empty when the unit does not exist or has none.
 */
export function childrenOf(id: string, index: StatuteIndex = loadStatuteIndex()): readonly Provision[] {
  const key = id.trim().toUpperCase();
  if (key === 'IRPA' || key === 'IRPR') return index.children.get(key) ?? [];
  const provision = resolveProvisionId(id, index).provision;
  return provision ? (index.children.get(provision.id) ?? []) : [];
}

/** The units enclosing a unit, outermost (the section) first; empty when the unit does not exist. */
export function ancestorsOf(id: string, index: StatuteIndex = loadStatuteIndex()): readonly Provision[] {
  const provision = resolveProvisionId(id, index).provision;
  const chain: Provision[] = [];
  let parent = provision?.parent ? index.byId.get(provision.parent) : undefined;
  while (parent) {
    chain.unshift(parent);
    parent = parent.parent ? index.byId.get(parent.parent) : undefined;
  }
  return chain;
}

/** The title, citation and consolidation dates of the IRPA or the IRPR as bundled. */
export function instrumentMetadata(instrument: Instrument, index: StatuteIndex = loadStatuteIndex()): InstrumentMetadata {
  return index.instruments[instrument];
}

/** How a subdivision's label is printed in a language: French paragraphs read `a)`, all else `(1)`, `(i)`, `(A)`. */
function printedLabel(provision: Provision, language: Language): string {
  const last = provision.path[provision.path.length - 1] ?? provision.label;
  if (provision.kind === 'definition') return '';
  if (provision.kind === 'section') return last;
  return language === 'fr' && provision.kind === 'paragraph' ? last.slice(1) : last;
}

const otherLanguage = (language: Language): Language => (language === 'en' ? 'fr' : 'en');

/**
 * The words of a unit and of everything below it, in one language, each subdivision after its
 * label: `Subject to … the foreign national (a) applied for it … (b) will leave Canada …`.
 * Subdivisions only the other version prints are left out (where the French folds a list into one
 * sentence, the parent's French words already hold it). A unit only the other version prints is
 * given in that version.
 */
export function provisionText(provision: Provision, language: Language = 'en', index: StatuteIndex = loadStatuteIndex()): string {
  const parts: string[] = [];
  const other = otherLanguage(language);
  const visit = (unit: Provision, labelled: boolean) => {
    const own = wordsOf(unit, language) ?? (unit === provision ? wordsOf(unit, other) : undefined);
    const words = [labelled ? printedLabel(unit, language) : '', own ?? ''].filter((part) => part !== '').join(' ');
    if (words !== '') parts.push(words);
    for (const child of index.children.get(unit.id) ?? []) {
      const otherVersionOnly = wordsOf(child, language) === undefined && wordsOf(child, other) !== undefined;
      if (!otherVersionOnly) visit(child, true);
    }
    const closing = wordsOf(unit, language, 'continuedText');
    if (closing) parts.push(closing);
  };
  visit(provision, false);
  return parts.join(' ');
}

/** The unit's own English marginal note, else the closest one above it (paragraphs have none of their own). */
export function nearestMarginalNote(provision: Provision, index: StatuteIndex = loadStatuteIndex()): string | undefined {
  for (let unit: Provision | undefined = provision; unit; unit = unit.parent ? index.byId.get(unit.parent) : undefined) {
    if (unit.marginalNote?.en) return unit.marginalNote.en;
  }
  return undefined;
}
