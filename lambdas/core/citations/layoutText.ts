/**
 * The text the citation reader scans: the document with layout and OCR noise taken out, and a map
 * from every position back to the document, so each citation keeps its span in the original.
 *
 * - Whitespace runs (spaces, tabs, no-break spaces, control characters, line and page breaks) become
 *   one space, or a blank line (`\n\n`) when the run holds two or more line breaks and no page
 *   break: a citation split across a line or page break reads as one, a style of cause never runs
 *   across a paragraph.
 * - A word hyphenated across a line break is joined (`Kantha-\nsamy` → `Kanthasamy`); before a
 *   capital the hyphen stays (`Jean-\nJacques` → `Jean-Jacques`).
 * - Invisible characters (soft hyphens, zero-width spaces, direction marks) are dropped, so nothing
 *   hidden inside a citation can keep it from being read.
 * - A four-character year written with the letter O (`2O19`) is read with a zero.
 * - A word written wholly or partly in Cyrillic or Greek letters that look Latin (`ЅСС`) is read in
 *   Latin; ligatures and full-width forms are read as plain letters and digits.
 */

/** What was repaired at a place in the original text. */
export type LayoutRepair = 'hyphenation' | 'ocr-digit' | 'look-alike-letter' | 'invisible-character';

export interface LayoutText {
  /** The cleaned text. */
  text: string;
  /** For each position of `text` (and one past its end), the position in the original. */
  origin: Int32Array;
  /** Repairs by original position, in order. */
  repairs: ReadonlyArray<{ at: number; repair: LayoutRepair }>;
}

const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  А: 'A', В: 'B', С: 'C', Е: 'E', Н: 'H', І: 'I', Ј: 'J', К: 'K', М: 'M', О: 'O', Р: 'P', Ѕ: 'S', Т: 'T', Х: 'X', Ү: 'Y',
  а: 'a', с: 'c', е: 'e', і: 'i', ј: 'j', о: 'o', р: 'p', ѕ: 's', х: 'x', у: 'y',
  // Greek
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Χ: 'X', Υ: 'Y',
  ο: 'o',
};

const LIGATURES: Record<string, string> = { ﬀ: 'ff', ﬁ: 'fi', ﬂ: 'fl', ﬃ: 'ffi', ﬄ: 'ffl', ﬅ: 'st', ﬆ: 'st' };

const HYPHENS = new Set(['-', '\u2010', '\u2011', '\u00ac']);

/** Longest word checked for look-alike letters (longer runs are left alone). */
const MAX_WORD = 40;

function isInvisible(code: number): boolean {
  return (
    code === 0x00ad ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2064) ||
    code === 0xfeff
  );
}

function isLineBreak(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029 || code === 0x85;
}

/** Whitespace, including control characters (a page break `\f` counts as a space, not a line break). */
function isSpaceLike(code: number): boolean {
  return (
    code <= 0x20 ||
    (code >= 0x7f && code <= 0xa0) ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';
const isLetter = (ch: string | undefined) => ch !== undefined && /\p{L}/u.test(ch);
const isLower = (ch: string | undefined) => ch !== undefined && /\p{Ll}/u.test(ch);
const isAlnum = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

const isLetterO = (ch: string | undefined) => ch === 'O' || ch === 'o';

/** `2O19`, `2OO5`: four characters from [0-9Oo] starting with 1 or 2, at least two digits, standing alone. */
function yearWithLetterO(raw: string, at: number): boolean {
  if (!isLetterO(raw[at + 1]) && !isLetterO(raw[at + 2]) && !isLetterO(raw[at + 3])) return false;
  if ((raw[at] !== '1' && raw[at] !== '2') || isAlnum(raw[at - 1]) || isAlnum(raw[at + 4])) return false;
  let digits = 0;
  for (let k = at; k < at + 4; k += 1) {
    if (isDigit(raw[k])) digits += 1;
    else if (!isLetterO(raw[k])) return false;
  }
  return digits >= 2;
}

/** Latin letters (up to Latin Extended-B) and look-alikes only. */
function latinOrLookAlike(ch: string): boolean {
  return ch.charCodeAt(0) <= 0x24f || LOOK_ALIKES[ch] !== undefined;
}

/** Whether the word around `at` (a look-alike letter) is otherwise Latin, so it reads as Latin. */
function inLatinWord(raw: string, at: number): boolean {
  for (let k = at - 1; k >= 0 && isLetter(raw[k]); k -= 1) {
    if (at - k > MAX_WORD || !latinOrLookAlike(raw[k])) return false;
  }
  for (let k = at + 1; k < raw.length && isLetter(raw[k]); k += 1) {
    if (k - at > MAX_WORD || !latinOrLookAlike(raw[k])) return false;
  }
  return true;
}

/**
 * Where a hyphen followed by one line break should be joined: `'join'` before a lower-case letter,
 * `'keep'` (the hyphen, without the break) before a capital, undefined when it is no such break.
 */
function hyphenBreak(raw: string, at: number, before: string | undefined): { kind: 'join' | 'keep'; next: number } | undefined {
  if (!isLetter(before)) return undefined;
  let k = at + 1;
  let breaks = 0;
  let pageBreak = false;
  const limit = Math.min(raw.length, at + 12);
  while (k < limit) {
    const code = raw.charCodeAt(k);
    if (code === 0x0c) pageBreak = true;
    else if (isLineBreak(code)) {
      if (!(code === 0x0a && raw.charCodeAt(k - 1) === 0x0d)) breaks += 1;
    } else if (!isSpaceLike(code)) break;
    k += 1;
  }
  if (breaks > 1 || (breaks === 0 && !pageBreak) || !isLetter(raw[k])) return undefined;
  return { kind: isLower(raw[k]) ? 'join' : 'keep', next: k };
}

/**
 * Where the plain copying stops: any character outside printable ASCII, a hyphen, a space before
 * another space or a non-ASCII character, and a 1 or 2 that may start a year written with the letter O.
 */
const SPECIAL = /[^!-,.-~ ]| (?=[^!-~])|[12](?=[0-9Oo]{0,2}[Oo])/g;

/** Builds the cleaned text and its map back to `raw`. Linear in the length of `raw`. */
export function normalizeLayout(raw: string): LayoutText {
  const out: string[] = [];
  const origin = new Int32Array(raw.length + 2);
  const repairs: Array<{ at: number; repair: LayoutRepair }> = [];
  let length = 0;
  let last: string | undefined;
  const emit = (s: string, from: number) => {
    out.push(s);
    for (let k = 0; k < s.length; k += 1) origin[length + k] = from;
    length += s.length;
    last = s[s.length - 1];
  };

  const copyPlain = (from: number, to: number) => {
    const piece = raw.slice(from, to);
    out.push(piece);
    for (let k = 0; k < piece.length; k += 1) origin[length + k] = from + k;
    length += piece.length;
    last = piece[piece.length - 1];
  };

  let i = 0;
  while (i < raw.length) {
    // Printable ASCII and single spaces are copied as they are, in bulk.
    SPECIAL.lastIndex = i;
    const next = SPECIAL.exec(raw);
    const at = next ? next.index : raw.length;
    if (at > i) copyPlain(i, at);
    if (!next) break;
    i = at;
    const code = raw.charCodeAt(i);
    const ch = raw[i];
    if (isInvisible(code)) {
      repairs.push({ at: i, repair: 'invisible-character' });
      i += 1;
      continue;
    }
    if (isSpaceLike(code)) {
      const start = i;
      let breaks = 0;
      let pageBreak = false;
      while (i < raw.length) {
        const c = raw.charCodeAt(i);
        if (isInvisible(c)) {
          repairs.push({ at: i, repair: 'invisible-character' });
          i += 1;
          continue;
        }
        if (!isSpaceLike(c)) break;
        if (c === 0x0c) pageBreak = true;
        else if (isLineBreak(c) && !(c === 0x0a && raw.charCodeAt(i - 1) === 0x0d)) breaks += 1;
        i += 1;
      }
      // A page break joins the pages: what runs across it (a sentence, a citation) reads as one.
      if (length > 0) emit(breaks >= 2 && !pageBreak ? '\n\n' : ' ', start);
      continue;
    }
    if (HYPHENS.has(ch)) {
      const broken = hyphenBreak(raw, i, last);
      if (broken) {
        repairs.push({ at: i, repair: 'hyphenation' });
        if (broken.kind === 'keep') emit('-', i);
        i = broken.next;
        continue;
      }
      emit('-', i);
      i += 1;
      continue;
    }
    if ((ch === '1' || ch === '2') && yearWithLetterO(raw, i)) {
      for (let k = i; k < i + 4; k += 1) {
        if (raw[k] === 'O' || raw[k] === 'o') repairs.push({ at: k, repair: 'ocr-digit' });
        emit(isDigit(raw[k]) ? raw[k] : '0', k);
      }
      i += 4;
      continue;
    }
    if (LOOK_ALIKES[ch] !== undefined && inLatinWord(raw, i)) {
      repairs.push({ at: i, repair: 'look-alike-letter' });
      emit(LOOK_ALIKES[ch], i);
      i += 1;
      continue;
    }
    const ligature = LIGATURES[ch];
    if (ligature !== undefined) {
      emit(ligature, i);
      i += 1;
      continue;
    }
    if (code >= 0xff01 && code <= 0xff5e) {
      emit(String.fromCharCode(code - 0xfee0), i);
      i += 1;
      continue;
    }
    // Anything else, including surrogate pairs and a 1 or 2 that starts no year, is copied unit by unit.
    emit(ch, i);
    i += 1;
  }
  origin[length] = raw.length;
  return { text: out.join(''), origin: origin.subarray(0, length + 1), repairs };
}

/** The span in the original text of the cleaned span [start, end). */
export function originalSpan(layout: LayoutText, start: number, end: number): { start: number; end: number } {
  if (end <= start) return { start: layout.origin[start], end: layout.origin[start] };
  return { start: layout.origin[start], end: layout.origin[end - 1] + 1 };
}

/** The repairs made inside the original span [start, end), without duplicates. */
export function repairsWithin(layout: LayoutText, start: number, end: number): LayoutRepair[] {
  const { repairs } = layout;
  let lo = 0;
  let hi = repairs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (repairs[mid].at < start) lo = mid + 1;
    else hi = mid;
  }
  const found = new Set<LayoutRepair>();
  for (let k = lo; k < repairs.length && repairs[k].at < end; k += 1) found.add(repairs[k].repair);
  return [...found];
}
