import type { PDFPage, RGB } from 'pdf-lib';
import type { Line, TextLayout, TextStyle } from './text/textLayout';

/** Drawing helpers shared by the cover's parts (coverPage.ts, coverPanels.ts). */

export const style = (role: TextStyle['role'], size: number, color: RGB): TextStyle => ({ role, size, color });

export class CoverWriter {
  constructor(
    readonly page: PDFPage,
    readonly text: TextLayout,
  ) {}

  line(text: string, x: number, baseline: number, s: TextStyle, maxWidth: number): Line {
    const line = this.text.fit(text, s, maxWidth);
    this.text.draw(this.page, line, x, baseline);
    return line;
  }

  /** Wrapped text, at most `maxLines` lines (the last one cut with an ellipsis); returns the lines drawn. */
  block(text: string, x: number, top: number, s: TextStyle, leading: number, maxWidth: number, maxLines: number): number {
    const lines = this.text.wrap([{ text, style: s }], maxWidth);
    const shown = lines.slice(0, maxLines);
    const textOf = (l: Line) => l.pieces.map((p) => p.text).join('');
    shown.forEach((line, i) => {
      // The last line allowed carries the rest of the text, cut with an ellipsis.
      const drawn = i === maxLines - 1 && lines.length > maxLines ? this.text.fit(lines.slice(i).map(textOf).join(' '), s, maxWidth) : line;
      this.text.draw(this.page, drawn, x, top - leading * i - (leading + 0.72 * s.size) / 2);
    });
    return shown.length;
  }
}

/** One line of text centred on `cx`, cut to `maxWidth`. */
export function centred(w: CoverWriter, text: string, cx: number, baseline: number, s: TextStyle, maxWidth = 220): void {
  const line = w.text.fit(text, s, maxWidth);
  w.text.draw(w.page, line, cx - line.width / 2, baseline);
}
