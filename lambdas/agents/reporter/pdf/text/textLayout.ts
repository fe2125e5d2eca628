import type { PDFPage } from 'pdf-lib';
import { needsShaping, type Face, type ReportFonts } from './pdfFonts';
import type { Line, Piece, StyledText, TextStyle } from './textTypes';
import type { PageTextWriter } from './pageText';
import { visualOrder } from './bidiOrder';

/**
 * Lines of text for report.pdf: each character is given the first embedded face that has a glyph for
 * it (a character no face has is drawn as a visible placeholder and counted, never dropped silently
 * and never a crash); text is wrapped to a width at spaces, after slashes and hyphens, between
 * ideographs and, for a word wider than the line, between any two clusters, so nothing overflows;
 * right-to-left words (Hebrew, Arabic) are shaped by fontkit and put in visual order within each line,
 * and text in the scripts whose letters combine or reorder (Indic, Thai, Khmer) is shaped and drawn
 * with its glyphs where the font places them.
 */

export type { Line, Piece, StyledText, TextStyle } from './textTypes';

/** Text resolved into faces and cut into words once, to be measured and wrapped at several widths. */
export interface PreparedText {
  words: readonly Word[];
  /** Width on one line, in points. */
  natural: number;
  /** Width of the widest word, in points. */
  longestWord: number;
}

/** Drawn in place of a character that no embedded face can show. */
export const PLACEHOLDER = '□';

/** Characters with no visible form: left out when no face has them, rather than shown as a placeholder. */
const INVISIBLE = /[\u00AD\u034F\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFE00-\uFE0F\uFEFF\u{E0000}-\u{E01EF}]/u;
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/**
 * Ideographs and kana: a line may break between any two of them. Not hangul: Korean puts spaces
 * between words and its lines break at them, so a Korean name stays whole (like a Latin one, it is cut
 * only when it is wider than the line).
 */
const IDEOGRAPHIC = /[\u2E80-\u312F\u3190-\u9FFF\uF900-\uFAFF\u{20000}-\u{3FFFF}]/u;
const COMBINING = /\p{M}/u;
/**
 * Characters that hold on to the one after them when a word is cut: a virama (or Khmer coeng), which
 * joins two consonants into one conjunct, a joiner, and a Thai or Lao vowel written before its consonant.
 * (Not the Tamil pulli: it marks a consonant without its vowel, visibly, and joins nothing.)
 */
const HOLDS_NEXT = /[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0C4D\u0CCD\u0D4D\u0DCA\u17D2\u200C\u200D\u0E40-\u0E44\u0EC0-\u0EC4]/;

/** A word of a joining script (Arabic and the scripts written with it: Urdu, Persian, Pashto...). */
const JOINED_WORD = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF\u200C\u200D]+/gu;

/**
 * Faces for the joining-script words of `text` that the chain's first face cannot set whole: each
 * such word is set in the first face that has every one of its characters, so that its letters join
 * (a face change inside a word would cut the joins). Keyed by the UTF-16 offset of each character.
 * A word the first face has entirely is left to the usual choice, and no fallback file is opened for it.
 */
function joinedWordFaces(text: string, chain: readonly Face[]): Map<number, Face> {
  const forced = new Map<number, Face>();
  if (!/[\u0600-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u.test(text)) return forced;
  for (const word of text.matchAll(JOINED_WORD)) {
    const codePoints = Array.from(word[0], (ch) => ch.codePointAt(0)!);
    const has = (face: Face) => codePoints.every((cp) => face.has(cp) || cp === 0x200c || cp === 0x200d);
    if (has(chain[0])) continue;
    const whole = chain.find(has);
    if (!whole) continue;
    for (let i = 0, at = word.index; i < codePoints.length; at += codePoints[i] > 0xffff ? 2 : 1, i++) forced.set(at, whole);
  }
  return forced;
}

export class TextLayout {
  /** Characters drawn as the placeholder in this document, counted. */
  readonly missing = new Map<string, number>();

  constructor(
    private readonly fonts: ReportFonts,
    private readonly writer: PageTextWriter,
  ) {}

  /** Splits styled text into pieces of one face each, with placeholders for characters no face has. */
  resolve(spans: readonly StyledText[]): Piece[] {
    const pieces: Piece[] = [];
    for (const span of spans) {
      const chain = this.fonts.chain(span.style.role);
      const joined = joinedWordFaces(span.text, chain);
      let face: Face | undefined;
      let text = '';
      let at = 0;
      const flush = () => {
        if (text && face) pieces.push({ text, face, style: span.style, width: face.widthOf(text, span.style.size) });
        text = '';
      };
      for (const raw of span.text) {
        const forced = joined.get(at);
        at += raw.length;
        let ch = CONTROL.test(raw) ? ' ' : raw;
        const cp = ch.codePointAt(0)!;
        // A character stays in the current face when that face has it, unless it is a letter the preferred
        // face could show (so the spaces between Arabic words set in a fallback face keep them in one
        // piece); otherwise it takes the first face of the chain that has it.
        let chosen = forced ?? (face?.has(cp) && (face === chain[0] || !chain[0].has(cp) || !/\p{L}/u.test(ch)) ? face : chain.find((f) => f.has(cp)));
        if (!chosen) {
          if (INVISIBLE.test(ch)) continue;
          this.missing.set(ch, (this.missing.get(ch) ?? 0) + 1);
          ch = PLACEHOLDER;
          chosen = chain.find((f) => f.has(PLACEHOLDER.codePointAt(0)!)) ?? chain[0];
        }
        if (chosen !== face) {
          flush();
          face = chosen;
        }
        text += ch;
      }
      flush();
    }
    return pieces;
  }

  /** Width in points of text set in one style. */
  widthOf(text: string, style: TextStyle): number {
    return this.resolve([{ text, style }]).reduce((sum, p) => sum + p.width, 0);
  }

  /** Resolves and cuts text into words, for measuring and wrapping (a table cell is measured, then wrapped). */
  prepare(spans: readonly StyledText[]): PreparedText {
    const list = words(this.resolve(spans));
    let natural = 0;
    let longestWord = 0;
    list.forEach((w, i) => {
      natural += w.width + (i < list.length - 1 ? w.trailing : 0);
      longestWord = Math.max(longestWord, w.width);
    });
    return { words: list, natural, longestWord };
  }

  /** Lays the text out in lines no wider than `maxWidth`. */
  wrap(spans: readonly StyledText[] | PreparedText, maxWidth: number): Line[] {
    const list = 'words' in spans ? spans.words : words(this.resolve(spans));
    const lines: Line[] = [];
    let current: Fragment[] = [];
    let width = 0;
    const pushLine = () => {
      lines.push(toLine(current));
      current = [];
      width = 0;
    };
    for (const word of list) {
      if (current.length && width + word.width > maxWidth) pushLine();
      if (!current.length && word.width > maxWidth) {
        // A word wider than the line (a long file name, a name in a script without spaces) is cut
        // between characters; its last part stays open for the words that follow.
        const parts = splitWord(word.fragments, maxWidth);
        for (const part of parts.slice(0, -1)) lines.push(toLine(part));
        current = parts[parts.length - 1];
        width = fragmentsWidth(current) + word.trailing;
        current = [...current, ...word.space];
        continue;
      }
      current.push(...word.fragments, ...word.space);
      width += word.width + word.trailing;
    }
    if (current.length || !lines.length) pushLine();
    return lines;
  }

  /** The text on one line, cut with an ellipsis when wider than `maxWidth`. */
  fit(text: string, style: TextStyle, maxWidth: number): Line {
    const pieces = this.resolve([{ text, style }]);
    const line = toLine(pieces);
    if (line.width <= maxWidth) return line;
    const ellipsis = this.resolve([{ text: '…', style }]);
    const room = maxWidth - fragmentsWidth(ellipsis);
    const kept: Fragment[] = [];
    let used = 0;
    for (const cluster of clusters(pieces)) {
      if (used + cluster.width > room) break;
      kept.push(cluster);
      used += cluster.width;
    }
    return toLine([...kept, ...ellipsis]);
  }

  /** Draws a line with its left end at `x` and its baseline at `y`, right-to-left runs in visual order. */
  draw(page: PDFPage, line: Line, x: number, y: number): void {
    let at = x;
    const runs = [];
    for (const piece of visualOrder(line.pieces)) {
      if (piece.text.trim()) {
        const { face, style } = piece;
        runs.push({ text: piece.text, font: face.pdfFont, size: style.size, color: style.color, x: at, glyphs: face.placement(piece.text) });
      }
      at += piece.width;
    }
    if (runs.length) this.writer.write(page, runs, y);
  }
}

type Fragment = Piece;

/** A word: the fragments up to a break opportunity, then the spaces after it (which vanish at a line end). */
export interface Word {
  fragments: Fragment[];
  space: Fragment[];
  width: number;
  trailing: number;
}

const fragmentsWidth = (fragments: readonly Fragment[]): number => fragments.reduce((sum, f) => sum + f.width, 0);

/**
 * A line from fragments: trailing spaces dropped from its width, neighbours of one face and style
 * joined. A joined piece in a script that is shaped is measured whole, as it is drawn (its font may
 * kern or join across the places it was cut).
 */
function toLine(fragments: readonly Fragment[]): Line {
  const pieces: Piece[] = [];
  let last: Piece | undefined;
  let joined = false;
  const measure = (piece: Piece) => (piece.width = piece.face.widthOf(piece.text, piece.style.size));
  for (const f of fragments) {
    if (last && last.face === f.face && last.style === f.style) {
      last.text += f.text;
      last.width += f.width;
      joined = true;
    } else {
      if (last && joined && needsShaping(last.text)) measure(last);
      pieces.push((last = { text: f.text, face: f.face, style: f.style, width: f.width }));
      joined = false;
    }
  }
  if (last && last.text.endsWith(' ')) {
    last.text = last.text.trimEnd();
    measure(last);
  } else if (last && joined && needsShaping(last.text)) measure(last);
  return { pieces, width: pieces.reduce((sum, p) => sum + p.width, 0) };
}

/** May a line break between `before` and `after` (two characters inside a run of non-space text)? */
function breaksBetween(before: string, after: string): boolean {
  if (IDEOGRAPHIC.test(before) || IDEOGRAPHIC.test(after)) return !COMBINING.test(after);
  if (before === '/' || before === '\\') return true;
  return (before === '-' || before === '_') && /[\p{L}\p{N}]/u.test(after);
}

/** Splits pieces into words at spaces and at the break opportunities of `breaksBetween`. */
function words(pieces: readonly Piece[]): Word[] {
  const out: Word[] = [];
  let word: Word = { fragments: [], space: [], width: 0, trailing: 0 };
  let previous = '';
  const add = (piece: Piece, text: string, space: boolean) => {
    if (!text) return;
    const fragment: Fragment = { text, face: piece.face, style: piece.style, width: piece.face.widthOf(text, piece.style.size) };
    if (space) {
      word.space.push(fragment);
      word.trailing += fragment.width;
    } else {
      word.fragments.push(fragment);
      word.width += fragment.width;
    }
  };
  const close = () => {
    if (word.fragments.length || word.space.length) out.push(word);
    word = { fragments: [], space: [], width: 0, trailing: 0 };
  };
  for (const piece of pieces) {
    let text = '';
    let inSpace = false;
    for (const ch of piece.text) {
      const isSpace = ch === ' ';
      if (isSpace !== inSpace || (!isSpace && (word.space.length > 0 || (previous && breaksBetween(previous, ch))))) {
        add(piece, text, inSpace);
        text = '';
        // A non-space character after spaces, or at a break opportunity, starts a new word.
        if (!isSpace && (inSpace || word.space.length || (previous && breaksBetween(previous, ch)))) close();
        inSpace = isSpace;
      }
      text += ch;
      previous = ch;
    }
    add(piece, text, inSpace);
  }
  close();
  return out;
}

/**
 * Fragments split into clusters (a character with the combining marks after it, and a conjunct or a
 * leading vowel with what it joins: see HOLDS_NEXT), each with its width.
 */
function clusters(fragments: readonly Fragment[]): Fragment[] {
  const out: Fragment[] = [];
  for (const f of fragments) {
    let cluster = '';
    let last = '';
    const flush = () => {
      if (cluster) out.push({ text: cluster, face: f.face, style: f.style, width: f.face.widthOf(cluster, f.style.size) });
      cluster = '';
    };
    for (const ch of f.text) {
      if (cluster && !COMBINING.test(ch) && !HOLDS_NEXT.test(last)) flush();
      cluster += ch;
      last = ch;
    }
    flush();
  }
  return out;
}

/** Cuts a word wider than `maxWidth` into parts that fit, between clusters (never inside one). */
function splitWord(fragments: readonly Fragment[], maxWidth: number): Fragment[][] {
  const parts: Fragment[][] = [];
  let part: Fragment[] = [];
  let width = 0;
  for (const cluster of clusters(fragments)) {
    // Shaped text is measured with the part it would join, as it is drawn (see toLine).
    const next = needsShaping(cluster.text) ? toLine([...part, cluster]).width : width + cluster.width;
    if (part.length && next > maxWidth) {
      parts.push(part);
      part = [cluster];
      width = cluster.width;
    } else {
      part.push(cluster);
      width = next;
    }
  }
  parts.push(part);
  return parts;
}
