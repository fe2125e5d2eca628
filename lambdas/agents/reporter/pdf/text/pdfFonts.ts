import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/** Where the TrueType files live, relative to the project root (and to the root of a Lambda package). */
export const FONT_FOLDER = 'lambdas/agents/reporter/pdf/fonts';

/** The font files the report embeds (DejaVu, Bitstream Vera licence: see fonts/LICENSE). */
const FONT_FILES = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  italic: 'DejaVuSansCondensed-Oblique.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
} as const;

type FontFile = keyof typeof FONT_FILES;

/** A text style's font: the faces tried in order for each character. */
export type FontRole = 'regular' | 'bold' | 'italic' | 'heading';

const FALLBACKS: Record<FontRole, readonly FontFile[]> = {
  regular: ['regular'],
  bold: ['bold', 'regular'],
  italic: ['italic', 'regular'],
  heading: ['serifBold', 'bold', 'regular'],
};

export class ReportFontsNotFound extends Error {
  override readonly name = 'ReportFontsNotFound';
  constructor(from: string) {
    super(`the PDF report fonts (${FONT_FOLDER}/${FONT_FILES.regular}) were not found in any folder above ${from}; a Lambda package must ship that folder beside its handler`);
  }
}

let folder: string | undefined;

/**
 * The font folder, found by walking up from this module: it sits beside the sources, two levels above
 * the CLI bundle in `dist/cli/`, and at the same relative path in a Lambda package (lib/compute copies
 * it there). The files are read at run time, never bundled or `require`d.
 */
export function reportFontFolder(): string {
  if (folder) return folder;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    // The file name is spelled out so the Lambda packaging step can tell that a bundle needs the fonts.
    if (existsSync(join(dir, FONT_FOLDER, 'DejaVuSansCondensed.ttf'))) return (folder = join(dir, FONT_FOLDER));
    if (dirname(dir) === dir) throw new ReportFontsNotFound(__dirname);
  }
}

/** A font's bytes and the metrics the layout needs, read once per process and shared by every report. */
interface FontData {
  bytes: Uint8Array;
  /** fontkit's parsed font: character coverage and advance widths (read-only, safe to share). */
  metrics: fontkit.Font;
  chars: ReadonlySet<number>;
  /** Advance width of a code point in font units, memoised: measuring by glyph lookup is the layout's hot path. */
  advances: Map<number, number>;
}

const loaded = new Map<FontFile, FontData>();

function fontData(file: FontFile): FontData {
  let data = loaded.get(file);
  if (!data) {
    const bytes = new Uint8Array(readFileSync(join(reportFontFolder(), FONT_FILES[file])));
    const metrics = fontkit.create(bytes);
    data = { bytes, metrics, chars: new Set(metrics.characterSet), advances: new Map() };
    loaded.set(file, data);
  }
  return data;
}

/** One embedded face of one document, with its metrics. */
export class Face {
  constructor(
    readonly pdfFont: PDFFont,
    private readonly data: FontData,
  ) {}

  has(codePoint: number): boolean {
    return this.data.chars.has(codePoint);
  }

  /**
   * Width of `text` at `size` points. Text in a joining script (Arabic and its relatives) is shaped
   * first, as drawing shapes it; any other text is the sum of its glyphs' advances, as pdf-lib draws it.
   */
  widthOf(text: string, size: number): number {
    if (JOINING_SCRIPT.test(text)) return this.pdfFont.widthOfTextAtSize(text, size);
    const { metrics, advances } = this.data;
    let units = 0;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let advance = advances.get(cp);
      if (advance === undefined) {
        advance = metrics.glyphForCodePoint(cp).advanceWidth;
        advances.set(cp, advance);
      }
      units += advance;
    }
    return (units * size) / metrics.unitsPerEm;
  }
}

const JOINING_SCRIPT = /[\u0600-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** The faces of one PDF document, embedded as subsets (only the glyphs the report draws are written). */
export class ReportFonts {
  private readonly faces: Map<FontFile, Face>;

  private constructor(faces: Map<FontFile, Face>) {
    this.faces = faces;
  }

  /** Embeds the four faces in `doc`, which must have fontkit registered. */
  static async embed(doc: PDFDocument): Promise<ReportFonts> {
    const faces = new Map<FontFile, Face>();
    for (const file of Object.keys(FONT_FILES) as FontFile[]) {
      const data = fontData(file);
      faces.set(file, new Face(await doc.embedFont(data.bytes, { subset: true }), data));
    }
    return new ReportFonts(faces);
  }

  /** The faces tried, in order, for a character of text in `role`. */
  chain(role: FontRole): Face[] {
    return FALLBACKS[role].map((file) => this.faces.get(file)!);
  }
}

/**
 * Text that needs no shaping: Latin, Greek and Cyrillic letters without combining marks, and common
 * punctuation and symbols. Its glyphs are simply those of its code points.
 */
const UNSHAPED = /^(?:[\u0000-\u02FF\u0370-\u0482\u048A-\u058F\u1E00-\u1FFF\u2000-\u2BFF])*$/;

interface LayoutFont {
  layout(text: string, features?: unknown): { glyphs: fontkit.Glyph[] };
  glyphForCodePoint(codePoint: number): fontkit.Glyph;
}

/**
 * The parsed font as pdf-lib sees it: the same font, except that laying out unshaped text maps each
 * code point to its glyph instead of running every OpenType lookup of DejaVu's many scripts (pdf-lib
 * keeps only the glyphs of a layout, not their positions, so the result is the same). Other text
 * (Arabic, Hebrew, combining marks) goes through fontkit's full layout, which shapes it.
 */
function withPlainLayout(font: fontkit.Font): fontkit.Font {
  const target = font as unknown as LayoutFont;
  const glyphs = new Map<number, fontkit.Glyph>();
  const glyphFor = (ch: string): fontkit.Glyph => {
    const cp = ch.codePointAt(0)!;
    let glyph = glyphs.get(cp);
    if (!glyph) glyphs.set(cp, (glyph = target.glyphForCodePoint(cp)));
    return glyph;
  };
  const layout = (text: string, features?: unknown) => (UNSHAPED.test(text) ? { glyphs: Array.from(text, glyphFor) } : target.layout(text, features));
  return new Proxy(font, {
    get: (obj, property) => (property === 'layout' ? layout : Reflect.get(obj, property, obj)),
  });
}

const forPdfLib = new Map<Uint8Array, fontkit.Font>();

/**
 * fontkit for `PDFDocument.registerFontkit`, handing pdf-lib the already parsed font for bytes this
 * module loaded: parsing a face's layout tables (GSUB, GPOS) costs more than laying out a whole report,
 * so it is done once per process rather than once per PDF. The parsed font is only read from.
 */
export const pdfFontkit = {
  create(bytes: Uint8Array, postscriptName?: string): fontkit.Font {
    for (const data of loaded.values()) {
      if (data.bytes !== bytes) continue;
      let font = forPdfLib.get(bytes);
      if (!font) forPdfLib.set(bytes, (font = withPlainLayout(data.metrics)));
      return font;
    }
    return fontkit.create(bytes, postscriptName);
  },
};
