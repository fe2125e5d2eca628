import type { Piece } from './textTypes';

/**
 * Visual order within a line of report.pdf. Every line of the report is left to right (its labels and
 * sentences are English); a name or quote in a right-to-left script is a run inside it, ordered as the
 * Unicode bidirectional algorithm orders a right-to-left run in a left-to-right paragraph.
 */

/** Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
export const RTL_LETTER = /[\u0590-\u07FF\u0800-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/;
const DIGIT = /[0-9\u0660-\u0669\u06F0-\u06F9]/;
const COMBINING = /\p{M}/u;

type Direction = 'rtl' | 'ltr' | 'digit' | 'neutral';

const directionOf = (ch: string): Direction =>
  RTL_LETTER.test(ch) ? 'rtl' : DIGIT.test(ch) ? 'digit' : /[\p{L}\p{N}]/u.test(ch) ? 'ltr' : 'neutral';

/**
 * The pieces of a left-to-right line in drawing order. A right-to-left run (RTL letters, and the
 * spaces, punctuation and numbers between them) is drawn with its parts in reverse order; fontkit
 * shapes and reverses the letters of each part, and a number inside the run keeps its own digit order.
 */
export function visualOrder(pieces: readonly Piece[]): Piece[] {
  if (!pieces.some((p) => RTL_LETTER.test(p.text))) return [...pieces];
  // Cut the pieces where the direction changes.
  const parts: Array<Piece & { dir: Direction }> = [];
  for (const piece of pieces) {
    let text = '';
    let dir: Direction | undefined;
    const flush = () => {
      if (text && dir) parts.push({ text, face: piece.face, style: piece.style, width: piece.face.widthOf(text, piece.style.size), dir });
      text = '';
    };
    for (const ch of piece.text) {
      const d = COMBINING.test(ch) && dir ? dir : directionOf(ch);
      if (d !== dir) flush();
      dir = d;
      text += ch;
    }
    flush();
  }
  // A run opens at an RTL letter and lasts up to the last RTL letter before the next LTR letter.
  const out: Piece[] = [];
  let i = 0;
  while (i < parts.length) {
    if (parts[i].dir !== 'rtl') {
      // Left-to-right text between runs is drawn as it came, neighbours of one face and style together.
      const last = out[out.length - 1];
      const part = parts[i];
      if (last && !RTL_LETTER.test(last.text) && last.face === part.face && last.style === part.style) {
        out[out.length - 1] = { ...last, text: last.text + part.text, width: last.width + part.width };
      } else out.push(part);
      i++;
      continue;
    }
    let end = i;
    for (let j = i + 1; j < parts.length && parts[j].dir !== 'ltr'; j++) if (parts[j].dir === 'rtl') end = j;
    out.push(...parts.slice(i, end + 1).reverse());
    i = end + 1;
  }
  return out;
}
