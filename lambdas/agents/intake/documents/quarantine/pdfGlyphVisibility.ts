/**
 * Replays a page's PDF.js operator list and says, for every glyph drawn, whether a person looking at
 * the page could see it: its colour against what is painted behind it (opacity applied), its effective
 * size, the text render mode, and whether it lies inside the page's visible box. Only the state that
 * matters for that is tracked (transforms, colours, opacity, text state); no pixels are rendered.
 */
import type { GlyphTextBuilder } from '../pdf/glyphText';
import type { HiddenTextRules } from './hiddenTextRules';
import type { QuarantineReason } from '../../../../contracts/quarantinedPassage';
import { IDENTITY, WHITE, multiply, toMatrix, finiteNumbers, num, parseRgb, parseGray, parseCmyk, blend, boxOf, contains, type Matrix, type Rgb } from './pdfPaintMath';
import { FILL_PAINTS, IMAGE_PAINTS, opNames } from './pdfOperators';
import { judgePaint } from './pdfPaintVerdict';

export interface OperatorListLike {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

export interface GlyphVisibility {
  /** The glyph's Unicode text as PDF.js maps it (may be several characters, or empty). */
  text: string;
  /** Why a reader would not see it; absent when it is visible. */
  hidden?: { reason: QuarantineReason; detail: string };
}

export interface PageVisibilityInput {
  operatorList: OperatorListLike;
  /** PDF.js's `OPS` table (operator name → number). */
  ops: Readonly<Record<string, number>>;
  /** The page's visible box `[x0, y0, x1, y1]` (crop box), as PDF.js's `page.view`. */
  view: readonly number[];
  /** What PDF.js loaded for a font (its matrix, when it is not the usual 1/1000 scale: Type 3 fonts). */
  font?: (fontName: string) => PdfFontFacts | undefined;
  rules: HiddenTextRules['pdf'];
  /** Also builds the page's text from the glyphs placed (pdf/glyphText.ts). */
  text?: GlyphTextBuilder;
}

export interface PdfFontFacts {
  matrix?: readonly number[];
  vertical?: boolean;
  type3?: boolean;
}

interface Region {
  box: [number, number, number, number];
  /** Null: an image or shading, whose colour is not known here. */
  colour: Rgb | null;
}

interface GraphicsState {
  ctm: Matrix;
  fill: Rgb | null;
  stroke: Rgb | null;
  fillAlpha: number;
  strokeAlpha: number;
  renderMode: number;
  fontName: string;
  fontSize: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
}

/** A glyph in the invisible render mode, judged once every image of the page is known. */
interface DeferredGlyph {
  index: number;
  centreX: number;
  centreY: number;
  renderMode: number;
}

/** What is painted at (x, y) by the regions so far: the last one covering it, else the white page. */
function colourBehind(regions: readonly Region[], x: number, y: number): Rgb | null {
  for (let i = regions.length - 1; i >= 0; i--) if (contains(regions[i].box, x, y)) return regions[i].colour;
  return WHITE;
}

/** Render modes that paint nothing (3: invisible, 7: add to clip only). */
const PAINTS_NOTHING = new Set([3, 7]);

class PageReplay {
  private state: GraphicsState = {
    ctm: IDENTITY,
    fill: [0, 0, 0],
    stroke: [0, 0, 0],
    fillAlpha: 1,
    strokeAlpha: 1,
    renderMode: 0,
    fontName: '',
    fontSize: 0,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
  };
  private readonly stack: GraphicsState[] = [];
  private textMatrix: Matrix = IDENTITY;
  private lineMatrix: Matrix = IDENTITY;
  private pendingPathBox: [number, number, number, number] | undefined;
  readonly regions: Region[] = [];
  readonly images: Array<[number, number, number, number]> = [];
  readonly glyphs: GlyphVisibility[] = [];
  readonly deferred: DeferredGlyph[] = [];
  private readonly byNumber: ReadonlyMap<number, string>;

  constructor(private readonly input: PageVisibilityInput) {
    this.byNumber = opNames(input.ops);
  }

  run(): void {
    const { fnArray, argsArray } = this.input.operatorList;
    for (let i = 0; i < fnArray.length; i++) this.step(this.byNumber.get(fnArray[i]) ?? '', argsArray[i]);
  }

  private push(): void {
    this.stack.push({ ...this.state });
  }

  private pop(): void {
    this.state = this.stack.pop() ?? this.state;
  }

  /** Scale of a text-space unit along the baseline: |text line matrix row 1| × |CTM row 1|. */
  private lineScale(): number {
    return Math.hypot(this.lineMatrix[0], this.lineMatrix[1]) * Math.hypot(this.state.ctm[0], this.state.ctm[1]);
  }

  private moveText(tx: number, ty: number): void {
    this.lineMatrix = multiply([1, 0, 0, 1, tx, ty], this.lineMatrix);
    this.textMatrix = this.lineMatrix;
    this.input.text?.lineMoved();
  }

  private addRegion(box: [number, number, number, number] | undefined): void {
    if (!box || !box.every(Number.isFinite)) return;
    const { fill, fillAlpha } = this.state;
    if (fill === null) return void this.regions.push({ box, colour: null });
    if (fillAlpha <= 0) return;
    const centre: [number, number] = [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
    const under = colourBehind(this.regions, centre[0], centre[1]);
    const colour = fillAlpha >= 1 ? fill : under === null ? null : blend(fill, fillAlpha, under);
    this.regions.push({ box, colour });
  }

  private pathBox(args: unknown): [number, number, number, number] | undefined {
    const minMax = Array.isArray(args) ? toBox(args[2]) : undefined;
    return minMax ? boxOf(this.state.ctm, ...minMax) : undefined;
  }

  private step(name: string, args: unknown): void {
    const a = Array.isArray(args) ? args : [];
    const s = this.state;
    switch (name) {
      case 'save':
      case 'paintFormXObjectBegin':
        this.push();
        if (name === 'paintFormXObjectBegin') {
          const m = toMatrix(a[0]);
          if (m) this.state.ctm = multiply(m, this.state.ctm);
          this.input.text?.beginForm();
        }
        return;
      case 'restore':
        return this.pop();
      case 'paintFormXObjectEnd':
        this.input.text?.endForm();
        return this.pop();
      case 'beginMarkedContent':
      case 'beginMarkedContentProps':
      case 'endMarkedContent':
        return this.input.text?.endRun();
      case 'transform': {
        const m = toMatrix(a);
        if (m) s.ctm = multiply(m, s.ctm);
        return;
      }
      case 'setFillRGBColor':
        s.fill = parseRgb(a);
        return;
      case 'setStrokeRGBColor':
        s.stroke = parseRgb(a);
        return;
      case 'setFillGray':
        s.fill = parseGray(a);
        return;
      case 'setStrokeGray':
        s.stroke = parseGray(a);
        return;
      case 'setFillCMYKColor':
        s.fill = parseCmyk(a);
        return;
      case 'setStrokeCMYKColor':
        s.stroke = parseCmyk(a);
        return;
      case 'setFillColor':
      case 'setFillColorN':
      case 'setFillTransparent':
        s.fill = null;
        return;
      case 'setStrokeColor':
      case 'setStrokeColorN':
      case 'setStrokeTransparent':
        s.stroke = null;
        return;
      case 'setGState':
        for (const entry of Array.isArray(a[0]) ? a[0] : []) {
          if (!Array.isArray(entry)) continue;
          if (entry[0] === 'ca') s.fillAlpha = num(entry[1], 1);
          if (entry[0] === 'CA') s.strokeAlpha = num(entry[1], 1);
          if (entry[0] === 'Font' && Array.isArray(entry[1])) {
            s.fontSize = num(entry[1][1], s.fontSize);
            this.input.text?.endRun();
          }
        }
        return;
      case 'beginText':
        this.textMatrix = IDENTITY;
        this.lineMatrix = IDENTITY;
        return this.input.text?.lineMoved();
      case 'setFont':
        s.fontName = typeof a[0] === 'string' ? a[0] : '';
        s.fontSize = num(a[1]);
        return;
      case 'setTextMatrix': {
        const m = toMatrix(a[0]) ?? toMatrix(a);
        if (m) this.textMatrix = this.lineMatrix = m;
        this.input.text?.textMatrixSet(this.lineScale());
        return;
      }
      case 'moveText':
        return this.moveText(num(a[0]), num(a[1]));
      case 'setLeadingMoveText':
        s.leading = -num(a[1]);
        return this.moveText(num(a[0]), num(a[1]));
      case 'nextLine':
        return this.moveText(0, -s.leading);
      case 'setLeading':
        s.leading = num(a[0]);
        return;
      case 'setCharSpacing':
        s.charSpacing = num(a[0]);
        return;
      case 'setWordSpacing':
        s.wordSpacing = num(a[0]);
        return;
      case 'setHScale':
        s.hScale = num(a[0], 100) / 100;
        return;
      case 'setTextRise':
        s.rise = num(a[0]);
        return;
      case 'setTextRenderingMode':
        s.renderMode = num(a[0]);
        return;
      case 'showText':
      case 'showSpacedText':
        return this.showText(a[0]);
      case 'constructPath': {
        const box = this.pathBox(a);
        const paint = typeof a[0] === 'number' ? this.byNumber.get(a[0]) : undefined;
        if (paint === undefined) this.pendingPathBox = box;
        else if (FILL_PAINTS.has(paint)) this.addRegion(box);
        return;
      }
      case 'shadingFill':
        return void this.regions.push({ box: [-Infinity, -Infinity, Infinity, Infinity], colour: null });
      default:
        if (FILL_PAINTS.has(name)) {
          this.addRegion(this.pendingPathBox);
          this.pendingPathBox = undefined;
        } else if (IMAGE_PAINTS.has(name)) {
          const box = boxOf(s.ctm, 0, 0, 1, 1);
          this.regions.push({ box, colour: null });
          this.images.push(box);
          this.input.text?.endRun();
        }
    }
  }

  private showText(glyphs: unknown): void {
    if (!Array.isArray(glyphs)) return;
    const s = this.state;
    const { view, rules, text: pageText } = this.input;
    const font = this.input.font?.(s.fontName);
    const fontMatrix = font?.matrix;
    const widthScale = fontMatrix && Number.isFinite(fontMatrix[0]) && fontMatrix[0] !== 0 ? fontMatrix[0] : 0.001;
    // Within one operation only the horizontal text position moves: glyph i sits at x along the
    // baseline of M = Tm × CTM, so its origin is (x·a + rise·c + e, x·b + rise·d + f).
    const m = multiply(this.textMatrix, s.ctm);
    const xScale = Math.hypot(m[0], m[1]);
    const height = Math.abs(s.fontSize) * Math.hypot(m[2], m[3]);
    const size = Math.min(height, Math.abs(s.fontSize * s.hScale) * xScale);
    const invisible = PAINTS_NOTHING.has(s.renderMode);
    const { fontSize, hScale, charSpacing, wordSpacing, rise } = s;
    if (pageText) {
      if (font?.vertical) pageText.needsTextLayer ??= 'vertical writing';
      if (font?.type3) pageText.needsTextLayer ??= 'Type 3 font';
      const sh = fontSize * hScale;
      pageText.showText({
        fontName: s.fontName,
        fontSize,
        rise,
        transform: [sh * m[0], sh * m[1], fontSize * m[2], fontSize * m[3]],
        along: [m[0], m[1]],
        lineScale: this.lineScale(),
      });
    }
    const centreRise = rise + fontSize / 3;
    const [left, bottom, right, top] = view;
    // Read once per operation, not per glyph (an import is a property read in the CommonJS run here).
    const { regions } = this;
    const page = WHITE;
    // The verdict depends only on this operation's state and on what is behind. Glyphs next to each
    // other mostly share a background (the white page when nothing is painted): the last verdict is
    // kept, and the others computed once per background.
    const verdicts = new Map<Rgb | null, GlyphVisibility['hidden'] | null>();
    let lastBehind: Rgb | null | undefined;
    let lastVerdict: GlyphVisibility['hidden'] | null = null;
    let x = 0;
    for (let i = 0; i < glyphs.length; i++) {
      const glyph: unknown = glyphs[i];
      if (typeof glyph === 'number') {
        x += (-glyph / 1000) * fontSize * hScale;
        continue;
      }
      if (!glyph || typeof glyph !== 'object') continue;
      const g = glyph as { unicode?: unknown; width?: unknown; isSpace?: unknown };
      const text = typeof g.unicode === 'string' ? g.unicode : '';
      const width = typeof g.width === 'number' && Number.isFinite(g.width) ? g.width : 0;
      const tx = (width * widthScale * fontSize + charSpacing + (g.isSpace === true ? wordSpacing : 0)) * hScale;
      const ox = x * m[0] + rise * m[2] + m[4];
      const oy = x * m[1] + rise * m[3] + m[5];
      pageText?.glyph(text, ox, oy, width * widthScale * fontSize * hScale);
      const cx = x + tx / 2;
      x += tx;
      // The same test PDF.js applies before it puts a glyph in the text layer.
      if (ox + tx * xScale < left || ox > right || oy < bottom || oy > top) {
        this.glyphs.push({ text, hidden: OFF_PAGE });
        continue;
      }
      const centreX = cx * m[0] + centreRise * m[2] + m[4];
      const centreY = cx * m[1] + centreRise * m[3] + m[5];
      if (invisible) {
        this.deferred.push({ index: this.glyphs.length, centreX, centreY, renderMode: s.renderMode });
        this.glyphs.push({ text });
        continue;
      }
      const behind = regions.length ? colourBehind(regions, centreX, centreY) : page;
      if (behind !== lastBehind) {
        lastBehind = behind;
        let verdict = verdicts.get(behind);
        if (verdict === undefined) {
          verdict = judgePaint(s, size, behind, rules) ?? null;
          verdicts.set(behind, verdict);
        }
        lastVerdict = verdict;
      }
      this.glyphs.push(lastVerdict ? { text, hidden: lastVerdict } : { text });
    }
    this.textMatrix = multiply([1, 0, 0, 1, x, 0], this.textMatrix);
  }

  /** Invisible text is hidden unless a picture lies under it (an OCR layer over a scan). */
  finish(): GlyphVisibility[] {
    for (const d of this.deferred) {
      if (this.images.some((box) => contains(box, d.centreX, d.centreY))) continue;
      this.glyphs[d.index] = { text: this.glyphs[d.index].text, hidden: { reason: 'invisible-render-mode', detail: `text render mode ${d.renderMode}` } };
    }
    return this.glyphs;
  }
}

const OFF_PAGE: NonNullable<GlyphVisibility['hidden']> = { reason: 'off-page', detail: 'outside the visible page box' };

function toBox(value: unknown): [number, number, number, number] | undefined {
  const list = finiteNumbers(value, 4);
  return list ? [list[0], list[1], list[2], list[3]] : undefined;
}

/** Every glyph the page draws, in drawing order, with why it cannot be seen when it cannot. */
export function glyphVisibility(input: PageVisibilityInput): GlyphVisibility[] {
  const replay = new PageReplay(input);
  replay.run();
  return replay.finish();
}
