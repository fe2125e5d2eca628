/**
 * Reads one language version of a Justice Laws consolidation (the `Statute` or `Regulation` XML)
 * into a flat list of units in document order, plus the instrument's metadata in that language.
 * Only the `Body` is read: schedules, related provisions and amendments not in force are not units
 * of the instrument as consolidated.
 */
import type { Instrument, Language, ProvisionKind } from '../../lambdas/core/statutes/statuteIndexSchema';
import { formatSegment, type ProvisionIdSegment } from '../../lambdas/core/statutes/provisionId';
import { labelValues } from './statuteLabels';
import { childElements, descendants, firstChild, type XmlElement, type XmlNode } from './xmlReader';

/** One unit as read from one language version. */
export interface UnitReading {
  id: string;
  kind: ProvisionKind;
  /** The label as printed in this language. */
  label: string;
  path: string[];
  parent: string | null;
  text?: string;
  continuedText?: string;
  marginalNote?: string;
  /** Definitions: the English and French terms, as far as this version names them. */
  term?: { en?: string; fr?: string };
  /** The repeal marker as printed (`[Repealed, 2012, c. 17, s. 7]`), when the unit is repealed. */
  repealedMarker?: string;
  inForceFrom?: string;
  lastAmended?: string;
  history?: string;
  headings?: string[];
  note?: string;
  table?: string[][];
}

export interface InstrumentReading {
  language: Language;
  rootName: string;
  title: string;
  longTitle: string;
  citation: string;
  /** `I-2.5` or `SOR-2002-227` / `DORS-2002-227`, as used in Justice Laws addresses. */
  addressCode: string;
  consolidationDate: string;
  currentTo: string;
  lastAmended: string;
  recentAmendments: Array<{ citation: string; date: string }>;
  units: UnitReading[];
}

/** The XML does not have the shape this reader expects; says where. */
export class UnexpectedStatuteXml extends Error {
  override readonly name = 'UnexpectedStatuteXml';
}

const UNIT_KINDS: Readonly<Record<string, ProvisionKind>> = {
  Section: 'section',
  Subsection: 'subsection',
  Definition: 'definition',
  Paragraph: 'paragraph',
  Subparagraph: 'subparagraph',
  Clause: 'clause',
  Subclause: 'subclause',
};

/** Elements a unit may hold besides its subdivisions; anything else stops the build. */
const UNIT_PARTS = new Set(['Label', 'MarginalNote', 'Text', 'HistoricalNote', 'Footnote', 'TableGroup']);

/** Inline elements whose text is not part of the words of the provision. */
const SILENT_INLINE = new Set(['FootnoteRef', 'Footnote']);
/** Inline elements that separate words. */
const SPACING_INLINE = new Set(['LineBreak', 'Leader']);

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The words of an element and its inline descendants, whitespace collapsed. */
export function plainText(node: XmlNode): string {
  const parts: string[] = [];
  const visit = (current: XmlNode) => {
    if (typeof current === 'string') {
      parts.push(current);
      return;
    }
    if (SILENT_INLINE.has(current.name)) return;
    if (SPACING_INLINE.has(current.name)) {
      parts.push(' ');
      return;
    }
    // A repeal marker is printed right after a definition's term with no space in the XML.
    if (current.name === 'Repealed') parts.push(' ');
    for (const child of current.children) visit(child);
  };
  visit(node);
  return collapse(parts.join(''));
}

function dateOf(element: XmlElement | undefined): string | undefined {
  if (!element) return undefined;
  const part = (name: string) => {
    const value = firstChild(element, name);
    return value ? plainText(value) : undefined;
  };
  const [year, month, day] = [part('YYYY'), part('MM'), part('DD')];
  if (!year || !month || !day) return undefined;
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined || value === '') throw new UnexpectedStatuteXml(`the XML has no ${what}`);
  return value;
}

function attribute(element: XmlElement, name: string): string | undefined {
  return element.attributes[name] || undefined;
}

function tableRows(group: XmlElement): string[][] {
  return descendants(group, 'row').map((row) => childElements(row, 'entry').map((entry) => plainText(entry)));
}

function definitionTerms(definition: XmlElement, language: Language): { en?: string; fr?: string } {
  const firstText = firstChild(definition, 'Text');
  const own = language === 'en' ? 'DefinedTermEn' : 'DefinedTermFr';
  const other = language === 'en' ? 'DefinedTermFr' : 'DefinedTermEn';
  const ownTerm = firstText ? descendants(firstText, own)[0] : undefined;
  const otherTerm = descendants(definition, other)[0];
  const terms: { en?: string; fr?: string } = {};
  const ownValue = ownTerm ? plainText(ownTerm) : undefined;
  const otherValue = otherTerm ? plainText(otherTerm) : undefined;
  if (language === 'en') {
    if (ownValue) terms.en = ownValue;
    if (otherValue) terms.fr = otherValue;
  } else {
    if (otherValue) terms.en = otherValue;
    if (ownValue) terms.fr = ownValue;
  }
  return terms;
}

interface UnitContext {
  instrument: Instrument;
  language: Language;
  parentId: string | null;
  parentPath: string[];
  headings: string[];
  units: UnitReading[];
}

function readUnit(element: XmlElement, kind: ProvisionKind, context: UnitContext): void {
  const where = context.parentId ?? context.instrument;
  for (const child of childElements(element)) {
    if (!UNIT_PARTS.has(child.name) && !UNIT_KINDS[child.name] && !child.name.startsWith('Continued')) {
      throw new UnexpectedStatuteXml(`unexpected <${child.name}> in a ${kind} under ${where}`);
    }
  }
  const segments: ProvisionIdSegment[] = [];
  const terms = kind === 'definition' ? definitionTerms(element, context.language) : undefined;
  let printedLabel: string;
  if (terms) {
    const term = terms.en ?? terms.fr;
    if (!term) throw new UnexpectedStatuteXml(`a definition under ${where} names no term`);
    segments.push({ kind: 'term', value: term });
    printedLabel = `"${term}"`;
  } else {
    const labelElement = firstChild(element, 'Label');
    if (!labelElement) throw new UnexpectedStatuteXml(`a ${kind} under ${where} has no label`);
    printedLabel = plainText(labelElement);
    for (const value of labelValues(printedLabel, kind)) segments.push({ kind: 'label', value });
  }

  const texts = childElements(element, 'Text');
  const text = collapse(texts.map(plainText).join(' '));
  const repealed = texts.flatMap((t) => descendants(t, 'Repealed'))[0];
  const continued = childElements(element).filter((c) => c.name.startsWith('Continued'));
  const continuedText = collapse(continued.map(plainText).join(' '));
  const marginal = firstChild(element, 'MarginalNote');
  const footnotes = childElements(element, 'Footnote').map((f) => collapse(childElements(f, 'Text').map(plainText).join(' ')));
  const history = childElements(element, 'HistoricalNote')
    .flatMap((h) => childElements(h, 'HistoricalNoteSubItem'))
    .map(plainText)
    .filter((item) => item !== '');
  const table = childElements(element, 'TableGroup').flatMap(tableRows);

  for (const segment of segments) {
    const path = [...context.parentPath, kind === 'section' ? segment.value : formatSegment(segment).trim()];
    const id = kind === 'section' ? `${context.instrument} ${segment.value}` : `${context.parentId}${formatSegment(segment)}`;
    const unit: UnitReading = { id, kind, label: printedLabel, path, parent: context.parentId };
    if (text) unit.text = text;
    if (continuedText) unit.continuedText = continuedText;
    if (marginal) unit.marginalNote = plainText(marginal);
    if (terms) unit.term = terms;
    if (repealed) unit.repealedMarker = plainText(repealed);
    const inForce = attribute(element, 'lims:inforce-start-date');
    if (inForce) unit.inForceFrom = inForce;
    if (kind === 'section') {
      const lastAmended = attribute(element, 'lims:lastAmendedDate');
      if (lastAmended) unit.lastAmended = lastAmended;
      if (history.length) unit.history = history.join('; ');
      if (context.headings.length) unit.headings = [...context.headings];
    }
    if (footnotes.length) unit.note = footnotes.join(' ');
    if (table.length) unit.table = table;
    context.units.push(unit);

    for (const child of childElements(element)) {
      const childKind = UNIT_KINDS[child.name];
      if (!childKind || childKind === 'section') continue;
      readUnit(child, childKind, { ...context, parentId: id, parentPath: path });
    }
  }
}

function headingText(heading: XmlElement): string {
  const label = firstChild(heading, 'Label');
  const title = firstChild(heading, 'TitleText');
  return [label ? plainText(label) : '', title ? plainText(title) : ''].filter((part) => part !== '').join(' — ');
}

function readBody(body: XmlElement, instrument: Instrument, language: Language): UnitReading[] {
  const units: UnitReading[] = [];
  const headings: string[] = [];
  for (const child of childElements(body)) {
    if (child.name === 'Heading') {
      const level = Number(child.attributes.level ?? '1');
      headings.length = Math.max(0, level - 1);
      const text = headingText(child);
      if (text) headings[level - 1] = text;
      continue;
    }
    if (child.name !== 'Section') throw new UnexpectedStatuteXml(`unexpected <${child.name}> in the body of ${instrument}`);
    readUnit(child, 'section', { instrument, language, parentId: null, parentPath: [], headings: headings.filter(Boolean), units });
  }
  return units;
}

/** Reads one language version of the IRPA (`Statute`) or the IRPR (`Regulation`). */
export function readStatuteXml(root: XmlElement, instrument: Instrument, language: Language): InstrumentReading {
  const identification = required(firstChild(root, 'Identification'), '<Identification>');
  const body = required(firstChild(root, 'Body'), '<Body>');
  const longTitleElement = required(firstChild(identification, 'LongTitle'), '<LongTitle>');
  const shortTitleElement = firstChild(identification, 'ShortTitle');
  const longTitle = plainText(longTitleElement);
  const title = shortTitleElement ? plainText(shortTitleElement) : longTitle;

  let citation: string;
  let addressCode: string;
  let consolidationDate: string | undefined;
  if (root.name === 'Statute') {
    const chapter = required(firstChild(identification, 'Chapter'), '<Chapter>');
    const annual = required(firstChild(chapter, 'AnnualStatuteId'), '<AnnualStatuteId>');
    const year = plainText(required(firstChild(annual, 'YYYY'), 'statute year'));
    const number = plainText(required(firstChild(annual, 'AnnualStatuteNumber'), 'statute chapter number'));
    citation = language === 'en' ? `S.C. ${year}, c. ${number}` : `L.C. ${year}, ch. ${number}`;
    addressCode = plainText(required(firstChild(chapter, 'ConsolidatedNumber'), '<ConsolidatedNumber>'));
    const stage = descendants(identification, 'Stages').find((s) => s.attributes.stage === 'consolidation');
    consolidationDate = dateOf(stage ? firstChild(stage, 'Date') : undefined);
  } else if (root.name === 'Regulation') {
    citation = plainText(required(firstChild(identification, 'InstrumentNumber'), '<InstrumentNumber>'));
    addressCode = citation.replace(/\//g, '-');
    const consolidation = firstChild(identification, 'ConsolidationDate');
    consolidationDate = dateOf(consolidation ? firstChild(consolidation, 'Date') : undefined);
  } else {
    throw new UnexpectedStatuteXml(`the root element is <${root.name}>, expected <Statute> or <Regulation>`);
  }

  const recent = descendants(root, 'RecentAmendments')[0];
  const recentAmendments = recent
    ? childElements(recent, 'Amendment').map((amendment) => ({
        citation: plainText(required(firstChild(amendment, 'AmendmentCitation'), 'amendment citation')),
        date: plainText(required(firstChild(amendment, 'AmendmentDate'), 'amendment date')),
      }))
    : [];

  return {
    language,
    rootName: root.name,
    title,
    longTitle,
    citation,
    addressCode,
    consolidationDate: required(consolidationDate, 'consolidation date'),
    currentTo: required(attribute(root, 'lims:current-date'), 'lims:current-date'),
    lastAmended: required(attribute(root, 'lims:lastAmendedDate'), 'lims:lastAmendedDate'),
    recentAmendments,
    units: readBody(body, instrument, language),
  };
}
