/**
 * Finds, in a page's extracted text, the characters that came from glyphs a reader cannot see.
 *
 * PDF.js builds the text layer from the same glyphs the operator list draws, in the same order, but
 * it adds spaces and line breaks, may normalise ligatures, and leaves out glyphs outside the page.
 * So the two are lined up character by character (whitespace ignored, both sides NFKC-folded); a text
 * character that cannot be matched is treated as visible, so a mismatch can never hide real text.
 */
import type { HiddenTextRules } from './hiddenTextRules';
import type { GlyphVisibility } from './pdfGlyphVisibility';
import type { QuarantineReason } from '../../../../contracts/quarantinedPassage';

export interface HiddenSpan {
  start: number;
  end: number;
  reason: QuarantineReason;
  detail: string;
}

export interface PageHiddenText {
  /** Spans of the page text to quarantine. */
  spans: HiddenSpan[];
  /** Text drawn outside the visible page box: PDF.js already left it out of the page text. */
  offPage: Array<{ text: string; detail: string }>;
}

interface Unit {
  cp: number;
  /** Index of the glyph (G side) or UTF-16 index of the character (text side). */
  at: number;
}

/** How far ahead a missing or extra glyph is looked for, and how many following characters must agree. */
const NEAR_WINDOW = 48;
const NEAR_CONFIRM = 3;
const FAR_WINDOW = 4096;
const FAR_CONFIRM = 6;
const RESYNC_AFTER = 4;

const isSpace = (cp: number) => /\s/u.test(String.fromCodePoint(cp));
const isLetterOrDigit = (ch: string) => /[\p{L}\p{N}]/u.test(ch);

function units(text: string, at: number, into: Unit[]): void {
  for (const ch of text.normalize('NFKC')) {
    const cp = ch.codePointAt(0)!;
    if (!isSpace(cp)) into.push({ cp, at });
  }
}

/** Where glyph units `from…` first agree with text units `t…` for `confirm` units, within `window`. */
function findAhead(g: readonly Unit[], t: readonly Unit[], ti: number, from: number, window: number, confirm: number): number {
  const last = Math.min(g.length, from + window);
  for (let k = from; k < last; k++) {
    if (g[k].cp !== t[ti].cp) continue;
    let ok = true;
    for (let n = 1; n < confirm && ti + n < t.length; n++) {
      if (k + n >= g.length || g[k + n].cp !== t[ti + n].cp) {
        ok = false;
        break;
      }
    }
    if (ok) return k;
  }
  return -1;
}

/** For each text unit, the glyph it came from (-1 when none could be matched). */
function align(g: readonly Unit[], t: readonly Unit[]): number[] {
  const matched = new Array<number>(t.length).fill(-1);
  let j = 0;
  let misses = 0;
  for (let ti = 0; ti < t.length; ti++) {
    let k = j < g.length && g[j].cp === t[ti].cp ? j : findAhead(g, t, ti, j + 1, NEAR_WINDOW, NEAR_CONFIRM);
    if (k === -1 && misses >= RESYNC_AFTER) k = findAhead(g, t, ti, j, FAR_WINDOW, FAR_CONFIRM);
    if (k === -1) {
      misses++;
      continue;
    }
    misses = 0;
    matched[ti] = g[k].at;
    j = k + 1;
  }
  return matched;
}

/**
 * The hidden spans of `pageText` given the page's glyphs (from `glyphVisibility`). A span runs over
 * consecutive hidden characters with the same reason, across the whitespace between them; spans with
 * fewer letters or digits than the rules ask for are left in the text.
 */
export function locateHiddenText(pageText: string, glyphs: readonly GlyphVisibility[], rules: HiddenTextRules['pdf']): PageHiddenText {
  const offPage: PageHiddenText['offPage'] = [];
  let run = '';
  let anyHiddenInText = false;
  const flushOffPage = () => {
    const text = run.replace(/\s+/g, ' ').trim();
    if ([...text].filter(isLetterOrDigit).length >= rules.minPassageLetters) offPage.push({ text, detail: 'outside the visible page box' });
    run = '';
  };
  for (const glyph of glyphs) {
    if (glyph.hidden?.reason === 'off-page') run += glyph.text;
    else {
      if (run) flushOffPage();
      if (glyph.hidden) anyHiddenInText = true;
    }
  }
  if (run) flushOffPage();
  if (!anyHiddenInText) return { spans: [], offPage };

  const g: Unit[] = [];
  glyphs.forEach((glyph, i) => {
    if (glyph.hidden?.reason !== 'off-page') units(glyph.text, i, g);
  });

  const t: Unit[] = [];
  for (let i = 0; i < pageText.length; ) {
    const ch = String.fromCodePoint(pageText.codePointAt(i)!);
    units(ch, i, t);
    i += ch.length;
  }
  const matched = align(g, t);

  const spans: HiddenSpan[] = [];
  let open: (HiddenSpan & { letters: number }) | undefined;
  const close = () => {
    if (open && open.letters >= rules.minPassageLetters) spans.push({ start: open.start, end: open.end, reason: open.reason, detail: open.detail });
    open = undefined;
  };
  t.forEach((unit, ti) => {
    const glyph = matched[ti] === -1 ? undefined : glyphs[matched[ti]];
    const hidden = glyph?.hidden;
    const ch = String.fromCodePoint(pageText.codePointAt(unit.at)!);
    const end = unit.at + ch.length;
    if (!hidden) return close();
    if (open && open.reason === hidden.reason && open.end <= unit.at) {
      open.end = Math.max(open.end, end);
    } else if (!open || open.reason !== hidden.reason) {
      close();
      open = { start: unit.at, end, reason: hidden.reason, detail: hidden.detail, letters: 0 };
    }
    if (isLetterOrDigit(ch)) open.letters++;
  });
  close();
  return { spans, offPage };
}
