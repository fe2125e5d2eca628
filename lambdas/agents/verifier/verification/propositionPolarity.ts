import { isContentWord, normalizeText, stem } from './propositionTerms';

/**
 * Which way a statement points: for each content word, whether the statement affirms it or puts it
 * under a negation. The proposition check compares the words a proposition shares with the
 * authority's closest statement, so "held that X" agrees with a holding that says X, and "held that
 * X is not the case" or "the Court rejected the argument that X" does not.
 *
 * Deliberately small and readable rules, run on `normalizeText` output:
 *
 * - A **local negation** ("not", "did not", "is not", "must not", "cannot", "never", "no",
 *   "no longer", "declined to", "refused to") or **contrast** ("rather than", "instead of") covers the
 *   words after it up to the end of its clause (a comma, colon, "and", "but", "because", …) or up to
 *   the next verb that starts another predicate ("is", "must", "can", …) once it has covered a
 *   content word. So in "failing to disclose is misrepresentation" nothing is negated, and in "does
 *   not count as a term of imprisonment" every word after "not" is.
 * - A **rejection frame** ("rejected the argument that", "it is not the case that") covers its whole
 *   clause, verbs included; a trailing "… is not the case" covers the clause before it. A local
 *   negation inside a rejection frame flips it back ("rejected the argument that X is not required"
 *   affirms "required").
 * - A negation whose clause is closed by "unless" or "except" is a condition, not a denial ("no
 *   permit is issued unless …" reads as "a permit is issued only if …"), so it negates nothing.
 * - A word that appears both affirmed and negated in one statement is left out of the comparison.
 *
 * Two statements contradict when enough of their shared words sit on opposite sides of a negation
 * (see `findPolarityConflict`), except when both deny the same thing (a word negated in both: "X
 * does not require Y" and "Y is not required for X" agree) or one prohibits what the other calls an
 * error ("officers must not apply a rigid test" and "a rigid test fetters the discretion" agree).
 * Known limit: a contrapositive or an antonym ("no permit if X" restated as "a permit only if not
 * X", "narrow" for "not broad") is not read.
 */

export interface PolarWord {
  negated: boolean;
  /** The cue that negates it, as written after normalisation ("did not", "rejected the argument that"). */
  cue?: string;
  /** The word as it appears in the statement (lower case). */
  word: string;
}

export interface PolarStatement {
  /** The statement as written (shown in a failure reason when it is the authority's). */
  text: string;
  /** Whether it calls what it describes an error ("fetters", "unreasonable", "breach", …). */
  disapproves: boolean;
  /** Content stem → polarity; stems seen with both polarities are absent. */
  words: ReadonlyMap<string, PolarWord>;
}

/** "it is not the case that", "rejected the argument that": the rest of the clause is denied. */
const FRAME_CUE =
  /\bit (?:is|was) not (?:the case|true|correct|so) that\b|\b(?:rejected|rejects|reject|rejecting|dismissed|dismisses|dismissing) (?:the |an? |this |that |their |his |her |its )?(?:[\p{L}']+ )?(?:argument|submission|contention|view|claim|notion|position|suggestion|idea|proposition|premise|assertion)s? that\b/gu;

/** "… is not the case" at the end of a clause: the clause before it is denied. */
const TRAILING_CUE = /\b(?:is|was|are|were) not (?:the case|so|true|correct|right)(?=\s*(?:[,;:.!?]|$))/gu;

/** Negations of the words that follow, within their clause. `not only`, `no doubt` and `whether or not` are not negations. */
const LOCAL_CUE =
  /\b(?:must|should|shall|may) not\b|\b(?:declined|declines|decline|declining|refused|refuses|refuse|refusing) to\b|\bno longer\b|\bcannot\b|\bcan not\b|\bno\b(?! (?:doubt|matter)\b)|\brather than\b|\binstead of\b|\bnever\b|\bnot\b(?! only\b)/gu;

const NOT_A_NEGATION = /\bwhether or not\b|\bif not\b/gu;

/** Contrast cues: what they cover is the alternative set aside, not a denial shared by two statements. */
const CONTRAST = /^(?:rather than|instead of)$/;

/** A prohibition: "must not X" agrees with an authority that calls X an error rather than contradicting it. */
const PROHIBITION = /^(?:(?:must|should|shall|may) not|cannot|can not)$/;
/** Words by which a statement calls what it describes an error. */
const DISAPPROVAL =
  /\b(?:fetter\w*|unreasonabl\w*|unfair\w*|errors?|erred|breach\w*|improper\w*|abus\w*|unlawful\w*|invalid\w*|flaw\w*|impermissib\w*|wrong\w*|set aside|quash\w*|cannot stand)\b/;

/** Words that end a local negation: punctuation and conjunctions that open another clause. */
const CLAUSE_WORDS = new Set(['but', 'because', 'while', 'whereas', 'although', 'though', 'so', 'since', 'yet', 'unless', 'except', 'and', 'or']);
/** Conjunctions that end a rejection frame too (only after a comma). */
const FRAME_END_WORDS = new Set(['but', 'while', 'whereas', 'although', 'though', 'yet', 'and']);
/** Words that make a negation a condition rather than a denial. */
const CONDITION_WORDS = new Set(['unless', 'except']);
/** Verbs that start another predicate: a local negation stops there once it has covered a content word. */
const PREDICATE_VERBS = new Set([
  'is', 'are', 'was', 'were', 'can', 'could', 'may', 'might', 'must', 'shall', 'should', 'will', 'would', 'has', 'have', 'had', 'does', 'do', 'did',
]);

/** Sentence ends and semicolons, but not the period of `s.`, `ss.`, `v.`, `para.`, `no.`, `e.g.`, `i.e.`. */
const STATEMENT_END = /(?<!\b(?:s|ss|v|vs|no|para|paras|art|r|p|pp|cf|e\.g|i\.e))[.!?;]+(?=\s|$)/giu;

type Token = { kind: 'word'; text: string; start: number; end: number } | { kind: 'punct'; text: string; start: number; end: number };

interface Cue {
  start: number;
  end: number;
  text: string;
  kind: 'frame' | 'trailing' | 'local';
}

function expandContractions(text: string): string {
  return text.replace(/\bcan't\b/g, 'cannot').replace(/\bwon't\b/g, 'will not').replace(/\bshan't\b/g, 'shall not').replace(/n't\b/g, ' not');
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/\p{L}+|[,:]/gu)) {
    const kind = m[0] === ',' || m[0] === ':' ? 'punct' : 'word';
    out.push({ kind, text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return out;
}

function findCues(text: string): Cue[] {
  const cues: Cue[] = [];
  const taken: Array<[number, number]> = [];
  const free = (start: number, end: number) => !taken.some(([s, e]) => start < e && end > s);
  const collect = (pattern: RegExp, kind: Cue['kind'] | 'ignored') => {
    for (const m of text.matchAll(pattern)) {
      const start = m.index;
      const end = start + m[0].length;
      if (!free(start, end)) continue;
      taken.push([start, end]);
      if (kind !== 'ignored') cues.push({ start, end, text: m[0], kind });
    }
  };
  collect(NOT_A_NEGATION, 'ignored');
  collect(FRAME_CUE, 'frame');
  collect(TRAILING_CUE, 'trailing');
  collect(LOCAL_CUE, 'local');
  return cues.sort((a, b) => a.start - b.start);
}

/** Index of the token that ends the clause opened before `from` (exclusive bound), for a local or frame scope. */
function clauseEnd(toks: readonly Token[], from: number, frame: boolean): number {
  for (let i = from; i < toks.length; i += 1) {
    const t = toks[i];
    if (t.kind === 'punct') {
      if (t.text === ':') return i;
      if (!frame) return i;
      const next = toks[i + 1];
      if (next?.kind === 'word' && FRAME_END_WORDS.has(next.text)) return i;
      continue;
    }
    if (!frame && CLAUSE_WORDS.has(t.text)) return i;
    if (frame && t.text === 'but') return i;
  }
  return toks.length;
}

function clauseStart(toks: readonly Token[], before: number): number {
  for (let i = before - 1; i >= 0; i -= 1) {
    const t = toks[i];
    if (t.kind === 'punct' || t.text === 'but') return i + 1;
  }
  return 0;
}

/** Reads one statement: each content word's polarity under the rules above. */
export function readStatement(text: string): PolarStatement {
  const normalized = expandContractions(normalizeText(text));
  const toks = tokens(normalized);
  const cues = findCues(normalized);
  const frameBy: Array<string | undefined> = toks.map(() => undefined);
  const localBy: Array<string | undefined> = toks.map(() => undefined);
  const inCue = toks.map((t) => cues.some((c) => t.start >= c.start && t.end <= c.end));
  const firstAfter = (pos: number) => {
    const i = toks.findIndex((t) => t.start >= pos);
    return i < 0 ? toks.length : i;
  };

  cues.forEach((cue, n) => {
    if (cue.kind === 'frame') {
      const from = firstAfter(cue.end);
      const to = clauseEnd(toks, from, true);
      if (CONDITION_WORDS.has(toks[to]?.text ?? '')) return;
      for (let i = from; i < to; i += 1) frameBy[i] ??= cue.text;
    } else if (cue.kind === 'trailing') {
      const at = firstAfter(cue.start);
      for (let i = clauseStart(toks, at); i < at; i += 1) frameBy[i] ??= cue.text;
    } else {
      const from = firstAfter(cue.end);
      const clause = clauseEnd(toks, from, false);
      if (CONDITION_WORDS.has(toks[clause]?.text ?? '')) return;
      // A later local negation in the same clause takes over from here (so the reason names the right cue).
      const next = cues.slice(n + 1).find((c) => c.kind === 'local');
      let to = next ? Math.min(clause, firstAfter(next.start)) : clause;
      let covered = false;
      for (let i = from; i < to; i += 1) {
        const t = toks[i];
        if (inCue[i]) continue;
        if (covered && PREDICATE_VERBS.has(t.text)) {
          to = i;
          break;
        }
        if (isContentWord(t.text)) covered = true;
      }
      for (let i = from; i < to; i += 1) localBy[i] ??= cue.text;
    }
  });

  const words = new Map<string, PolarWord>();
  const mixed = new Set<string>();
  toks.forEach((t, i) => {
    if (t.kind !== 'word' || inCue[i] || !isContentWord(t.text)) return;
    const frame = frameBy[i];
    const local = localBy[i];
    const negated = (frame !== undefined) !== (local !== undefined);
    const cue = frame !== undefined && local !== undefined ? `${frame} … ${local}` : (frame ?? local);
    const key = stem(t.text);
    const seen = words.get(key);
    if (mixed.has(key)) return;
    if (seen && seen.negated !== negated) {
      words.delete(key);
      mixed.add(key);
      return;
    }
    if (!seen) words.set(key, { negated, word: t.text, ...(cue !== undefined ? { cue } : {}) });
  });
  return { text: text.replace(/\s+/g, ' ').trim(), disapproves: DISAPPROVAL.test(normalized), words };
}

/** Splits text into statements (sentences and semicolon-separated parts) and reads each. */
export function readStatements(text: string): PolarStatement[] {
  return text
    .split(STATEMENT_END)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map(readStatement)
    .filter((s) => s.words.size > 0);
}

/**
 * A proposition statement needs this many content words in common with an authority statement to
 * be compared with it (all of its words when it has fewer, and at least two).
 */
export const MIN_SHARED_WORDS = 3;
/** … and they must be at least this share of the proposition statement's content words. */
export const MIN_SHARED_SHARE = 0.5;
/** Opposite polarity on at least one shared word in this many (and at least one) is a contradiction. */
export const WORDS_PER_DISAGREEMENT = 4;

export interface PolarityConflict {
  /** The authority's statement the proposition was compared with. */
  authority: PolarStatement;
  /** Shared words the proposition negates and the authority affirms, with the proposition's cue. */
  negatedInProposition: Array<{ word: string; cue: string }>;
  /** Shared words the authority negates and the proposition affirms, with the authority's cue. */
  negatedInAuthority: Array<{ word: string; cue: string }>;
  shared: number;
}

interface Comparison {
  shared: number;
  conflict: PolarityConflict;
  disagreements: number;
}

/**
 * Shared words on opposite sides of a negation, except when the two statements deny the same thing
 * (a word negated in both: "X does not require Y" and "Y is not required for X" agree), or when one
 * prohibits what the other calls an error ("must not apply a rigid test" and "a rigid test fetters
 * the discretion" agree).
 */
function compare(proposition: PolarStatement, authority: PolarStatement): Comparison {
  const negatedInProposition: PolarityConflict['negatedInProposition'] = [];
  const negatedInAuthority: PolarityConflict['negatedInAuthority'] = [];
  let shared = 0;
  let deniedByBoth = false;
  for (const [key, p] of proposition.words) {
    const a = authority.words.get(key);
    if (!a) continue;
    shared += 1;
    if (p.negated && a.negated && !CONTRAST.test(p.cue ?? '') && !CONTRAST.test(a.cue ?? '')) deniedByBoth = true;
    if (p.negated === a.negated) continue;
    if (p.negated) negatedInProposition.push({ word: a.word, cue: p.cue ?? 'a negation' });
    else negatedInAuthority.push({ word: a.word, cue: a.cue ?? 'a negation' });
  }
  const prohibits = (words: ReadonlyArray<{ cue: string }>, other: PolarStatement) =>
    words.length > 0 && other.disapproves && words.every((w) => PROHIBITION.test(w.cue));
  const agrees =
    deniedByBoth ||
    (prohibits(negatedInProposition, authority) && negatedInAuthority.length === 0) ||
    (prohibits(negatedInAuthority, proposition) && negatedInProposition.length === 0);
  return {
    shared,
    disagreements: agrees ? 0 : negatedInProposition.length + negatedInAuthority.length,
    conflict: { authority, negatedInProposition, negatedInAuthority, shared },
  };
}

const contradicts = (c: Comparison) => c.disagreements >= Math.max(1, Math.floor(c.shared / WORDS_PER_DISAGREEMENT));

/**
 * The first proposition statement whose closest authority statement (most shared content words;
 * on a tie, the one that agrees) says the opposite, or undefined when none does. A proposition
 * statement too far from every authority statement is not compared (the lexical check covers it).
 */
export function findPolarityConflict(proposition: string, authority: readonly PolarStatement[]): PolarityConflict | undefined {
  for (const statement of readStatements(proposition)) {
    if (statement.words.size < 2) continue;
    const needed = Math.max(Math.min(MIN_SHARED_WORDS, statement.words.size), Math.ceil(statement.words.size * MIN_SHARED_SHARE));
    let best: Comparison | undefined;
    for (const candidate of authority) {
      const c = compare(statement, candidate);
      if (c.shared < needed) continue;
      const better = !best || c.shared > best.shared || (c.shared === best.shared && contradicts(best) && !contradicts(c));
      if (better) best = c;
    }
    if (best && contradicts(best)) return best.conflict;
  }
  return undefined;
}

const MAX_QUOTED = 220;

function quoted(text: string): string {
  return `"${text.length <= MAX_QUOTED ? text : `${text.slice(0, MAX_QUOTED - 1)}…`}"`;
}

function wordsByCue(words: ReadonlyArray<{ word: string; cue: string }>): string {
  const byCue = new Map<string, string[]>();
  for (const { word, cue } of words) byCue.set(cue, [...(byCue.get(cue) ?? []), word]);
  return [...byCue].map(([cue, list]) => `"${cue}" (over ${list.join(', ')})`).join(' and ');
}

/**
 * Why the proposition contradicts the authority, naming the deciding words: the negation cues and
 * the shared words they cover. Quotes only the authority's own statement and the cue words, never
 * the rest of the proposition (it may come from a client's document).
 */
export function describeConflict(conflict: PolarityConflict): string {
  const parts: string[] = [];
  if (conflict.negatedInProposition.length > 0) {
    parts.push(`the proposition negates what the authority affirms with ${wordsByCue(conflict.negatedInProposition)}`);
  }
  if (conflict.negatedInAuthority.length > 0) {
    parts.push(`the proposition affirms what the authority denies with ${wordsByCue(conflict.negatedInAuthority)}`);
  }
  return `${parts.join('; ')}; the authority says ${quoted(conflict.authority.text)}`;
}
