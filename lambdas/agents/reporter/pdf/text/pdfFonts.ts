import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as fontkit from '@pdf-lib/fontkit';
import { CustomFontSubsetEmbedder, PDFFont, type PDFDocument } from 'pdf-lib';
import { withShapingRuntime } from './shapingRuntime';
import { inRanges, type Range, SCRIPT_FALLBACKS, type ScriptFallback } from './scriptFallbacks';
import { DeterministicError } from '../../../../core/errors/deterministicError';

/** Where the TrueType files live, relative to the project root (and to the root of a Lambda package). */
export const FONT_FOLDER = 'lambdas/agents/reporter/pdf/fonts';

/** The font files every report embeds (DejaVu, Bitstream Vera licence: see fonts/LICENSE). */
const FONT_FILES = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  italic: 'DejaVuSansCondensed-Oblique.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
} as const;

type FontFile = keyof typeof FONT_FILES;

/** A text style's font: the faces tried in order for each character. */
export type FontRole = 'regular' | 'bold' | 'italic' | 'heading';

/** The DejaVu faces of each role, in order; the script fallbacks follow them in every role. */
const ROLE_FACES: Record<FontRole, readonly FontFile[]> = {
  regular: ['regular'],
  bold: ['bold', 'regular'],
  italic: ['italic', 'regular'],
  heading: ['serifBold', 'bold', 'regular'],
};


export class ReportFontsNotFound extends DeterministicError {
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
  /** Shaped text laid out, memoised (a shaping layout takes milliseconds; a report measures each name many times). */
  shaped: Map<string, Shaped>;
}

/** Shaped texts remembered per font before the memo starts over: names of a few hundred reports. */
const SHAPED_MEMO = 4096;

const loaded = new Map<string, FontData>();

function fontData(file: string): FontData {
  let data = loaded.get(file);
  if (!data) {
    const bytes = new Uint8Array(readFileSync(join(reportFontFolder(), file)));
    const metrics = fontkit.create(bytes);
    data = { bytes, metrics, chars: new Set(metrics.characterSet), advances: new Map(), shaped: new Map() };
    loaded.set(file, data);
  }
  return data;
}

/** The font files this process has read so far (for tests: a report of Latin names reads no fallback). */
export const fontFilesRead = (): string[] => [...loaded.keys()];

/**
 * Glyphs of shaped text as its layout places them, for drawing text whose marks or letters the font
 * positions (GPOS): each glyph's code in the face's PDF encoding (four hex digits), and its shifts in
 * thousandths of an em: right before it is drawn, right after its own width to where the next one
 * starts, and up.
 */
export interface PlacedGlyphs {
  codes: string[];
  before: number[];
  after: number[];
  rise: number[];
}

interface Shaped {
  /** Width in font units: the sum of the glyphs' advances as positioned. */
  units: number;
  /** The placement, when drawing each glyph at the pen and advancing by its width would misplace one. */
  placed?: Omit<PlacedGlyphs, 'codes'>;
}

/**
 * One face of one document, with its metrics. A DejaVu face is embedded with the document; a script
 * fallback reads its file the first time it is asked about a character in its ranges, and is embedded
 * the first time text is drawn in it, as a subset like the others.
 */
export class Face {
  private data: FontData | undefined;
  private font: PDFFont | undefined;
  /** Glyph codes of placed text drawn in this document (encoding adds the glyphs to its subset). */
  private readonly codes = new Map<string, string[]>();

  private constructor(
    private readonly doc: PDFDocument,
    readonly file: string,
    /** The code points a fallback is consulted for; undefined for a DejaVu face (always loaded). */
    private readonly ranges: readonly Range[] | undefined,
  ) {}

  /** A face embedded now with `doc.embedFont` (the DejaVu faces). */
  static async embedded(doc: PDFDocument, file: string): Promise<Face> {
    const face = new Face(doc, file, undefined);
    face.data = fontData(file);
    face.font = await doc.embedFont(face.data.bytes, { subset: true });
    return face;
  }

  /** A script fallback: nothing is read until a character in `ranges` is asked about. */
  static lazy(doc: PDFDocument, fallback: ScriptFallback): Face {
    return new Face(doc, fallback.file, fallback.ranges);
  }

  private get loaded(): FontData {
    return (this.data ??= fontData(this.file));
  }

  /** Has the face a glyph for `codePoint`? A fallback not yet read says no, unread, outside its ranges. */
  has(codePoint: number): boolean {
    if (!this.data && !(this.ranges && inRanges(codePoint, this.ranges))) return false;
    return this.loaded.chars.has(codePoint);
  }

  /** The face as pdf-lib draws it, embedded in the document on first use. */
  get pdfFont(): PDFFont {
    return (this.font ??= embedSubsetNow(this.doc, this.loaded.bytes));
  }

  /**
   * Width of `text` at `size` points, as it is drawn: text that needs shaping (see UNSHAPED) is laid
   * out by fontkit with every OpenType feature, as drawing lays it out (a conjunct or a joined Arabic
   * letter has its own width, a mark none); any other text is the sum of its characters' advances.
   */
  widthOf(text: string, size: number): number {
    const data = this.loaded;
    let units = 0;
    if (!UNSHAPED.test(text)) units = this.shape(text).units;
    else {
      const { metrics, advances } = data;
      for (const ch of text) {
        const cp = ch.codePointAt(0)!;
        let advance = advances.get(cp);
        if (advance === undefined) {
          advance = metrics.glyphForCodePoint(cp).advanceWidth;
          advances.set(cp, advance);
        }
        units += advance;
      }
    }
    return (units * size) / data.metrics.unitsPerEm;
  }

  /**
   * The glyphs of `text` placed as its layout places them, when drawing it glyph after glyph would
   * put one elsewhere (a vowel sign or a subjoined letter the font moves, as in Devanagari, Bengali,
   * Telugu or Odia, or a kerned pair); undefined when plain drawing is exact (all unshaped text).
   * Adds the glyphs to the face's subset, as drawing does.
   */
  placement(text: string): PlacedGlyphs | undefined {
    if (UNSHAPED.test(text)) return undefined;
    const shaped = this.shape(text);
    if (!shaped.placed) return undefined;
    let codes = this.codes.get(text);
    // pdf-lib encodes the same layout (this module's), one code of four hex digits per glyph.
    if (!codes) this.codes.set(text, (codes = this.pdfFont.encodeText(text).asString().match(/.{4}/g) ?? []));
    return { codes, ...shaped.placed };
  }

  private shape(text: string): Shaped {
    const data = this.loaded;
    let shaped = data.shaped.get(text);
    if (shaped) return shaped;
    const run = pdfLibFont(data).layout(text);
    const scale = 1000 / data.metrics.unitsPerEm;
    const before: number[] = [];
    const after: number[] = [];
    const rise: number[] = [];
    let units = 0;
    let moved = false;
    run.glyphs.forEach((glyph, i) => {
      const { xAdvance, xOffset, yOffset } = run.positions?.[i] ?? { xAdvance: glyph.advanceWidth, xOffset: 0, yOffset: 0 };
      units += xAdvance;
      before.push(xOffset * scale);
      after.push((xAdvance - xOffset - glyph.advanceWidth) * scale);
      rise.push(yOffset * scale);
      if (xOffset || yOffset || xAdvance !== glyph.advanceWidth) moved = true;
    });
    shaped = { units, placed: moved ? { before, after, rise } : undefined };
    if (data.shaped.size >= SHAPED_MEMO) data.shaped.clear();
    data.shaped.set(text, shaped);
    return shaped;
  }
}

/**
 * Embeds a font in `doc` as a subset, at once: what `doc.embedFont(bytes, { subset: true })` does
 * (pdf-lib 1.17), without its `await`, which is there only for a fontkit whose `create` is
 * asynchronous (this module's is not). The layout asks for a fallback face in the middle of
 * measuring a line, synchronously; the font is registered with the document like any other, so
 * `save()` writes it and its subset.
 */
function embedSubsetNow(doc: PDFDocument, bytes: Uint8Array): PDFFont {
  const fonts = (doc as unknown as { fonts?: unknown }).fonts;
  if (!Array.isArray(fonts)) throw new Error('pdf-lib has changed: PDFDocument.fonts, where embedFont registers a font, is not an array');
  const Embedder = CustomFontSubsetEmbedder as unknown as new (font: fontkit.Font, fontData: Uint8Array) => CustomFontSubsetEmbedder;
  const font = PDFFont.of(doc.context.nextRef(), doc, new Embedder(pdfFontkit.create(bytes), bytes));
  fonts.push(font);
  return font;
}

/** The faces of one PDF document, embedded as subsets (only the glyphs the report draws are written). */
export class ReportFonts {
  private readonly chains: Record<FontRole, Face[]>;

  private constructor(faces: ReadonlyMap<FontFile, Face>, fallbacks: readonly Face[]) {
    const chain = (role: FontRole) => [...ROLE_FACES[role].map((file) => faces.get(file)!), ...fallbacks];
    this.chains = { regular: chain('regular'), bold: chain('bold'), italic: chain('italic'), heading: chain('heading') };
  }

  /**
   * Embeds the four DejaVu faces in `doc`, which must have fontkit registered, and sets up the script
   * fallbacks, which are read and embedded only if the report needs them.
   */
  static async embed(doc: PDFDocument): Promise<ReportFonts> {
    const faces = new Map<FontFile, Face>();
    for (const file of Object.keys(FONT_FILES) as FontFile[]) faces.set(file, await Face.embedded(doc, FONT_FILES[file]));
    return new ReportFonts(faces, SCRIPT_FALLBACKS.map((fallback) => Face.lazy(doc, fallback)));
  }

  /** The faces tried, in order, for a character of text in `role`: its DejaVu faces, then the script fallbacks. */
  chain(role: FontRole): Face[] {
    return this.chains[role];
  }
}

/**
 * Text that needs no shaping, whose glyphs are simply those of its code points: Latin, Greek and
 * Cyrillic letters without combining marks, common punctuation and symbols, and CJK ideographs,
 * kana (without its combining voicing marks) and precomposed hangul syllables (Droid Sans Fallback's
 * only feature is vertical forms, which horizontal text does not use). Everything else goes through
 * fontkit's full layout: Arabic, Hebrew, combining marks, hangul jamo, and the scripts whose letters
 * combine, reorder or change shape (Devanagari and the other Indic scripts, Sinhala, Thai, Khmer),
 * and Ethiopic with its marks.
 */
const UNSHAPED =
  /^(?:[\u0000-\u02FF\u0370-\u0482\u048A-\u058F\u1E00-\u1FFF\u2000-\u2BFF\u3000-\u3029\u3030-\u3098\u309B-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7A3\uF900-\uFAFF])*$/;

/**
 * Does `text` need shaping (see UNSHAPED)? Its width is then that of its glyphs as laid out together
 * (kerning, joining, conjuncts), not the sum of its parts' widths.
 */
export const needsShaping = (text: string): boolean => !UNSHAPED.test(text);

interface GlyphPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

interface LayoutFont {
  layout(text: string, features?: unknown): { glyphs: fontkit.Glyph[]; positions?: GlyphPosition[] };
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): fontkit.Glyph;
  createSubset(): unknown;
}

/** The parts of fontkit's TrueType subset (1.1.1) that `withEvenGlyphs` adjusts. */
interface TrueTypeSubset {
  glyf?: Uint8Array[];
  offset?: number;
  _addGlyph?(gid: number): number;
}

/**
 * A fontkit subset whose glyphs' data are each padded to an even length. fontkit copies a glyph's
 * bytes as they are and, when the subset is small, writes the short `loca` format, which stores
 * offsets halved: a font whose glyphs have odd lengths (legal with the long format; 9,468 of Droid
 * Sans Fallback's do) then has every glyph after the first odd one shifted, and viewers draw nothing
 * or the wrong shape for them. A zero byte after a glyph's data is the padding the format expects.
 * (DejaVu's and the Noto fonts' glyphs already have even lengths: for them this changes nothing.)
 */
function withEvenGlyphs<S>(subset: S): S {
  const target = subset as TrueTypeSubset;
  const addGlyph = target._addGlyph;
  if (typeof addGlyph !== 'function') return subset; // a CFF subset: no loca table
  target._addGlyph = function (this: TrueTypeSubset, gid: number): number {
    const index = addGlyph.call(this, gid);
    const data = this.glyf?.[index];
    if (data && data.length % 2 === 1 && this.offset !== undefined) {
      // Made by the data's own Buffer class: fontkit's encoder takes only its bundled Buffer polyfill.
      const padded = (data.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(data.length + 1);
      padded.set(data);
      this.glyf![index] = padded;
      this.offset += 1;
    }
    return index;
  };
  return subset;
}

/**
 * The dotted circle a shaper inserts as the base of a mark it finds no letter for. fontkit 1.1.1's
 * Universal shaper also inserts it inside well-formed Sinhala, after a two-part vowel (පෙරේරා,
 * විජේසිංහ), where its glyphs are otherwise right; a name never needs one, so one that is not in the
 * text is left out.
 */
const DOTTED_CIRCLE = 0x25cc;

/**
 * The parsed font as pdf-lib sees it: the same font, except that laying out unshaped text maps each
 * code point to its glyph instead of running every OpenType lookup of DejaVu's many scripts (pdf-lib
 * keeps only the glyphs of a layout, not their positions, so the result is the same), and that its
 * subsets pad glyphs to even lengths (see withEvenGlyphs). Other text (Arabic, Hebrew, Indic, Thai,
 * combining marks) goes through fontkit's full layout, which shapes it, without dotted circles that are
 * not in the text.
 */
function forPdfLib(font: fontkit.Font): fontkit.Font {
  const target = font as unknown as LayoutFont;
  const glyphs = new Map<number, fontkit.Glyph>();
  const glyphFor = (ch: string): fontkit.Glyph => {
    const cp = ch.codePointAt(0)!;
    let glyph = glyphs.get(cp);
    if (!glyph) glyphs.set(cp, (glyph = target.glyphForCodePoint(cp)));
    return glyph;
  };
  const dottedCircle = target.hasGlyphForCodePoint(DOTTED_CIRCLE) ? target.glyphForCodePoint(DOTTED_CIRCLE).id : undefined;
  const layout = (text: string, features?: unknown) => {
    if (UNSHAPED.test(text)) return { glyphs: Array.from(text, glyphFor) };
    const run = withShapingRuntime(() => target.layout(text, features));
    if (dottedCircle === undefined || text.includes('\u25CC') || !run.glyphs.some((g) => g.id === dottedCircle)) return run;
    // A dotted circle the shaper inserted: see DOTTED_CIRCLE.
    const kept = run.glyphs.flatMap((g, i) => (g.id === dottedCircle ? [] : [i]));
    return { glyphs: kept.map((i) => run.glyphs[i]), positions: run.positions && kept.map((i) => run.positions![i]) };
  };
  const proxy: fontkit.Font = new Proxy(font, {
    get: (obj, property) => {
      if (property === 'layout') return layout;
      if (property === 'createSubset') return () => withEvenGlyphs(target.createSubset.call(proxy));
      return Reflect.get(obj, property, obj);
    },
  });
  return proxy;
}

const pdfLibFonts = new Map<Uint8Array, fontkit.Font>();

/** The font pdf-lib is handed for a face this module loaded (one per process, shared by every document). */
function pdfLibFont(data: FontData): fontkit.Font & LayoutFont {
  let font = pdfLibFonts.get(data.bytes);
  if (!font) pdfLibFonts.set(data.bytes, (font = forPdfLib(data.metrics)));
  return font as fontkit.Font & LayoutFont;
}

/**
 * fontkit for `PDFDocument.registerFontkit`, handing pdf-lib the already parsed font for bytes this
 * module loaded: parsing a face's layout tables (GSUB, GPOS) costs more than laying out a whole report,
 * so it is done once per process rather than once per PDF. The parsed font is only read from.
 */
export const pdfFontkit = {
  create(bytes: Uint8Array, postscriptName?: string): fontkit.Font {
    for (const data of loaded.values()) if (data.bytes === bytes) return pdfLibFont(data);
    return fontkit.create(bytes, postscriptName);
  },
};
