/**
 * Finders that read one page of text and return values with the exact span they came from
 * (`start`..`end` in the page text), so that the quote is always copied, never rebuilt.
 */
import {
  cutValue,
  DATE_SOURCE,
  isPlaceholder,
  labelPattern,
  looksLikeName,
  MONEY_SOURCE,
  normaliseDate,
  OTHER_PERSON_BEFORE,
} from './profilePatterns';

export interface Hit {
  value: string;
  start: number;
  end: number;
}

export type ValueShape = 'text' | 'name' | 'date' | 'money';

const DATE_AT_START = new RegExp(`^${DATE_SOURCE}`, 'i');
const MONEY_AT_START = new RegExp(`^${MONEY_SOURCE}`, 'i');
const MAX_VALUE = 120;

function lineStartBefore(text: string, index: number): number {
  return text.lastIndexOf('\n', index - 1) + 1;
}

/** The value of a label: same line, or the next line when the label stands alone. */
function valueAfter(text: string, valueStart: number, rest: string): { raw: string; start: number } | undefined {
  if (rest.trim() !== '') return { raw: rest, start: valueStart };
  const nextLineStart = text.indexOf('\n', valueStart);
  if (nextLineStart === -1) return undefined;
  const nextLineEnd = text.indexOf('\n', nextLineStart + 1);
  const line = text.slice(nextLineStart + 1, nextLineEnd === -1 ? text.length : nextLineEnd);
  if (line.trim() === '' || /:/.test(line)) return undefined;
  const indent = line.length - line.trimStart().length;
  return { raw: line.slice(indent), start: nextLineStart + 1 + indent };
}

function shapeValue(raw: string, shape: ValueShape): string | undefined {
  if (shape === 'date') return DATE_AT_START.exec(raw.trim())?.[0];
  if (shape === 'money') return MONEY_AT_START.exec(raw.trim())?.[0];
  const value = cutValue(raw).trim();
  if (isPlaceholder(value) || value.length > MAX_VALUE) return undefined;
  if (shape === 'name' && !looksLikeName(value)) return undefined;
  return value;
}

export interface LabelOptions {
  shape: ValueShape;
  /** Generic labels ("Name", "Position") must start a line. */
  atLineStart?: boolean;
  /** Skip labels qualified by another person ("Sponsor's date of birth"). */
  skipOtherPerson?: boolean;
}

/** Every "Label: value" on the page, in order. */
export function findLabeled(text: string, labels: readonly string[], options: LabelOptions): Hit[] {
  const hits: Hit[] = [];
  for (const m of text.matchAll(labelPattern(labels, options.atLineStart))) {
    const index = m.index ?? 0;
    const labelStart = index + (m[0].length - m[0].trimStart().length);
    if (options.skipOtherPerson !== false && OTHER_PERSON_BEFORE.test(text.slice(lineStartBefore(text, index), labelStart))) {
      continue;
    }
    const rest = m[1];
    const found = valueAfter(text, index + m[0].length - rest.length, rest);
    if (!found) continue;
    const shaped = shapeValue(found.raw, options.shape);
    if (!shaped) continue;
    const valueOffset = found.raw.indexOf(shaped.trim());
    const end = found.start + (valueOffset === -1 ? found.raw.trimEnd().length : valueOffset + shaped.trim().length);
    const value = options.shape === 'date' ? normaliseDate(shaped) : shaped.replace(/\s+/g, ' ').trim();
    hits.push({ value, start: labelStart, end });
  }
  return hits;
}

export function findFirst(text: string, labels: readonly string[], options: LabelOptions): Hit | undefined {
  return findLabeled(text, labels, options)[0];
}

const FAMILY_LABELS = ['family name', 'surname', 'last name'];
const GIVEN_LABELS = ['given name\\(s\\)', 'given names?', 'first name\\(s\\)', 'first names?', 'pr[ée]noms?'];
const PAIR_DISTANCE = 300;

/** "Family name: DOE" near "Given name(s): JANE" → "JANE DOE", quoting the span covering both. */
export function findNamePair(text: string): Hit | undefined {
  const families = findLabeled(text, FAMILY_LABELS, { shape: 'name' });
  const givens = findLabeled(text, GIVEN_LABELS, { shape: 'name' });
  for (const family of families) {
    const given = givens.find((g) => Math.abs(g.start - family.start) <= PAIR_DISTANCE);
    if (!given) continue;
    return {
      value: `${given.value} ${family.value}`,
      start: Math.min(family.start, given.start),
      end: Math.max(family.end, given.end),
    };
  }
  return undefined;
}

/** Name from a passport's machine-readable zone: "P<GHADARKWAH<MENSIMAH<<AKOSUA<EFUA<<<". */
export function findMrzName(text: string): Hit | undefined {
  const m = /^([ \t]*)(P[A-Z<][A-Z<]{3})([A-Z]+(?:<[A-Z]+)*)<<([A-Z]+(?:<[A-Z]+)*)<*[ \t]*$/m.exec(text);
  if (!m) return undefined;
  const surname = m[3].replace(/</g, ' ');
  const given = m[4].replace(/</g, ' ');
  const start = m.index + m[1].length;
  return { value: `${given} ${surname}`, start, end: m.index + m[0].trimEnd().length };
}

/** Sentences (within one line or paragraph) matching `pattern`. */
export function findSentences(text: string, pattern: RegExp, limit = 5): Hit[] {
  const hits: Hit[] = [];
  // A sentence continues on the next line only when that line goes on in lower case (wrapped prose).
  const sentence = /[^.!?\n]*(?:\n(?=[ \t]*[a-z(])[^.!?\n]*)*[.!?]?/g;
  for (const m of text.matchAll(sentence)) {
    if (hits.length >= limit) break;
    const raw = m[0];
    if (!raw.trim() || !pattern.test(raw)) continue;
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    const quote = trimmed.length > 300 ? trimmed.slice(0, 300) : trimmed;
    const start = (m.index ?? 0) + lead;
    hits.push({ value: trimmed.replace(/\s+/g, ' ').slice(0, 300), start, end: start + quote.length });
  }
  return hits;
}

export interface Answer extends Hit {
  question: string;
  answer: 'Yes' | 'No';
}

/** "Have you ever been refused a visa ...? No" (the answer may follow on the next line, after a box). */
export function findYesNoAnswers(text: string): Answer[] {
  const answers: Answer[] = [];
  const pattern = /((?:Have|Has) (?:you|the applicant) ever [^?\n]{5,240}\?)[ \t]*(?:\n[ \t]*)?(?:\[[ \t]*[xX✓✔]?[ \t]*\][ \t]*)?(?:Answer[ \t]*:[ \t]*)?\b(Yes|No|YES|NO)\b/g;
  for (const m of text.matchAll(pattern)) {
    const answer = m[2].toLowerCase() === 'yes' ? 'Yes' : 'No';
    const start = m.index ?? 0;
    answers.push({ question: m[1].replace(/\s+/g, ' '), answer, value: answer, start, end: start + m[0].length });
  }
  return answers;
}

const BALANCE_LABELS = [
  '(?:closing|ending|available|current|account|final) balance',
  'balance (?:as (?:of|at)|on) [^:\\n]{1,30}?',
  'total (?:funds|savings|assets)(?: available)?',
  'funds available(?: for (?:my|your|the) stay)?',
  'amount (?:of funds|available)',
];
const BALANCE = new RegExp(
  String.raw`(?<![\w'])(?:${BALANCE_LABELS.join('|')})(?:[ \t]*\([^)\n]{0,20}\))?[ \t]*[:\-]?[ \t]*(${MONEY_SOURCE}|\d{1,3}(?:,\d{3})*\.\d{2}\b)`,
  'gi',
);

/** Balances and fund totals: "Closing balance: CAD 24,310.55", "Closing Balance  24,310.55". */
export function findBalances(text: string): Hit[] {
  return [...text.matchAll(BALANCE)].map((m) => {
    const start = m.index ?? 0;
    return { value: m[1].replace(/\s+/g, ' '), start, end: start + m[0].length };
  });
}
