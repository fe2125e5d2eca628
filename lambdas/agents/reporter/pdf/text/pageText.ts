import { deflateSync } from 'node:zlib';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { PlacedGlyphs } from './pdfFonts';

/** A run of text in one font, size and colour, placed at `x` on a baseline. */
export interface PlacedText {
  text: string;
  font: PDFFont;
  size: number;
  color: RGB;
  x: number;
  /** The run's glyphs as its font's layout places them, when drawing them one after another would misplace one. */
  glyphs?: PlacedGlyphs;
}

const num = (n: number): string => {
  const fixed = n.toFixed(2);
  return fixed.endsWith('.00') ? fixed.slice(0, -3) : fixed;
};
const colour = (c: RGB): string => `${c.red.toFixed(3)} ${c.green.toFixed(3)} ${c.blue.toFixed(3)} rg`;

/**
 * Shows glyphs where their layout places them: a TJ array whose numbers move the pen (in thousandths
 * of an em, a positive number to the left) before and after a glyph the font shifts, and a text rise
 * (Ts, in points) around a glyph it raises or lowers.
 */
function placedGlyphs(glyphs: PlacedGlyphs, size: number): string {
  let out = '';
  let array: string[] = [];
  const close = () => {
    if (array.length) out += `[${array.join(' ')}] TJ `;
    array = [];
  };
  const shift = (thousandths: number) => {
    if (Math.abs(thousandths) >= 0.05) array.push(num(-thousandths));
  };
  glyphs.codes.forEach((code, i) => {
    shift(glyphs.before[i]);
    // A shift up or down of less than a fiftieth of an em is not visible: it is not worth the text rise
    // (which also makes text extraction see a line of its own).
    if (Math.abs(glyphs.rise[i]) >= 20) {
      close();
      out += `${num((glyphs.rise[i] * size) / 1000)} Ts [<${code}>] TJ 0 Ts `;
    } else array.push(`<${code}>`);
    shift(glyphs.after[i]);
  });
  close();
  return out.trimEnd();
}

/**
 * The text of each page, written as PDF text operators into one content stream per page, added after
 * the page's graphics: all text sits on top of the shapes drawn under it (table rows, the title band,
 * the gauge). A report draws thousands of short runs, and writing them directly is several times
 * faster than one `drawText` call each (option checks, a graphics-state block and number formatting
 * per call). Glyphs still go through the font's own encoder, so font subsetting sees every one.
 */
export class PageTextWriter {
  private readonly chunks = new Map<PDFPage, string[]>();
  private readonly fontKeys = new Map<PDFPage, Map<PDFFont, string>>();

  private fontKey(page: PDFPage, font: PDFFont): string {
    let keys = this.fontKeys.get(page);
    if (!keys) this.fontKeys.set(page, (keys = new Map()));
    let key = keys.get(font);
    if (!key) {
      key = page.node.newFontDictionary(font.name, font.ref).asString();
      keys.set(font, key);
    }
    return key;
  }

  /** Writes runs that share a baseline `y`. */
  write(page: PDFPage, runs: readonly PlacedText[], y: number): void {
    let out = this.chunks.get(page);
    if (!out) this.chunks.set(page, (out = []));
    let font: PDFFont | undefined;
    let size = 0;
    let fill: RGB | undefined;
    let ops = 'BT\n';
    for (const run of runs) {
      if (run.font !== font || run.size !== size) {
        ops += `${this.fontKey(page, run.font)} ${num(run.size)} Tf\n`;
        font = run.font;
        size = run.size;
      }
      if (run.color !== fill) {
        ops += `${colour(run.color)}\n`;
        fill = run.color;
      }
      const shown = run.glyphs ? placedGlyphs(run.glyphs, run.size) : `${run.font.encodeText(run.text).toString()} Tj`;
      ops += `1 0 0 1 ${num(run.x)} ${num(y)} Tm ${shown}\n`;
    }
    out.push(`${ops}ET\n`);
  }

  /** Adds each page's text stream to its page (call once, after all drawing and before saving). */
  finish(doc: PDFDocument): void {
    for (const [page, parts] of this.chunks) {
      // Node's zlib rather than pdf-lib's JavaScript deflate: the same format, several times faster.
      const stream = doc.context.stream(deflateSync(Buffer.from(`q\n${parts.join('')}Q\n`, 'latin1')), { Filter: 'FlateDecode' });
      page.node.addContentStream(doc.context.register(stream));
    }
    this.chunks.clear();
  }
}
