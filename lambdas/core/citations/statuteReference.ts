import type { Instrument } from './citationSchema';

export interface StatuteHit {
  kind: 'statute';
  start: number;
  end: number;
  provisionId: string;
  instrument: Instrument;
  instrumentInferred: boolean;
}

/** What the parser needs to guess the instrument of `s. 179(b)`: does the index hold that provision? */
export interface ProvisionLookup {
  findProvisionOrAncestor(id: string): unknown;
}

const H = '[ \\t\\u00a0]';
const NUM = String.raw`\d{1,3}(?:\.\d{1,2})?(?!\d)`;
const PART = String.raw`\((?:\d{1,3}(?:\.\d{1,2})?|[a-z](?:\.\d{1,2})?|[ivx]{1,6})\)`;
const PARTS = `(?:${H}?${PART}){0,5}`;
const KEYWORD = String.raw`(?:[Ss]ub)?[Ss]ections?|[Ss]ubs?\.|[Ss]s?\.|[Ss]ec\.|[Ss]ubparagraphs?|[Pp]aragraphs?|[Pp]aras?\.?|[Rr]egulations?|[Rr]egs?\.|[Rr]r?\.|§§?`;

/** `s. 40(1)(a)`, `IRPR 216(1)(b)`, `IRPA s. 25(1)`, `paragraph 216(1)(b)`, `r. 179(b)`. */
const PREFIXED = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(IRPA|IRPR),?${H}{0,2}(?:(${KEYWORD})${H}{0,3})?|(${KEYWORD})${H}{0,3})(${NUM})(${PARTS})(?![\\p{L}\\p{N}])`,
  'gu',
);
/** `A40(1)(a)` (the Act), `R216(1)(b)` (the Regulations): at least one subdivision is required. */
const COMPACT = new RegExp(`(?<![\\p{L}\\p{N}])([AR])(${NUM})((?:${PART}){1,5})(?![\\p{L}\\p{N}(])`, 'gu');
/** `… and 40(2)(a)`, `…, (b)` after a first reference. */
const CONTINUATION = new RegExp(
  `(?:,?${H}{0,2}(?:and|or|&)${H}{1,2}|,${H}{0,2})(?:(${NUM})(${PARTS})|((?:${PART}){1,5}))(?![\\p{L}\\p{N}])`,
  'uy',
);
/** ` of IRPA`, ` IRPR`, ` (IRPA)`, `, under the IRPR`. */
const SUFFIX_ABBREVIATION = new RegExp(
  `${H}{0,3},?${H}{0,3}(?:(?:of|under|in)${H}{1,3}(?:the${H}{1,3})?)?\\(?(IRPA|IRPR)\\)?(?![\\p{L}])`,
  'uy',
);
/** ` of the Act`, ` of the Immigration and Refugee Protection Regulations`, ` of the Federal Courts Act`. */
const SUFFIX_NAMED = new RegExp(
  `${H}{0,3},?${H}{0,3}(?:of|under|in)${H}{1,3}(?:the${H}{1,3})?((?:[\\p{L}'’-]+${H}{1,3}){0,6}?)(Act|Regulations|Code|Charter|Rules)(?![\\p{L}])`,
  'uy',
);

const PLURAL_KEYWORD = /^(?:ss\.|(?:sub)?sections|subs\.|(?:sub)?paragraphs|paras|regulations|regs\.|rr\.|§§)/i;
const REGULATION_KEYWORD = /^(?:r\.|rr\.|regs?\.|regulations?)$/i;

interface Reference {
  start: number;
  end: number;
  section: string;
  parts: string[];
}

function splitParts(parts: string): string[] {
  return parts.match(/\([^()]*\)/g) ?? [];
}

/** The instrument named right after the reference; `other` for another statute (`of the Charter`). */
function readSuffix(text: string, from: number): { instrument: Instrument | 'other'; end: number } | undefined {
  SUFFIX_ABBREVIATION.lastIndex = from;
  const abbreviation = SUFFIX_ABBREVIATION.exec(text);
  if (abbreviation) return { instrument: abbreviation[1] as Instrument, end: from + abbreviation[0].length };
  SUFFIX_NAMED.lastIndex = from;
  const named = SUFFIX_NAMED.exec(text);
  if (!named) return undefined;
  const title = named[1].trim().replace(/\s+/g, ' ').toLowerCase();
  const ours = title === '' || title === 'immigration and refugee protection';
  const instrument = !ours ? 'other' : named[2] === 'Act' ? 'IRPA' : named[2] === 'Regulations' ? 'IRPR' : 'other';
  return { instrument, end: from + named[0].length };
}

/** Continuation references after the first one: full numbers (lists) or bare subdivisions (`and (b)`). */
function readContinuations(text: string, first: Reference, plural: boolean): Reference[] {
  const refs = [first];
  for (;;) {
    const previous = refs[refs.length - 1];
    CONTINUATION.lastIndex = previous.end;
    const m = CONTINUATION.exec(text);
    if (!m) break;
    const end = previous.end + m[0].length;
    const written = m[1] !== undefined ? m[1] + m[2] : m[3];
    const start = end - written.length;
    if (m[1] !== undefined) {
      const parts = splitParts(m[2]);
      if (!plural && parts.length === 0) break;
      refs.push({ start, end, section: m[1], parts });
    } else {
      const parts = splitParts(m[3]);
      if (previous.parts.length < parts.length) break;
      refs.push({ start, end, section: previous.section, parts: [...previous.parts.slice(0, previous.parts.length - parts.length), ...parts] });
    }
  }
  return refs;
}

function inferInstrument(section: string, parts: string[], lookup: ProvisionLookup | undefined): Instrument {
  if (!lookup) return 'IRPA';
  const tail = section + parts.join('');
  const known = (['IRPA', 'IRPR'] as const).filter((i) => lookup.findProvisionOrAncestor(`${i} ${tail}`) !== undefined);
  return known.length === 1 ? known[0] : 'IRPA';
}

function toHits(refs: Reference[], instrument: Instrument | undefined, lookup: ProvisionLookup | undefined): StatuteHit[] {
  const hits: StatuteHit[] = [];
  for (const ref of refs) {
    // Without a named instrument a bare number (`section 25`) is too ambiguous to count.
    if (instrument === undefined && ref.parts.length === 0) continue;
    const chosen = instrument ?? inferInstrument(ref.section, ref.parts, lookup);
    hits.push({
      kind: 'statute',
      start: ref.start,
      end: ref.end,
      provisionId: `${chosen} ${ref.section}${ref.parts.join('')}`,
      instrument: chosen,
      instrumentInferred: instrument === undefined,
    });
  }
  return hits;
}

/**
 * Finds references to IRPA and IRPR provisions and returns canonical ids (`IRPA 40(1)(a)`).
 * "the Act" is IRPA and "the Regulations" IRPR; references to other statutes are left out.
 */
export function findStatuteReferences(text: string, lookup?: ProvisionLookup): StatuteHit[] {
  const hits: StatuteHit[] = [];
  PREFIXED.lastIndex = 0;
  for (let m = PREFIXED.exec(text); m !== null; m = PREFIXED.exec(text)) {
    const keyword = m[2] ?? m[3];
    const first: Reference = { start: m.index, end: m.index + m[0].length, section: m[4], parts: splitParts(m[5]) };
    const refs = readContinuations(text, first, keyword !== undefined && PLURAL_KEYWORD.test(keyword));
    const last = refs[refs.length - 1];
    // A reference that names its instrument first (`IRPR 4(1)`) takes no suffix: in `IRPR 4(1), IRPA 16(1)`
    // the `IRPA` starts the next reference.
    const suffix = m[1] ? undefined : readSuffix(text, last.end);
    // Resume after the suffix so `IRPR` in `s. 179(b) IRPR, s. 11(1)` is not read as the next prefix.
    PREFIXED.lastIndex = suffix?.end ?? last.end;
    if (suffix?.instrument === 'other') continue;
    if (suffix) last.end = suffix.end;
    const prefix = m[1] as Instrument | undefined;
    const implied = keyword !== undefined && REGULATION_KEYWORD.test(keyword) ? 'IRPR' : undefined;
    hits.push(...toHits(refs, suffix?.instrument ?? prefix ?? implied, lookup));
  }
  for (const m of text.matchAll(COMPACT)) {
    const instrument: Instrument = m[1] === 'A' ? 'IRPA' : 'IRPR';
    const parts = splitParts(m[3]);
    hits.push({
      kind: 'statute',
      start: m.index,
      end: m.index + m[0].length,
      provisionId: `${instrument} ${m[2]}${parts.join('')}`,
      instrument,
      instrumentInferred: false,
    });
  }
  return hits.sort((a, b) => a.start - b.start);
}
