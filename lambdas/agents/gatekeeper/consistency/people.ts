/**
 * People named in the file and which person a labelled fact is about. A fact ("Date of birth: …")
 * belongs to the person whose name heads its part of the page: the nearest name before it (a
 * "Family name / Given name(s)" pair, "Principal applicant: …", "Sponsor: …", "Client name: …", a
 * passport's machine-readable zone, a letter's addressee). Facts with no such name nearby are not
 * compared, so that a parent's or a host's details are never mistaken for the applicant's.
 */
import { distance } from 'fastest-levenshtein';
import { findLabeled, findMrzName } from '../../../core/caseText/profileFinders';
import { cutValue, labelPattern, looksLikeName } from '../../../core/caseText/profilePatterns';
import type { CaseDocument } from './caseDocuments';
import type { ConsistencyRules } from './consistencyRules';

export interface NameAnchor {
  docId: string;
  page: number;
  /** Where the name's label or line starts and where the name ends, in the page text. */
  start: number;
  end: number;
  /** The name as written (whitespace collapsed). */
  name: string;
  /** Lower-case words of the name without accents or honorifics, in order. */
  tokens: string[];
}

const FAMILY_LABELS = ['family name', 'surname', 'last name', 'nom de famille'];
const GIVEN_LABELS = ['given name\\(s\\)', 'given names?', 'first name\\(s\\)', 'first names?', 'pr[ée]noms?'];
const PAIR_DISTANCE = 300;
/** A letter's addressee line: two to five capitalised words alone on a line, or after "Dear". */
const ADDRESSEE_LINE = /^[ \t]*(?:Dear[ \t]+)?((?:[A-Z][A-Z'’.-]+[ \t]+){1,4}[A-Z][A-Z'’.-]+)[ \t]*[:,]?[ \t]*$/gm;
const LETTER_TYPES = new Set(['refusal-letter', 'gcms-notes', 'employment-letter', 'invitation-letter', 'submission-letter', 'letter-of-acceptance', 'other']);
const NOT_A_NAME = /\b(?:CANADA|IMMIGRATION|REFUGEES|CITIZENSHIP|APPLICATION|LETTER|CERTIFICATE|DECLARATION|SCHEDULE|DETAILS|INFORMATION|HISTORY|EMPLOYMENT|EDUCATION|BACKGROUND|PART|SECTION|NOTES|SYSTEM|DECISION|REPUBLIC|STATEMENT|CONCERN|WHOM|MADAM|SIR|OFFICER|VISA|PERMIT|GLOBAL|CASE|MANAGEMENT|CLIENT|RELATIONSHIP|SPONSORSHIP|EVALUATION|CONFIRMATION|APPROVED|LEAVE|RE)\b/;

/** Lower-case, accent-free words of a name, honorifics dropped; a hyphenated surname stays one word. */
export function nameTokens(name: string, honorifics: readonly string[]): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}'’-]+/u)
    .map((t) => t.replace(/^[-'’]+|[-'’]+$/g, ''))
    .filter((t) => t.length > 0 && !honorifics.includes(t.replace(/\.$/, '')));
}

/** "CATAPANG, Rowena Tabanao" → "Rowena Tabanao CATAPANG"; other names as written. */
function readName(raw: string): string | undefined {
  const value = cutValue(raw).replace(/\s*\([^)]*\)\s*$/, '').trim();
  const comma = /^([^,]+),\s*([^,]+)$/.exec(value);
  const name = comma ? `${comma[2]} ${comma[1]}` : value;
  return looksLikeName(name) && name.split(/\s+/).length >= 2 ? name.replace(/\s+/g, ' ') : undefined;
}

/** Every name on one page that heads what follows it. */
export function findNameAnchors(doc: CaseDocument, page: number, text: string, rules: ConsistencyRules['names']): NameAnchor[] {
  const anchors: NameAnchor[] = [];
  const add = (start: number, end: number, name: string | undefined) => {
    if (!name) return;
    const tokens = nameTokens(name, rules.honorifics);
    if (tokens.length < 2) return;
    anchors.push({ docId: doc.docId, page, start, end, name, tokens });
  };
  const families = findLabeled(text, FAMILY_LABELS, { shape: 'name' });
  const givens = findLabeled(text, GIVEN_LABELS, { shape: 'name' });
  // Each family name pairs with the nearest unused given name (forms list one person after another).
  const used = new Set<number>();
  for (const family of families) {
    let best = -1;
    givens.forEach((g, i) => {
      const distance = Math.abs(g.start - family.start);
      if (used.has(i) || distance > PAIR_DISTANCE) return;
      if (best === -1 || distance < Math.abs(givens[best].start - family.start)) best = i;
    });
    if (best === -1) continue;
    used.add(best);
    const given = givens[best];
    add(Math.min(family.start, given.start), Math.max(family.end, given.end), `${given.value} ${family.value}`);
  }
  for (const m of text.matchAll(labelPattern(rules.subjectLabels, true))) {
    const start = m.index + (m[0].length - m[0].trimStart().length);
    if (anchors.some((a) => start >= a.start && start <= a.end)) continue;
    add(start, m.index + m[0].length, readName(m[1]));
  }
  const mrz = findMrzName(text);
  if (mrz) add(mrz.start, mrz.end, mrz.value);
  if (LETTER_TYPES.has(doc.type)) {
    for (const m of text.matchAll(ADDRESSEE_LINE)) {
      if (NOT_A_NAME.test(m[1])) continue;
      const name = m[1].replace(/\s+/g, ' ');
      add(m.index, m.index + m[0].length, name);
    }
  }
  return anchors.sort((a, b) => a.start - b.start);
}

/** All name anchors of the file, by document and page. */
export class PeopleIndex {
  readonly anchors: NameAnchor[] = [];
  private readonly byPage = new Map<string, NameAnchor[]>();

  constructor(
    docs: readonly CaseDocument[],
    private readonly rules: ConsistencyRules['names'],
  ) {
    for (const doc of docs) {
      for (const p of doc.pages) {
        const found = findNameAnchors(doc, p.page, p.text, rules);
        this.byPage.set(`${doc.docId}\u0000${p.page}`, found);
        this.anchors.push(...found);
      }
    }
  }

  /** The person a fact at `index` of a page is about: the nearest name before it, within the window. */
  subjectAt(docId: string, page: number, index: number): NameAnchor | undefined {
    const list = this.byPage.get(`${docId}\u0000${page}`) ?? [];
    let found: NameAnchor | undefined;
    for (const a of list) {
      if (a.start > index) break;
      found = a;
    }
    return found && index - found.start <= this.rules.attributionWindow ? found : undefined;
  }

  /** Names in one document. */
  inDocument(docId: string): NameAnchor[] {
    return this.anchors.filter((a) => a.docId === docId);
  }
}

/**
 * Whether two names are the same person's: every word of the shorter name is a word of the longer one
 * (or the initial of one), with at least two full words in common. "Rowena T. Catapang" and "Rowena
 * Tabanao Catapang" are one person; "Kofi Kwame Darkwah" and "Kwame Yeboah Darkwah" are not.
 */
export function samePerson(a: readonly string[], b: readonly string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const pool = [...long];
  let full = 0;
  for (const t of short) {
    const exact = pool.indexOf(t);
    if (exact !== -1) {
      pool.splice(exact, 1);
      full++;
      continue;
    }
    const initial = t.length === 1 ? pool.findIndex((u) => u.startsWith(t)) : -1;
    if (initial === -1) return false;
    pool.splice(initial, 1);
  }
  return full >= 2;
}

/** Whether a text names the person: at least two of the name's words appear in it as words. */
export function textNames(text: string, tokens: readonly string[]): boolean {
  const words = new Set(nameTokens(text, []));
  return tokens.filter((t) => t.length > 1 && words.has(t)).length >= Math.min(2, tokens.length);
}

/**
 * Whether `b` looks like a misspelling of `a`: the same number of words, each equal or within the
 * allowed edits (long enough words only), at least one equal and at least one different.
 */
export function spellingVariant(a: readonly string[], b: readonly string[], rules: Pick<ConsistencyRules['names'], 'maxEditsPerToken' | 'minTokenLength'>): boolean {
  if (a.length !== b.length || a.length < 2) return false;
  const remaining = [...b];
  let equal = 0;
  let differing = 0;
  for (const t of a) {
    const exact = remaining.indexOf(t);
    if (exact !== -1) {
      remaining.splice(exact, 1);
      equal++;
      continue;
    }
    if (t.length < rules.minTokenLength) return false;
    const cap = Math.min(rules.maxEditsPerToken, Math.floor(t.length / 3));
    const close = remaining.findIndex((u) => u.length >= rules.minTokenLength && Math.abs(t.length - u.length) <= cap && distance(t, u) <= cap);
    if (close === -1) return false;
    remaining.splice(close, 1);
    differing++;
  }
  return equal >= 1 && differing >= 1;
}
