/**
 * Short forms that point back to a citation written in full: `Ibid` / `Id.` (the citation just
 * before), `Baker, supra note 3 at para 22` / `Baker, précité` / `Baker, above, at para 22` (the
 * earlier citation of that name), and a bare short name (`In Baker, the Court held`) in a citation
 * context. A bare name the index knows on its own (`Vavilov`) counts even before any full citation;
 * any other name counts only in `In X, the Court held …` or in italics in a sentence about a court.
 */
import type { CitationForm } from '../citationSchema';
import { readPinpoint } from '../pinpoint';
import { overlapsAny, type Span } from '../spans';
import { inCitationContext, mayBeCaseName, personOrOrganisation } from './caseNames';

/** A citation written in full, with the names it may later be called by. */
export interface FullCitation<T> {
  start: number;
  end: number;
  names: readonly string[];
  target: T;
}

export interface ShortFormIndex {
  readonly standaloneShortNames: readonly string[];
  isKnownShortName(name: string): boolean;
}

export interface ShortForm<T> {
  start: number;
  end: number;
  form: CitationForm;
  pinpoint?: string;
  /** The citation it refers to, or, for a case name with no earlier citation, that name. */
  refersTo: { target: T } | { name: string };
}

const IBID =
  /(?<![\p{L}\p{N}])[*_]?(?:[Ii]bid(?:em)?\.?|Id\.(?! ?(?:No|no|#|[Nn]umber|[Cc]ard))|id\.(?= at | ?, ?(?:at |paras? |¶)))[*_]?(?![\p{L}\p{N}])/gu;
const SUPRA = /(?<![\p{L}\p{N}]),? ?[*_]?(supra|précitée?s?|above)[*_]?(?: ?,? ?note ?\d{1,4})?(?![\p{L}\p{N}])/gu;
const NAME_WORDS = String.raw`\p{Lu}[\p{L}\p{M}'’-]+(?: (?:\p{Lu}[\p{L}\p{M}'’-]+|de|du|van|von|da|di|dos|el|al|bin|ben)){0,3}`;
/** `In X, the Court held`, `Dans X, la Cour a conclu`: a case name no list knows, in the strongest context (a court named with a capital). */
const IN_COURT_HELD = new RegExp(
  `(?<![\\p{L}])(?:In|in|Dans|dans) [*_]?(${NAME_WORDS})[*_]?,? (?:the|this|la) (?:Supreme |Federal )?(?:Court|Cour)(?: of Appeal| d['’]appel(?: fédérale)?| suprême| fédérale)?(?: of Canada| du Canada)?,? (?:also |had |has |clearly |expressly )?(?:held|found|ruled|stated|concluded|determined|decided|noted|observed|explained|confirmed|emphasi[sz]ed|recogni[sz]ed|reiterated|a conclu|a statué|a jugé|a décidé|a rappelé|a souligné|a reconnu|a confirmé)`,
  'gu',
);
/** `*Okafor*`, `_Okafor_`: an italic-style name. */
const ITALIC = new RegExp(`(?<![*_\\p{L}])([*_])(?![*_])(${NAME_WORDS})\\1(?![*_])`, 'gu');

/**
 * `text.matchAll(pattern)`, skipped at once when `screen` (a plain word the pattern cannot match
 * without) is absent: these patterns open with a look-behind, which V8 must try at every position.
 */
function screened(text: string, pattern: RegExp, screen: RegExp): Iterable<RegExpExecArray> {
  return screen.test(text) ? text.matchAll(pattern) : [];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches any of `names` as a whole word, longest first. */
function namePattern(names: readonly string[]): RegExp {
  const sorted = [...names].sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![\\p{L}\\p{N}-])(?:${sorted.map(escape).join('|')})(?![\\p{L}\\p{N}-])`, 'gu');
}

/** The index's names compiled once per index (its list is built once per process). */
const indexPatterns = new WeakMap<readonly string[], RegExp>();

function indexNamePattern(names: readonly string[]): RegExp {
  let pattern = indexPatterns.get(names);
  if (!pattern) {
    pattern = namePattern(names);
    indexPatterns.set(names, pattern);
  }
  return pattern;
}

interface Candidate {
  start: number;
  end: number;
  kind: 'ibid' | 'supra' | 'name' | 'unknown' | 'italic';
  name?: string;
  /** For `supra` and names: where the name itself ends. */
  nameEnd?: number;
  above?: boolean;
}

class NameRegistry<T> {
  private readonly byName = new Map<string, FullCitation<T>[]>();

  constructor(fulls: readonly FullCitation<T>[]) {
    for (const full of fulls) {
      for (const name of full.names) {
        const list = this.byName.get(name);
        if (list) list.push(full);
        else this.byName.set(name, [full]);
      }
    }
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The full citation called `name` nearest before `at`, or else the first one after it (a name used before its citation). */
  nearest(name: string, at: number): FullCitation<T> | undefined {
    return this.before(name, at) ?? this.byName.get(name)?.[0];
  }

  /** The latest full citation called `name` that starts before `at`. */
  before(name: string, at: number): FullCitation<T> | undefined {
    const list = this.byName.get(name);
    if (!list) return undefined;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].start < at) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 ? list[lo - 1] : undefined;
  }
}

/** The longest run of words ending right before `at` that `isName` accepts. */
function nameBefore(text: string, at: number, isName: (name: string) => boolean): { start: number; name: string } | undefined {
  const slice = text.slice(Math.max(0, at - 120), at).replace(/[*_]+$/, '');
  const tokens = slice.split(' ');
  for (let k = Math.min(8, tokens.length); k >= 1; k -= 1) {
    const name = tokens
      .slice(tokens.length - k)
      .join(' ')
      .replace(/^[("“*_]+/, '')
      .replace(/[,*_]+$/, '');
    if (name === '' || !/^\p{Lu}/u.test(name) || !isName(name)) continue;
    const end = Math.max(0, at - 120) + slice.replace(/[,*_]+$/, '').length;
    return { start: end - name.length, name };
  }
  return undefined;
}

function candidates<T>(text: string, registry: NameRegistry<T>, index: ShortFormIndex | undefined, occupied: readonly Span[]): Candidate[] {
  const found: Candidate[] = [];
  for (const m of screened(text, IBID, /ibid|id\./i)) found.push({ start: m.index, end: m.index + m[0].length, kind: 'ibid' });
  const isName = (name: string) => registry.has(name) || index?.isKnownShortName(name) === true;
  for (const m of screened(text, SUPRA, /supra|précit|above/i)) {
    const name = nameBefore(text, m.index, isName);
    if (!name) continue;
    found.push({ start: name.start, end: m.index + m[0].length, kind: 'supra', name: name.name, nameEnd: name.start + name.name.length, above: m[1] === 'above' });
  }
  // Names of the text's own citations, then the index's standalone names (one pattern per index, reused).
  const own = registry.names();
  const lists = [own.length > 0 ? namePattern(own) : undefined, index && index.standaloneShortNames.length > 0 ? indexNamePattern(index.standaloneShortNames) : undefined];
  for (const pattern of lists) {
    if (!pattern) continue;
    for (const m of text.matchAll(pattern)) found.push({ start: m.index, end: m.index + m[0].length, kind: 'name', name: m[0], nameEnd: m.index + m[0].length });
  }
  for (const m of screened(text, IN_COURT_HELD, /Cour/)) {
    const start = m.index + m[0].indexOf(m[1]);
    found.push({ start, end: start + m[1].length, kind: 'unknown', name: m[1], nameEnd: start + m[1].length });
  }
  for (const m of screened(text, ITALIC, /[*_]/)) {
    const start = m.index + 1;
    found.push({ start, end: start + m[2].length, kind: 'italic', name: m[2], nameEnd: start + m[2].length });
  }
  // Earliest first; of two that start together the longer one; nothing inside a full citation.
  // Overlapping candidates are all kept: the first that resolves wins (see readShortForms).
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  return found.filter((c) => !overlapsAny(occupied, c.start, c.nameEnd ?? c.end));
}

/**
 * Reads the short forms in `text` (cleaned, see layoutText.ts) and what each refers to. `fulls`
 * are the citations written in full, in order; `occupied` covers every citation already read, so
 * nothing inside one is read again. Linear in the text apart from one regex per distinct name list.
 */
export function readShortForms<T>(text: string, fulls: readonly FullCitation<T>[], occupied: readonly Span[], index?: ShortFormIndex): ShortForm<T>[] {
  const registry = new NameRegistry(fulls);
  const standalone = new Set(index?.standaloneShortNames ?? []);
  const found = candidates(text, registry, index, occupied);
  const out: ShortForm<T>[] = [];
  let f = 0;
  let latest: ShortForm<T>['refersTo'] | undefined;
  let readUpTo = 0;
  for (const c of found) {
    if (c.start < readUpTo) continue;
    while (f < fulls.length && fulls[f].start < c.start) {
      latest = { target: fulls[f].target };
      f += 1;
    }
    let refersTo: ShortForm<T>['refersTo'] | undefined;
    let form: CitationForm = 'short-name';
    let pagesAllowed = false;
    if (c.kind === 'ibid') {
      refersTo = latest;
      form = 'ibid';
      pagesAllowed = true;
    } else if (c.kind === 'supra' && c.name !== undefined) {
      if (personOrOrganisation(text, c.start, c.nameEnd ?? c.end)) continue;
      const full = registry.before(c.name, c.start);
      refersTo = full ? { target: full.target } : index?.isKnownShortName(c.name) ? { name: c.name } : undefined;
      form = 'supra';
      pagesAllowed = true;
    } else if (c.kind === 'name' && c.name !== undefined) {
      const full = registry.nearest(c.name, c.start);
      if (!full && !standalone.has(c.name)) continue;
      const pinned = readPinpoint(text, c.end) !== undefined;
      // A name is known (a signal or a legal word suffices) only after the document cites that case in
      // full; an index name alone needs a signal or a legal noun (`In Baker`, `the Baker factors`), never a bare verb, so `Dr. Baker examined me;
      // Baker confirmed that …` stays a person.
      if (!pinned && !inCitationContext(text, c.start, c.end, full !== undefined, full === undefined)) continue;
      if (pinned && personOrOrganisation(text, c.start, c.end)) continue;
      refersTo = full ? { target: full.target } : { name: c.name };
    } else if ((c.kind === 'unknown' || c.kind === 'italic') && c.name !== undefined) {
      if (!mayBeCaseName(c.name) || personOrOrganisation(text, c.start, c.end)) continue;
      if (c.kind === 'italic' && !inCitationContext(text, c.start, c.end, false)) continue;
      const full = registry.nearest(c.name, c.start);
      refersTo = full ? { target: full.target } : { name: c.name };
    }
    if (!refersTo) continue;
    const pin = readPinpoint(text, c.end, pagesAllowed);
    if (c.kind === 'supra' && c.above && !pin) continue;
    const short: ShortForm<T> = { start: c.start, end: pin?.end ?? c.end, form, refersTo };
    if (pin) short.pinpoint = pin.pinpoint;
    out.push(short);
    latest = refersTo;
    readUpTo = short.end;
  }
  return out;
}
