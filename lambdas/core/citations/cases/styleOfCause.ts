/** A case name found in text: a full `A v. B` style of cause or a bare short name. */
export interface NameSpan {
  start: number;
  end: number;
  /** Whitespace collapsed, `v`/`vs`/`c.` written as `v.`. */
  name: string;
  /** Written with the French `c.`. */
  french?: boolean;
}

interface Token {
  start: number;
  end: number;
}

/** Bounds that keep the scan linear on adversarial text. */
const MAX_PARTY_TOKENS = 14;
const MAX_TOKEN_LENGTH = 40;
const MAX_GAP = 8;

/** `v`, `v.`, `vs`, `vs.` and the French `c.`, standing alone between spaces. */
const ANCHOR = /(?<=\s)(?:vs?\.?|c\.)(?=\s)/g;

const CONNECTORS = new Set([
  'of', 'and', 'the', 'for', 'de', 'du', 'des', 'la', 'le', 'les', 'et', 'van', 'von', 'der', 'den', 'da', 'di', 'dos', 'el', 'al', 'bin', 'ben', '&',
]);

/** Capitalised words that start sentences or introduce a case rather than belong to its name. */
const LEAD_INS = new Set([
  'In', 'See', 'Also', 'As', 'Per', 'The', 'Following', 'Applying', 'Unlike', 'Like', 'Under', 'Citing', 'Compare',
  'Cf', 'Cf.', 'But', 'And', 'Or', 'Thus', 'Similarly', 'While', 'Whereas', 'Although', 'Where', 'When', 'Since',
  'Because', 'However', 'Moreover', 'Furthermore', 'Indeed', 'Notably', 'Here', 'There', 'This', 'That', 'These',
  'Those', 'Both', 'Recall', 'Accordingly', 'Therefore', 'Hence', 'On', 'At', 'By', 'From', 'With', 'Before',
  'After', 'Then', 'Yet', 'Relying', 'Quoting', 'Distinguishing', 'Contrary', 'Whether', 'If', 'Contra', 'Accord',
  'Consider', 'Dans', 'Voir', 'Selon', 'Comme', 'Ainsi', 'Aussi', 'Suivant', 'Conformément', 'Contrairement',
]);

const ABBREVIATION = /^(?:Inc|Ltd|Co|Corp|Cie|Ltée|Jr|Sr|St|Ste|Bros|No)\.$|^(?:\p{Lu}\.)+$/u;
const NAME_WORD = /^(?:[dlDL]['’])?\p{Lu}[\p{L}\p{M}\p{N}'’.&-]*$/u;
const OPENING = /^[("“‘'[]+/;
const YEAR_GROUP = /^\(\d{4}\)[,.;:]?$/;
export const HONORIFIC = /(?:^|[^\p{L}])(?:Mr|Mrs|Ms|Miss|Mx|Dr|Mme|Mlle|M|Madam|Madame|Monsieur|Sir|Dame|Prof|Professor|Justice|Judge|Officer|Constable|Sgt|Rev)\.?\s+$/u;

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r' || ch === '\u00a0';
}

function isNameWord(word: string): boolean {
  return NAME_WORD.test(word) || CONNECTORS.has(word);
}

function endsSentence(word: string): boolean {
  return /[,;:!?]$/.test(word) || (word.endsWith('.') && !ABBREVIATION.test(word));
}

function countOf(word: string, ch: string): number {
  let n = 0;
  for (const c of word) if (c === ch) n += 1;
  return n;
}

/** A style of cause never runs across a long gap or a blank line. */
function gapTooWide(text: string, from: number, to: number): boolean {
  return to - from > MAX_GAP || text.slice(from, to).split('\n').length > 2;
}

function tokenBefore(text: string, pos: number): Token | undefined {
  let end = pos;
  while (end > 0 && isSpace(text[end - 1]) && pos - end <= MAX_GAP) end -= 1;
  if (gapTooWide(text, end, pos)) return undefined;
  let start = end;
  while (start > 0 && !isSpace(text[start - 1])) {
    start -= 1;
    if (end - start > MAX_TOKEN_LENGTH) return undefined;
  }
  return start < end ? { start, end } : undefined;
}

function tokenAfter(text: string, pos: number): Token | undefined {
  let start = pos;
  while (start < text.length && isSpace(text[start]) && start - pos <= MAX_GAP) start += 1;
  if (gapTooWide(text, pos, start)) return undefined;
  let end = start;
  while (end < text.length && !isSpace(text[end])) {
    end += 1;
    if (end - start > MAX_TOKEN_LENGTH) return undefined;
  }
  return start < end ? { start, end } : undefined;
}

/** Reads the party before ` v. `, walking backwards. Tokens come back in reading order. */
function leftParty(text: string, anchorStart: number): Token[] {
  const reversed: Token[] = [];
  let pos = anchorStart;
  let depth = 0;
  let groupAt = 0;
  while (reversed.length < MAX_PARTY_TOKENS) {
    const tok = tokenBefore(text, pos);
    if (!tok) break;
    const word = text.slice(tok.start, tok.end);
    if (depth > 0 || word.endsWith(')')) {
      if (depth === 0) groupAt = reversed.length;
      depth += countOf(word, ')') - countOf(word, '(');
      reversed.push(tok);
      pos = tok.start;
      if (depth < 0) depth = 0;
      continue;
    }
    if (endsSentence(word)) break;
    const lead = OPENING.exec(word)?.[0].length ?? 0;
    if (!isNameWord(word.slice(lead))) break;
    reversed.push({ start: tok.start + lead, end: tok.end });
    pos = tok.start;
    if (lead > 0) break;
  }
  if (depth > 0) reversed.length = groupAt;
  const tokens = reversed.reverse();
  // Drop lead-ins (`In`, `See`), connectors and any parenthetical ahead of the first real name word.
  let depthAhead = 0;
  while (tokens.length > 0) {
    const first = text.slice(tokens[0].start, tokens[0].end);
    depthAhead = Math.max(0, depthAhead + countOf(first, '(') - countOf(first, ')'));
    const inGroup = depthAhead > 0 || first.endsWith(')');
    if (!inGroup && NAME_WORD.test(first) && !(LEAD_INS.has(first) && tokens.length > 1)) break;
    tokens.shift();
  }
  return tokens;
}

/** Reads the party after ` v. `, walking forwards. */
function rightParty(text: string, anchorEnd: number): Token[] {
  const tokens: Token[] = [];
  let pos = anchorEnd;
  let depth = 0;
  let groupAt = 0;
  while (tokens.length < MAX_PARTY_TOKENS) {
    const tok = tokenAfter(text, pos);
    if (!tok) break;
    const word = text.slice(tok.start, tok.end);
    // `Baker v. Canada (MCI) (1999), 174 D.L.R. (4th) 193`: the year belongs to the report, not the name.
    if (depth === 0 && YEAR_GROUP.test(word)) break;
    if (depth > 0 || (word.startsWith('(') && tokens.length > 0)) {
      if (depth === 0) groupAt = tokens.length;
      depth += countOf(word, '(') - countOf(word, ')');
      if (depth <= 0) {
        depth = 0;
        const close = word.lastIndexOf(')');
        tokens.push({ start: tok.start, end: tok.start + close + 1 });
        if (close < word.length - 1) break;
      } else {
        tokens.push(tok);
      }
      pos = tok.end;
      continue;
    }
    const stop = endsSentence(word) || (word.endsWith(')') && !word.includes('('));
    const core = stop ? word.replace(/[,;:!?.)]+$/, '') : word;
    if (!isNameWord(core) || (tokens.length === 0 && !NAME_WORD.test(core))) break;
    tokens.push({ start: tok.start, end: tok.start + core.length });
    pos = tok.end;
    if (stop) break;
  }
  if (depth > 0) tokens.length = groupAt;
  while (tokens.length > 0 && CONNECTORS.has(text.slice(tokens[tokens.length - 1].start, tokens[tokens.length - 1].end))) {
    tokens.pop();
  }
  return tokens;
}

function words(text: string, tokens: Token[]): string {
  return tokens.map((t) => text.slice(t.start, t.end)).join(' ');
}

/** Finds full styles of cause: `Baker v. Canada (Minister of Citizenship and Immigration)`, `X v Canada`. */
export function findStylesOfCause(text: string): NameSpan[] {
  const spans: NameSpan[] = [];
  for (const m of text.matchAll(ANCHOR)) {
    const left = leftParty(text, m.index);
    if (left.length === 0) continue;
    const right = rightParty(text, m.index + m[0].length);
    if (right.length === 0) continue;
    const start = left[0].start;
    if (spans.length > 0 && start < spans[spans.length - 1].end) continue;
    const french = m[0] === 'c.';
    spans.push({ start, end: right[right.length - 1].end, name: `${words(text, left)} v. ${words(text, right)}`, ...(french ? { french } : {}) });
  }
  const all = spans.concat(findReStyles(text)).sort((a, b) => a.start - b.start);
  return all.filter((span, i) => i === 0 || span.start >= all[i - 1].end);
}

/** `X (Re)`, `Singh (Re)`: a matter with a single named party, as CanLII styles IRB and other decisions. */
const RE_STYLE = /(?<![\p{L}\p{N}])(\p{Lu}[\p{L}\p{M}'’-]{0,30}(?: \p{Lu}[\p{L}\p{M}'’-]{0,30}){0,3}) \((?:Re|Ré)\)/gu;

function findReStyles(text: string): NameSpan[] {
  const spans: NameSpan[] = [];
  // The look-behind that opens RE_STYLE is tried at every position: skip texts without `(Re)` / `(Ré)`.
  for (const m of /\(R[eé]\)/.test(text) ? text.matchAll(RE_STYLE) : []) {
    const words = m[1].split(' ');
    // Drop lead-ins ahead of the name (`See X (Re)`).
    let skip = 0;
    while (skip < words.length - 1 && LEAD_INS.has(words[skip])) skip += 1;
    const name = words.slice(skip).join(' ');
    const start = m.index + m[0].length - name.length - ' (Re)'.length;
    spans.push({ start, end: m.index + m[0].length, name: `${name} (Re)` });
  }
  return spans;
}

const NAME_BEFORE = /(\p{Lu}[\p{L}\p{M}'’-]*(?:[ \t]\p{Lu}[\p{L}\p{M}'’-]*){0,3})[ \t]{0,3},?[ \t]{0,3}$/u;

/**
 * The short name written immediately before `at` (e.g. `Singh, ` in `Singh, 2014 FC 1077`), when
 * `isKnown` recognises it. Longest match wins.
 */
export function shortNameBefore(text: string, at: number, isKnown: (name: string) => boolean): NameSpan | undefined {
  const from = Math.max(0, at - 80);
  const m = NAME_BEFORE.exec(text.slice(from, at));
  if (!m) return undefined;
  const parts = m[1].split(/[ \t]/);
  for (let k = parts.length; k >= 1; k -= 1) {
    const name = parts.slice(parts.length - k).join(' ');
    if (!isKnown(name)) continue;
    const start = from + m.index + m[1].length - name.length;
    if (HONORIFIC.test(text.slice(Math.max(0, start - 12), start))) return undefined;
    return { start, end: start + name.length, name };
  }
  return undefined;
}
