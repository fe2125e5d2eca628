import type { RGB } from 'pdf-lib';
import type { Face, FontRole } from './pdfFonts';

/** The shapes of laid-out text, shared by the layout (textLayout.ts) and the line ordering (bidiOrder.ts). */

export interface TextStyle {
  role: FontRole;
  size: number;
  color: RGB;
}

export interface StyledText {
  text: string;
  style: TextStyle;
}

/** Text in one face and one style, in logical order, with its width in points. */
export interface Piece {
  text: string;
  face: Face;
  style: TextStyle;
  width: number;
}

export interface Line {
  pieces: Piece[];
  width: number;
}
