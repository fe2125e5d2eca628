import type { Instrument } from './citationSchema';

/**
 * How the surrounding text decides whether a provision reference is to the IRPA or the IRPR.
 *
 * - `immigration`: text known to be about Canadian immigration law (an agent's output, a report, a
 *   citation the verifier was handed): "the Act" is the IRPA and "the Regulations" the IRPR unless
 *   the text defines them otherwise, and a reference naming no instrument (`s. 179(b)`) is inferred.
 * - `document`: a client's document, which must show it: "the Act" is the IRPA only where the text
 *   defines it so, or names the IRPA/IRPR, or is plainly about immigration (a tenancy agreement's
 *   "the Act" is not); a reference naming no instrument counts only where the text names the IRPA
 *   or IRPR; GCMS-style `A40(1)(a)` / `R216(1)(b)` only in a text about immigration.
 */
export type ReadingMode = 'immigration' | 'document';

export interface StatuteContext {
  mode: ReadingMode;
  /** What "the Act" / "la Loi" is defined as in the text, when it is. */
  actDefinedAs?: Instrument | 'other';
  /** What "the Regulations" / "le Règlement" is defined as in the text, when it is. */
  regulationsDefinedAs?: Instrument | 'other';
  /** The text names the IRPA or IRPR (full title or abbreviation). */
  namesInstrument: boolean;
  /** The text speaks about immigration (IRCC, visas, permits, refugees, sponsorship, …); always true in `immigration` mode. */
  aboutImmigration: boolean;
  /** Where the text names each instrument (or cites one GCMS-style), in order, for inferring the instrument of a bare reference. */
  mentions: ReadonlyArray<{ at: number; instrument: Instrument }>;
}

const IRPA_NAME = String.raw`\bIRPA\b|\bLIPR\b|Immigration and Refugee Protection Act|Loi sur l['’]immigration et la protection des réfugiés`;
const IRPR_NAME = String.raw`\bIRPR\b|\bRIPR\b|Immigration and Refugee Protection Regulations|Règlement sur l['’]immigration et la protection des réfugiés`;
const MENTION = new RegExp(`(${IRPA_NAME})|(${IRPR_NAME})|(?<![\\p{L}\\p{N}])([AR])\\d{1,3}(?:\\.\\d{1,2})?\\((?:\\d{1,3}|[a-z])\\)`, 'gu');

const IMMIGRATION_WORDS =
  /(?<![\p{L}\p{N}])(?:immigration|immigrant|refugees?|réfugiés?|IRCC|CIC|CBSA|ASFC|IRB|CISR|visas?|permanent resid\w*|résidents? permanents?|temporary resid\w*|study permits?|work permits?|permis d['’]études|permis de travail|inadmissib\w*|interdiction de territoire|sponsor\w*|parrain\w*|humanitarian and compassionate|H&C|PRRA|ERAR|GCMS|SGCM|citizenship|citoyenneté|IMM ?\d{4})(?![\p{L}\p{N}])/iu;

/** `(the "Act")`, `("Act")`, `(IRPA or the Act)`, `(hereinafter the Act)`, `(ci-après la « Loi »)`: only defining words inside. */
const DEFINITION =
  /\( ?((?:(?:hereinafter|ci-après|the|la|le|or|ou|IRPA|IRPR|LIPR|RIPR|referred to as|called|dénommée?|appelée?)[ ,]*|["“”'‘’«»] ?){0,8})(Act|Regulations|Loi|Règlement)["“”'‘’» ]{0,3}\)/gu;
/** A statute title or abbreviation that a definition can refer back to. */
const TITLE = new RegExp(`(${IRPA_NAME})|(${IRPR_NAME})|\\b(?:Act|Regulations|Code|Loi|Règlement)\\b`, 'gu');
/** How far before a definition its statute title is looked for. */
const DEFINITION_REACH = 200;

function definitionTarget(text: string, open: number, inner: string, word: string): Instrument | 'other' | undefined {
  const regulations = word === 'Regulations' || word === 'Règlement';
  const window = text.slice(Math.max(0, open - DEFINITION_REACH), open) + ' ' + inner;
  let last: Instrument | 'other' | undefined;
  for (const m of window.matchAll(TITLE)) {
    if (m[1] !== undefined) last = 'IRPA';
    else if (m[2] !== undefined) last = 'IRPR';
    else last = 'other';
  }
  if (last === undefined) return undefined;
  if (last === 'other') return 'other';
  // "Immigration and Refugee Protection Regulations (the Regulations)" defines the Regulations, not the Act.
  if (regulations !== (last === 'IRPR')) return undefined;
  return last;
}

/** Reads, once per text, what its words say about the IRPA and IRPR. Linear in the text. */
export function readStatuteContext(text: string, mode: ReadingMode): StatuteContext {
  const mentions: Array<{ at: number; instrument: Instrument }> = [];
  let named = false;
  for (const m of text.matchAll(MENTION)) {
    const instrument: Instrument = m[1] !== undefined || m[3] === 'A' ? 'IRPA' : 'IRPR';
    if (m[3] === undefined) named = true;
    mentions.push({ at: m.index, instrument });
  }
  let actDefinedAs: Instrument | 'other' | undefined;
  let regulationsDefinedAs: Instrument | 'other' | undefined;
  for (const m of text.matchAll(DEFINITION)) {
    const target = definitionTarget(text, m.index, m[1], m[2]);
    if (target === undefined) continue;
    if ((m[2] === 'Act' || m[2] === 'Loi') && actDefinedAs === undefined) actDefinedAs = target;
    if ((m[2] === 'Regulations' || m[2] === 'Règlement') && regulationsDefinedAs === undefined) regulationsDefinedAs = target;
  }
  return {
    mode,
    ...(actDefinedAs !== undefined ? { actDefinedAs } : {}),
    ...(regulationsDefinedAs !== undefined ? { regulationsDefinedAs } : {}),
    namesInstrument: named,
    // Text read in `immigration` mode is about immigration by definition; only a document is searched.
    aboutImmigration: mode === 'immigration' || named || IMMIGRATION_WORDS.test(text),
    mentions,
  };
}

/** What "the Act" (`'Act'`) or "the Regulations" (`'Regulations'`) means here, or undefined when it is not the IRPA/IRPR. */
export function meaningOf(context: StatuteContext, word: 'Act' | 'Regulations'): Instrument | undefined {
  const defined = word === 'Act' ? context.actDefinedAs : context.regulationsDefinedAs;
  if (defined === 'other') return undefined;
  if (defined !== undefined) return defined;
  const ours: Instrument = word === 'Act' ? 'IRPA' : 'IRPR';
  if (context.mode === 'immigration') return ours;
  return context.aboutImmigration ? ours : undefined;
}

/** Whether a reference that names no instrument (`s. 179(b)`) may be read as one of the IRPA/IRPR. */
export function bareReferencesCount(context: StatuteContext): boolean {
  if (context.actDefinedAs === 'other') return false;
  return context.mode === 'immigration' || context.namesInstrument;
}

/** Whether GCMS-style references (`A40(1)(a)`, `R216(1)(b)`) may be read. */
export function compactReferencesCount(context: StatuteContext): boolean {
  return context.mode === 'immigration' || context.aboutImmigration;
}

/** The instrument named last before `at`, if any. */
export function instrumentNamedBefore(context: StatuteContext, at: number): Instrument | undefined {
  const { mentions } = context;
  let lo = 0;
  let hi = mentions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (mentions[mid].at < at) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? mentions[lo - 1].instrument : undefined;
}
