import type { CitationForm, Instrument } from './citationSchema';
import { normalizeLayout, originalSpan } from './layoutText';
import { mergeSpans, overlapsAny, type Span } from './spans';
import {
  bareReferencesCount,
  compactReferencesCount,
  instrumentNamedBefore,
  meaningOf,
  readStatuteContext,
  type ReadingMode,
  type StatuteContext,
} from './statuteContext';

export interface StatuteHit {
  kind: 'statute';
  start: number;
  end: number;
  provisionId: string;
  instrument: Instrument;
  instrumentInferred: boolean;
  form: CitationForm;
}

/** What the parser needs to guess the instrument of `s. 179(b)`: does the index hold that provision? */
export interface ProvisionLookup {
  findProvisionOrAncestor(id: string): unknown;
}

// The reader runs on text whose whitespace is collapsed to single spaces (layoutText.ts).
const S = ' ?';
const NUM = String.raw`\d{1,3}(?:\.\d{1,2})?(?![\d])`;
/** `(1)`, `(1.1)`, `(a)`, `(a.1)`, `(iv)`, and the French paragraph `a)`. */
const PART = String.raw`(?:\((?:\d{1,3}(?:\.\d{1,2})?|[a-z](?:\.\d{1,2})?|[ivx]{1,6})\)|[a-z](?:\.\d{1,2})?\))`;
const PARTS = `(?:${S}${PART}){0,5}`;
const KEYWORD_EN = String.raw`(?:[Ss]ub)?[Ss]ections?|SECTIONS?|[Ss]ubs?\.|[Ss]ubsecs?\.|[Ss]ecs?\.|[Ss]s?\.|[Ss]{1,2}(?= ?\d)|(?:[Ss]ub)?[Pp]aragraphs?|[Ss]ubparas?\.|[Pp]aras?\.?|[Rr]egulations?|[Rr]egs?\.|[Rr]r?\.|§§?`;
const KEYWORD_FR = String.raw`[Aa]rticles?|[Aa]rts?\.|[Pp]aragraphes?|[Pp]ar\.|[Ss]ous-alinéas?|[Ss]s-al\.|[Aa]linéas?|[Aa]l\.`;
const KEYWORD = `${KEYWORD_FR}|${KEYWORD_EN}`;
const ABBREVIATION = 'IRPA|IRPR|LIPR|RIPR';
const CHAPTER = String.raw`(?:,? ?(?:S\.? ?C\.?|L\.? ?C\.?) ?2001,? ?(?:c|ch)\.? ?27|,? ?(?:SOR|DORS) ?\/ ?2002-227)?`;
const TITLE = String.raw`Immigration and Refugee Protection (?:Act|Regulations)|Loi sur l['’]immigration et la protection des réfugiés|Règlement sur l['’]immigration et la protection des réfugiés`;
// McGill drops the article once the instrument is defined (`Regulations, s 216(1)(b)`); a bare word
// right after another capitalised word (`Employment Standards Act, s 5`) names another statute.
const DEFINED = String.raw`(?:(?:[Tt]he|[Ll]a|[Ll]e) |(?<!\p{Lu}[\p{L}'’-]*,? ))(?:Act|Regulations|Loi|Règlement)`;

/**
 * `s. 40(1)(a)`, `IRPR 216(1)(b)`, `IRPA s 25(1)`, `paragraph 216(1)(b)`, `r. 179(b)`, `alinéa 40(1)a)`,
 * `Immigration and Refugee Protection Act, SC 2001, c 27, s 40(1)(a)`, `the Act, s. 16`.
 */
const PREFIXED = new RegExp(
  `(?<![\\p{L}\\p{N}])(?<!\\p{L}{2}['’])(?:(${ABBREVIATION})${CHAPTER},?${S}(?:(${KEYWORD})${S})?|(${TITLE})${CHAPTER},?${S}(?:(${KEYWORD})${S})?|(${DEFINED}),?${S}(${KEYWORD})${S}|(${KEYWORD})${S})(${NUM})(${PARTS})(?![\\p{L}\\p{N}])`,
  'gu',
);
/** `40(1)(a) of IRPA`, `216(1)b) du RIPR`: no keyword, but a subdivision and the instrument right after. */
const SUFFIXED = new RegExp(
  `(?<![\\p{L}\\p{N}.\\/'’-])(${NUM})((?:${S}${PART}){1,5})(?=${S},?${S}(?:(?:of|under|in|de la|du)${S}(?:the )?)?\\(?(?:${ABBREVIATION})(?![\\p{L}]))`,
  'gu',
);
/** `A40(1)(a)` (the Act), `R216(1)(b)` (the Regulations), as in GCMS notes: a subdivision is required. */
const COMPACT = new RegExp(`(?<![\\p{L}\\p{N}])([AR])(${NUM})((?:\\((?:\\d{1,3}(?:\\.\\d{1,2})?|[a-z]|[ivx]{1,6})\\)){1,5})(?![\\p{L}\\p{N}(])`, 'gu');
/** `… and 40(2)(a)`, `…, (b)`, `… et b)`, `… to 37` after a first reference. */
const CONTINUATION = new RegExp(`(?:,?${S}(and|or|&|et|ou|to|à|-|–)${S}|,${S})(?:(${NUM})(${PARTS})|((?:${PART}){1,5}))(?![\\p{L}\\p{N}])`, 'uy');
/** ` of IRPA`, ` IRPR`, ` (IRPA)`, `, under the IRPR`, ` de la LIPR`, ` du RIPR`. */
const SUFFIX_ABBREVIATION = new RegExp(`${S},?${S}(?:(?:of|under|in|de la|du|de)${S}(?:the${S})?)?\\(?(${ABBREVIATION})\\)?(?![\\p{L}])`, 'uy');
/** ` of the Act`, ` of the Immigration and Refugee Protection Regulations`, ` of the Federal Courts Act`, ` of the Charter`. */
const SUFFIX_NAMED = new RegExp(
  `${S},?${S}(?:of|under|in) (?:the |this )?((?:[\\p{L}'’-]+ ){0,6}?)(Act|Regulations|Code|Charter|Rules)(?![\\p{L}])`,
  'uy',
);
/** ` de la Loi`, ` du Règlement`, ` de la Loi sur l'immigration et la protection des réfugiés`, ` de la Charte`, ` de la Loi sur les Cours fédérales`. */
const SUFFIX_FRENCH = new RegExp(
  `${S},?${S}(?:de la|du|de|en vertu de la|en vertu du)${S}(Loi|Règlement|Charte|Code)(?![\\p{L}])( sur l['’]immigration et la protection des réfugiés| (?:sur|de|concernant|relative?s? à|canadienne) [\\p{L}'’-]+)?`,
  'uy',
);
/** ` of the lease`, ` of this Agreement`, ` of the form`, ` du contrat`: a document, not a statute. */
const SUFFIX_DOCUMENT = new RegExp(
  `${S},?${S}(?:of|in|under|de|du|des|de la|de l['’])${S}(?:the |this |that |said |such |your |our |la |le |l['’]|ce |cette |ladite |ledit |votre )?(?:[\\p{L}-]+ ){0,3}?(?:lease|agreement|contract|form|application|policy|schedule|appendix|annex|by-?laws?|guide|instructions|checklist|questionnaire|declaration|letter|document|report|plan|will|deed|tenancy|bail|contrat|formulaire|entente|accord|annexe|police|convention|lettre|Agreement|Lease|Contract|Form|Policy|Schedule|Appendix|IMM(?= ?\\d))(?![\\p{L}])`,
  'uy',
);

/** A document named right before a bare reference (`Form IMM 5406, section 2(a)`): the reference is to that document. */
const DOCUMENT_BEFORE =
  /(?:\b(?:Form|IMM ?\d{4}[A-Z]?|Schedule [A-Z0-9]{1,3}|Appendix [A-Z0-9]{1,3}|Annex [A-Z0-9]{1,3}|Annexe [A-Z0-9]{1,3})|\b(?:lease|agreement|contract|checklist|questionnaire|policy|form|formulaire|contrat|bail)),? ?$/iu;

const PLURAL_KEYWORD = /^(?:ss\.?|(?:sub)?sections|subs\.|(?:sub)?paragraphs|paras|regulations|regs\.|rr\.|§§|articles|arts\.|paragraphes|alinéas|sous-alinéas)$/i;
const REGULATION_KEYWORD = /^(?:r\.|rr\.|regs?\.|regulations?)$/i;
const FRENCH_KEYWORD = new RegExp(`^(?:${KEYWORD_FR})$`);
const RANGE = new Set(['to', 'à', '-', '–']);

interface Reference {
  start: number;
  end: number;
  section: string;
  parts: string[];
}

/** `(1)(a)`, `(1)a)` → `['(1)', '(a)']`. */
function splitParts(parts: string): string[] {
  return (parts.match(/\([^()]*\)|[a-z](?:\.\d{1,2})?\)/g) ?? []).map((p) => (p.startsWith('(') ? p : `(${p}`));
}

type SuffixMeaning = { instrument: Instrument | 'other' | 'unknown'; end: number; named: 'abbreviation' | 'title' | 'defined' | 'other'; french: boolean };

/** The instrument named right after the reference; `other` for another statute or a document (`of the lease`). */
function readSuffix(text: string, from: number, context: StatuteContext): SuffixMeaning | undefined {
  SUFFIX_ABBREVIATION.lastIndex = from;
  const abbreviation = SUFFIX_ABBREVIATION.exec(text);
  if (abbreviation) {
    const written = abbreviation[1];
    const instrument: Instrument = written === 'IRPA' || written === 'LIPR' ? 'IRPA' : 'IRPR';
    return { instrument, end: from + abbreviation[0].length, named: 'abbreviation', french: written === 'LIPR' || written === 'RIPR' };
  }
  SUFFIX_FRENCH.lastIndex = from;
  const french = SUFFIX_FRENCH.exec(text);
  if (french) {
    const end = from + french[0].length;
    const title = french[2];
    if (french[1] === 'Charte' || french[1] === 'Code') return { instrument: 'other', end, named: 'other', french: true };
    if (title !== undefined && /immigration et la protection/.test(title)) {
      return { instrument: french[1] === 'Loi' ? 'IRPA' : 'IRPR', end, named: 'title', french: true };
    }
    if (title !== undefined) return { instrument: 'other', end, named: 'other', french: true };
    const meaning = meaningOf(context, french[1] === 'Loi' ? 'Act' : 'Regulations');
    return { instrument: meaning ?? 'unknown', end, named: 'defined', french: true };
  }
  SUFFIX_DOCUMENT.lastIndex = from;
  const document = SUFFIX_DOCUMENT.exec(text);
  SUFFIX_NAMED.lastIndex = from;
  const named = SUFFIX_NAMED.exec(text);
  if (document && (!named || document[0].length <= named[0].length)) return { instrument: 'other', end: from + document[0].length, named: 'other', french: false };
  if (!named) return undefined;
  const end = from + named[0].length;
  const title = named[1].trim().replace(/\s+/g, ' ').toLowerCase();
  if (title === 'immigration and refugee protection' && (named[2] === 'Act' || named[2] === 'Regulations')) {
    return { instrument: named[2] === 'Act' ? 'IRPA' : 'IRPR', end, named: 'title', french: false };
  }
  if (title !== '' || (named[2] !== 'Act' && named[2] !== 'Regulations')) return { instrument: 'other', end, named: 'other', french: false };
  return { instrument: meaningOf(context, named[2]) ?? 'unknown', end, named: 'defined', french: false };
}

/** Further references after the first one: full numbers (lists, ranges) or bare subdivisions (`and (b)`). */
function readContinuations(text: string, first: Reference, plural: boolean): Reference[] {
  const refs = [first];
  for (;;) {
    const previous = refs[refs.length - 1];
    CONTINUATION.lastIndex = previous.end;
    const m = CONTINUATION.exec(text);
    if (!m) break;
    const end = previous.end + m[0].length;
    const written = m[2] !== undefined ? m[2] + m[3] : m[4];
    const start = end - written.length;
    if (m[2] !== undefined) {
      const parts = splitParts(m[3]);
      if (!plural && parts.length === 0) break;
      if (m[1] !== undefined && RANGE.has(m[1]) && !plural) break;
      refs.push({ start, end, section: m[2], parts });
    } else {
      if (m[1] !== undefined && RANGE.has(m[1])) break;
      const parts = splitParts(m[4]);
      if (previous.parts.length < parts.length) break;
      refs.push({ start, end, section: previous.section, parts: [...previous.parts.slice(0, previous.parts.length - parts.length), ...parts] });
    }
  }
  return refs;
}

/** The instrument of a reference that names none: the index decides when it can, then the one named last, then the Act. */
function inferInstrument(ref: Reference, context: StatuteContext, lookup: ProvisionLookup | undefined): Instrument {
  const tail = ref.section + ref.parts.join('');
  if (lookup) {
    const known = (['IRPA', 'IRPR'] as const).filter((i) => lookup.findProvisionOrAncestor(`${i} ${tail}`) !== undefined);
    if (known.length === 1) return known[0];
  }
  return instrumentNamedBefore(context, ref.start) ?? 'IRPA';
}

function formOf(keyword: string | undefined, prefix: string | undefined, suffix: SuffixMeaning | undefined): CitationForm {
  const frenchPrefix = prefix !== undefined && /LIPR|RIPR|Loi|Règlement|^La |^Le |^la |^le /.test(prefix);
  if ((keyword !== undefined && FRENCH_KEYWORD.test(keyword)) || frenchPrefix || suffix?.french) return 'statute-french';
  if ((prefix !== undefined && /Protection/.test(prefix)) || suffix?.named === 'title') return 'statute-title';
  if ((prefix !== undefined && /^IRP[AR]$/.test(prefix)) || suffix?.named === 'abbreviation') return 'statute-abbreviation';
  return 'statute-keyword';
}

function hitsOf(refs: Reference[], instrument: Instrument, inferred: boolean, form: CitationForm): StatuteHit[] {
  return refs.map((ref, i) => ({
    kind: 'statute' as const,
    start: ref.start,
    end: ref.end,
    provisionId: `${instrument} ${ref.section}${ref.parts.join('')}`,
    instrument,
    instrumentInferred: inferred,
    form: i === 0 ? form : ('statute-list' as const),
  }));
}

function instrumentOfPrefix(prefix: string, context: StatuteContext): Instrument | undefined {
  const regulations = /IRPR|RIPR|Regulations|Règlement/.test(prefix);
  if (/^(?:(?:[Tt]he|[Ll]a|[Ll]e) )?(?:Act|Regulations|Loi|Règlement)$/.test(prefix)) return meaningOf(context, regulations ? 'Regulations' : 'Act');
  return regulations ? 'IRPR' : 'IRPA';
}

function prefixedHits(text: string, context: StatuteContext, lookup: ProvisionLookup | undefined): StatuteHit[] {
  const hits: StatuteHit[] = [];
  PREFIXED.lastIndex = 0;
  for (let m = PREFIXED.exec(text); m !== null; m = PREFIXED.exec(text)) {
    const prefix = m[1] ?? m[3] ?? m[5];
    const keyword = m[2] ?? m[4] ?? m[6] ?? m[7];
    const first: Reference = { start: m.index, end: m.index + m[0].length, section: m[8], parts: splitParts(m[9]) };
    const refs = readContinuations(text, first, keyword !== undefined && PLURAL_KEYWORD.test(keyword));
    const last = refs[refs.length - 1];
    // A reference that names its instrument first (`IRPR 4(1)`) takes no suffix: in `IRPR 4(1), IRPA 16(1)`
    // the `IRPA` starts the next reference.
    const suffix = prefix !== undefined ? undefined : readSuffix(text, last.end, context);
    // Resume after the suffix so `IRPR` in `s. 179(b) IRPR, s. 11(1)` is not read as the next prefix.
    PREFIXED.lastIndex = suffix?.end ?? last.end;
    if (suffix?.instrument === 'other' || suffix?.instrument === 'unknown') continue;
    if (suffix) last.end = suffix.end;
    const form = formOf(keyword, prefix, suffix);
    if (prefix !== undefined) {
      const instrument = instrumentOfPrefix(prefix, context);
      if (instrument) hits.push(...hitsOf(refs, instrument, false, form));
      continue;
    }
    if (suffix) {
      hits.push(...hitsOf(refs, suffix.instrument, false, form));
      continue;
    }
    // Nothing names the instrument: a bare number (`section 25`) is too ambiguous; `s. 179(b)` counts where the context allows.
    if (!bareReferencesCount(context) || DOCUMENT_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index))) continue;
    const implied = keyword !== undefined && REGULATION_KEYWORD.test(keyword) ? ('IRPR' as const) : undefined;
    for (const ref of refs) {
      if (ref.parts.length === 0 && implied === undefined) continue;
      hits.push(...hitsOf([ref], implied ?? inferInstrument(ref, context, lookup), implied === undefined, ref === first ? form : 'statute-list'));
    }
  }
  return hits;
}

function suffixedHits(text: string, context: StatuteContext, taken: readonly Span[]): StatuteHit[] {
  const hits: StatuteHit[] = [];
  for (const m of text.matchAll(SUFFIXED)) {
    const ref: Reference = { start: m.index, end: m.index + m[0].length, section: m[1], parts: splitParts(m[2]) };
    if (overlapsAny(taken, ref.start, ref.end)) continue;
    const suffix = readSuffix(text, ref.end, context);
    if (!suffix || suffix.instrument === 'other' || suffix.instrument === 'unknown') continue;
    ref.end = suffix.end;
    hits.push(...hitsOf([ref], suffix.instrument, false, formOf(undefined, undefined, suffix)));
  }
  return hits;
}

function compactHits(text: string, context: StatuteContext, taken: readonly Span[]): StatuteHit[] {
  if (!compactReferencesCount(context)) return [];
  const hits: StatuteHit[] = [];
  for (const m of text.matchAll(COMPACT)) {
    if (overlapsAny(taken, m.index, m.index + m[0].length)) continue;
    const instrument: Instrument = m[1] === 'A' ? 'IRPA' : 'IRPR';
    hits.push({
      kind: 'statute',
      start: m.index,
      end: m.index + m[0].length,
      provisionId: `${instrument} ${m[2]}${splitParts(m[3]).join('')}`,
      instrument,
      instrumentInferred: false,
      form: 'statute-compact',
    });
  }
  return hits;
}

/**
 * Reads IRPA and IRPR provision references in cleaned text (see layoutText.ts) as canonical ids
 * (`IRPA 40(1)(a)`), in English and French. References to other statutes or to documents
 * (`section 3 of the lease`) are left out; what "the Act" means comes from `context`.
 */
export function readStatuteReferences(text: string, context: StatuteContext, lookup?: ProvisionLookup): StatuteHit[] {
  const prefixed = prefixedHits(text, context, lookup);
  const suffixed = suffixedHits(text, context, mergeSpans(prefixed));
  const compact = compactHits(text, context, mergeSpans([...prefixed, ...suffixed]));
  return [...prefixed, ...suffixed, ...compact].sort((a, b) => a.start - b.start);
}

/**
 * Finds references to IRPA and IRPR provisions in `text` and returns canonical ids (`IRPA 40(1)(a)`)
 * with their spans in `text`. By default the text is taken to be about immigration (`the Act` is
 * the IRPA); pass `document` for a client's document, which must show it.
 */
export function findStatuteReferences(text: string, lookup?: ProvisionLookup, mode: ReadingMode = 'immigration'): StatuteHit[] {
  const layout = normalizeLayout(text);
  const context = readStatuteContext(layout.text, mode);
  return readStatuteReferences(layout.text, context, lookup).map((hit) => ({ ...hit, ...originalSpan(layout, hit.start, hit.end) }));
}
