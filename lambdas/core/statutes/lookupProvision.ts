/**
 * Whether a cited provision exists in the consolidated IRPA / IRPR, is repealed, or does not exist
 * (with the deepest enclosing unit that does and a sentence saying why).
 */
import { loadStatuteIndex, type StatuteIndex } from './loadStatuteIndex';
import { termKey, type ProvisionIdSegment } from './provisionId';
import { resolveProvisionId } from './resolveProvisionId';
import type { Instrument, Provision, ProvisionKind } from './statuteIndexSchema';

export type ProvisionLookup =
  /** The unit exists and is not repealed; `id` is its canonical id. */
  | { status: 'in-force'; id: string; provision: Provision }
  /**
   * The unit, or a unit enclosing it, is repealed: `provision` is the repealed unit (its id differs
   * from `id` when the citation names a subdivision of it) and `repealedBy` cites what repealed it.
   */
  | { status: 'repealed'; id: string; provision: Provision; repealedBy: string; reason: string }
  /**
   * No such unit. `instrument` is null when the id does not read as an IRPA/IRPR id; `nearest` is the
   * deepest enclosing unit that exists.
   */
  | { status: 'missing'; id: string; instrument: Instrument | null; nearest?: Provision; reason: string };

const PLURAL: Readonly<Record<ProvisionKind, string>> = {
  section: 'sections',
  subsection: 'subsections',
  definition: 'definitions',
  paragraph: 'paragraphs',
  subparagraph: 'subparagraphs',
  clause: 'clauses',
  subclause: 'subclauses',
};

const lastLabel = (provision: Provision): string => provision.path[provision.path.length - 1] ?? provision.label;

function listLabels(labels: readonly string[]): string {
  if (labels.length === 1) return labels[0];
  if (labels.length === 2) return `${labels[0]} and ${labels[1]}`;
  return `${labels[0]} to ${labels[labels.length - 1]}`;
}

/** `[4, 1]` for `4.1`, to order section numbers. */
const sectionNumber = (value: string): number[] => value.split('.').map(Number);

function compareSectionNumbers(x: readonly number[], y: readonly number[]): number {
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const difference = (x[i] ?? -1) - (y[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Section numbers of each instrument with their numeric keys, worked out once per index. */
const sectionsByIndex = new WeakMap<StatuteIndex, Map<Instrument, Array<{ label: string; key: number[] }>>>();

function sectionsOf(index: StatuteIndex, instrument: Instrument): Array<{ label: string; key: number[] }> {
  let byInstrument = sectionsByIndex.get(index);
  if (!byInstrument) {
    byInstrument = new Map();
    sectionsByIndex.set(index, byInstrument);
  }
  let sections = byInstrument.get(instrument);
  if (!sections) {
    sections = (index.children.get(instrument) ?? []).map((p) => ({ label: lastLabel(p), key: sectionNumber(lastLabel(p)) }));
    sections.sort((a, b) => compareSectionNumbers(a.key, b.key));
    byInstrument.set(instrument, sections);
  }
  return sections;
}

function missingSectionReason(index: StatuteIndex, instrument: Instrument, section: string): string {
  const key = sectionNumber(section);
  const sections = sectionsOf(index, instrument);
  const at = sections.findIndex((s) => compareSectionNumbers(s.key, key) > 0);
  const before = (at === -1 ? sections[sections.length - 1] : sections[at - 1])?.label;
  const after = at === -1 ? undefined : sections[at].label;
  if (!after) return `${instrument} has no section ${section}; its last section is ${before ?? 'none'}`;
  if (!before) return `${instrument} has no section ${section}; its first section is ${after}`;
  return `${instrument} has no section ${section}; the sections either side are ${before} and ${after}`;
}

function missingLabelReason(index: StatuteIndex, nearest: Provision, value: string): string {
  const wanted = `(${value})`;
  const children = (index.children.get(nearest.id) ?? []).filter((child) => child.kind !== 'definition');
  let reason: string;
  if (children.length === 0) {
    const hasDefinitions = (index.children.get(nearest.id) ?? []).length > 0;
    reason = `${nearest.id} has no ${hasDefinitions ? 'numbered subdivisions, only definitions' : 'subdivisions'}; there is no ${wanted}`;
  } else {
    const kind = children[0].kind;
    const labels = [...new Set(children.filter((c) => c.kind === kind).map(lastLabel))];
    const listed = labels.length === 1 ? `only ${PLURAL[kind].slice(0, -1)} ${labels[0]}` : `${PLURAL[kind]} ${listLabels(labels)}`;
    reason = `${nearest.id} has ${listed}; there is no ${wanted}`;
  }
  // `IRPA 40(a)` for `IRPA 40(1)(a)`: name the few units one level down that have this label.
  const deeper = (index.children.get(nearest.id) ?? [])
    .map((child) => index.byId.get(`${child.id}${wanted}`))
    .filter((p): p is Provision => p !== undefined)
    .map((p) => p.id);
  if (deeper.length === 1) reason += `; ${deeper[0]} exists`;
  else if (deeper.length > 1 && deeper.length <= 3) reason += `; ${deeper.slice(0, -1).join(', ')} and ${deeper[deeper.length - 1]} exist`;
  return reason;
}

function missingTermReason(index: StatuteIndex, nearest: Provision, term: string): string {
  const defined = index.definitions.get(nearest.id);
  let reason = defined ? `${nearest.id} defines no term "${term}"` : `${nearest.id} has no definitions; there is no "${term}"`;
  const instrument = nearest.id.slice(0, 4);
  const elsewhere: Provision[] = [];
  for (const [parent, terms] of index.definitions) {
    const found = parent.startsWith(`${instrument} `) ? terms.get(termKey(term)) : undefined;
    if (found && !elsewhere.includes(found)) elsewhere.push(found);
  }
  if (elsewhere.length > 0) reason += `; it is defined in ${elsewhere.map((p) => p.id).join(', ')}`;
  return reason;
}

function missingReason(index: StatuteIndex, nearest: Provision, missing: ProvisionIdSegment): string {
  return missing.kind === 'term' ? missingTermReason(index, nearest, missing.value) : missingLabelReason(index, nearest, missing.value);
}

/** The unit itself or the closest enclosing unit that is repealed. */
function repealedSelfOrAncestor(index: StatuteIndex, provision: Provision): Provision | undefined {
  for (let unit: Provision | undefined = provision; unit; unit = unit.parent ? index.byId.get(unit.parent) : undefined) {
    if (unit.repealed) return unit;
  }
  return undefined;
}

function repealed(id: string, unit: Provision): ProvisionLookup & { status: 'repealed' } {
  const by = unit.repealed?.by ?? 'an amendment the consolidation does not name';
  const reason = unit.id === id ? `${id} was repealed by ${by}` : `${id} falls under ${unit.id}, which was repealed by ${by}`;
  return { status: 'repealed', id, provision: unit, repealedBy: by, reason };
}

/**
 * Looks a provision up by id: `IRPA 40(1)(a)`, `IRPR 117(9)`, `IRPR 4.1`, `IRPR 1(1) "common-law partner"`,
 * or a tolerated spelling (`LIPR 40(1)a)`, `IRPA s. 16`, a French term).
 */
export function lookupProvision(id: string, index: StatuteIndex = loadStatuteIndex()): ProvisionLookup {
  const resolution = resolveProvisionId(id, index);
  if (resolution.kind === 'unreadable') return { status: 'missing', id: id.trim(), instrument: null, reason: resolution.reason };
  const { parsed, canonical } = resolution;
  if (resolution.kind === 'found') {
    const unit = repealedSelfOrAncestor(index, resolution.provision);
    return unit ? repealed(canonical, unit) : { status: 'in-force', id: canonical, provision: resolution.provision };
  }
  if (resolution.kind === 'no-section') {
    return { status: 'missing', id: canonical, instrument: parsed.instrument, reason: missingSectionReason(index, parsed.instrument, parsed.section) };
  }
  const { nearest, missing } = resolution;
  const repealedUnit = repealedSelfOrAncestor(index, nearest);
  if (repealedUnit) return repealed(canonical, repealedUnit);
  return { status: 'missing', id: canonical, instrument: parsed.instrument, nearest, reason: missingReason(index, nearest, missing) };
}
