/**
 * Builds a page's text from the glyphs its drawing places (the operator list the hidden-text replay
 * already walks), so that a page is parsed once rather than twice (PDF.js's `getTextContent` parses
 * the content stream again, and costs about twice the operator list).
 *
 * The text must read exactly as PDF.js's text layer does (every citation, form and quarantine test
 * was written against it), so this makes the same decisions from the same geometry, with the same
 * thresholds as fractions of the font size:
 *
 * - glyphs are compared with where the last glyph with a width ended, along and across the baseline
 *   (turned by the text's own rotation);
 * - a move back of more than 0.2 em, or across the line by more than the line's height, ends the line;
 * - a gap of 0.102–0.6 em inside the flow is a space; a larger gap is a space too;
 * - a space glyph gives no space of its own (the gap it leaves does) unless nothing else would, and a
 *   glyph placed outside the page box gives nothing;
 * - a form XObject's text starts afresh, with no space or line break against the text around it.
 *
 * What this does not handle, the caller reads with `getTextContent` instead: vertical writing, Type 3
 * fonts (their glyph boxes set the line height) and right-to-left scripts (PDF.js reorders those).
 */

/** One text-showing operation: what every glyph it draws shares. */
export interface TextOperation {
  /** The font's resource name as PDF.js loaded it. */
  fontName: string;
  fontSize: number;
  rise: number;
  /** The text rendering matrix without its origin: font size and horizontal scale × text matrix × CTM. */
  transform: readonly [number, number, number, number];
  /** Device-space displacement of one text-space unit along the baseline (text matrix × CTM, first row). */
  along: readonly [number, number];
  /** Scale of a text-space unit along the baseline: |text line matrix row 1| × |CTM row 1|. */
  lineScale: number;
}

/** A run of text: what makes a gap a space or a line break is measured against its first glyph's font size. */
interface Run {
  open: boolean;
  height: number;
  scale: number;
  width: number;
  totalWidth: number;
  trackingSpaceMin: number;
  notASpace: number;
  negativeSpaceMax: number;
  spaceInFlowMin: number;
  spaceInFlowMax: number;
}

/** Where the last glyph with a width ended. */
interface GlyphEnd {
  x: number;
  y: number;
  op: TextOperation;
}

/** What a form XObject's text starts afresh with, and gives back when it ends. */
interface Flow {
  run: Run;
  last: GlyphEnd | null;
  recent: [string, string];
  slot: number;
  /**
   * Advance of the zero-width diacritics drawn since the line began: the text layer does not move past
   * them, so positions along this line are measured that much further back.
   */
  lag: number;
}

const TRACKING_SPACE = 0.102;
const NOT_A_SPACE = 0.03;
const NEGATIVE_SPACE = -0.2;
const SPACE_IN_FLOW_MIN = 0.102;
const SPACE_IN_FLOW_MAX = 0.6;
/** A move across the line by more than this share of its height starts a new run (no character). */
const NEW_RUN_ACROSS = 0.25;

const freshRun = (): Run => ({
  open: false,
  height: 0,
  scale: 0,
  width: 0,
  totalWidth: 0,
  trackingSpaceMin: Infinity,
  notASpace: -Infinity,
  negativeSpaceMax: -Infinity,
  spaceInFlowMin: 0,
  spaceInFlowMax: 0,
});

const freshFlow = (): Flow => ({ run: freshRun(), last: null, recent: [' ', ' '], slot: 0, lag: 0 });

interface Kind {
  space: boolean;
  diacritic: boolean;
  formatMark: boolean;
}

const kinds = new Map<string, Kind>();
const MARK_OR_FORMAT_AT_END = /(\p{Mn})|(\p{Cf})$/u;

/** A glyph's kind: a space (starts with whitespace), a zero-width diacritic, or an invisible format mark. */
function kindOf(text: string): Kind {
  let kind = kinds.get(text);
  if (!kind) {
    const space = /^\s/u.test(text);
    const mark = space ? null : MARK_OR_FORMAT_AT_END.exec(text);
    kind = { space, diacritic: !!mark?.[1], formatMark: !!mark?.[2] };
    if (kinds.size < 65536) kinds.set(text, kind);
  }
  return kind;
}

/** Scripts written right to left (and Arabic digits), which PDF.js reorders into reading order. */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|\ud802[\udc00-\udfff]|\ud803[\udc00-\udfff]|\ud83a[\udc00-\udfff]|\ud83b[\udc00-\udeff]/;

export class GlyphTextBuilder {
  private readonly parts: string[] = [];
  private flow: Flow = freshFlow();
  private readonly outer: Flow[] = [];
  private op: TextOperation | undefined;
  private fontKey: string | undefined;
  /**
   * Why this page's text must come from PDF.js's text layer instead (a right-to-left script, vertical
   * writing, a Type 3 font); undefined while the glyphs can be read here.
   */
  needsTextLayer: string | undefined;

  /** `view`: the page's visible box `[x0, y0, x1, y1]`. */
  constructor(private readonly view: readonly number[]) {}

  /** A text-showing operation begins: a change of font or size ends the run. */
  showText(op: TextOperation): void {
    this.op = op;
    const key = `${op.fontName} ${op.fontSize}`;
    if (key !== this.fontKey) {
      this.endRun();
      this.fontKey = key;
    }
  }

  /** The text line matrix moved (a new text object, line or matrix): positions are exact again. */
  lineMoved(): void {
    this.flow.lag = 0;
  }

  /** A new text matrix: the run's scale follows it. */
  textMatrixSet(lineScale: number): void {
    this.flow.lag = 0;
    const run = this.flow.run;
    if (!run.open || lineScale === run.scale) return;
    run.totalWidth += run.width * run.scale;
    run.width = 0;
    run.scale = lineScale;
  }

  /** Marked content, a graphics state with a font, or an image: the run ends there. */
  endRun(): void {
    const run = this.flow.run;
    if (!run.open) return;
    run.totalWidth += run.width * run.scale;
    run.open = false;
  }

  beginForm(): void {
    this.endRun();
    this.outer.push(this.flow);
    this.flow = freshFlow();
  }

  endForm(): void {
    this.flow = this.outer.pop() ?? freshFlow();
  }

  /**
   * A glyph of the current operation with Unicode `text`, its origin at (x, y) in device space and its
   * own advance (text space: font size and horizontal scale applied, no character or word spacing).
   */
  glyph(text: string, x: number, y: number, advance: number): void {
    const op = this.op;
    if (!op) return;
    const kind = kindOf(text);
    if (kind.formatMark) return;
    if (kind.space) {
      this.remember(' ');
      return;
    }
    if (this.needsTextLayer === undefined && RIGHT_TO_LEFT.test(text)) this.needsTextLayer = 'right-to-left script';
    const flow = this.flow;
    if (flow.lag) {
      x -= flow.lag * op.along[0];
      y -= flow.lag * op.along[1];
    }
    if (kind.diacritic) flow.lag += advance;
    else if (!this.place(op, x, y, advance)) return;
    const run = flow.run;
    if (!run.open) this.openRun(op);
    const own = kind.diacritic ? 0 : advance;
    run.width += own;
    if (own) flow.last = { x: x + own * op.along[0], y: y + own * op.along[1], op };
    if (this.remember(text)) this.parts.push(' ');
    this.parts.push(text);
  }

  /** The page's text: runs as drawn, with the spaces and line breaks their positions call for. */
  text(): string {
    return this.parts.join('');
  }

  private openRun(op: TextOperation): void {
    const run = this.flow.run;
    const size = op.fontSize;
    run.open = true;
    run.height = Math.hypot(op.transform[2], op.transform[3]);
    run.scale = op.lineScale;
    run.width = 0;
    run.totalWidth = 0;
    run.trackingSpaceMin = size * TRACKING_SPACE;
    run.notASpace = size * NOT_A_SPACE;
    run.negativeSpaceMax = size * NEGATIVE_SPACE;
    run.spaceInFlowMin = size * SPACE_IN_FLOW_MIN;
    run.spaceInFlowMax = size * SPACE_IN_FLOW_MAX;
  }

  /**
   * Records the character drawn; true when the one before it was a lone space glyph that no gap
   * turned into a space (then the space is written before this character).
   */
  private remember(ch: string): boolean {
    const flow = this.flow;
    const other = flow.slot ^ 1;
    const lone = flow.recent[flow.slot] !== ' ' && flow.recent[other] === ' ';
    flow.recent[flow.slot] = ch;
    flow.slot = other;
    return lone;
  }

  private forgetRecent(): void {
    this.flow.recent = [' ', ' '];
    this.flow.slot = 0;
  }

  private space(): void {
    this.parts.push(' ');
  }

  private lineBreak(): void {
    this.forgetRecent();
    this.endRun();
    this.parts.push('\n');
  }

  /**
   * Decides what separates a glyph at (x, y) from the text before it (nothing, a space, a line break)
   * and writes it; false when the glyph lies outside the page box and is left out of the text.
   */
  private place(op: TextOperation, x: number, y: number, advance: number): boolean {
    const [left, bottom, right, top] = this.view;
    if (x + advance < left || x > right || y < bottom || y > top) return false;
    const flow = this.flow;
    const last = flow.last;
    if (!last) return true;
    let lx = last.x;
    let ly = last.y;
    if (lx === x && ly === y) return true;
    const t = op.transform;
    if (t[0] && t[1] === 0 && t[2] === 0) {
      if (t[0] < 0) [x, y, lx, ly] = [-x, -y, -lx, -ly];
    } else if (t[1] && t[0] === 0 && t[3] === 0) {
      if (t[1] > 0) [x, y, lx, ly] = [y, x, ly, lx];
      else [x, y, lx, ly] = [-y, -x, -ly, -lx];
    } else {
      [x, y] = alongAndAcross(x, y, t);
      [lx, ly] = alongAndAcross(lx, ly, last.op.transform);
    }
    const run = flow.run;
    const gap = (x - lx) / run.scale;
    const across = y - ly;
    const sign = Math.sign(run.width || run.totalWidth);
    if (gap < sign * run.negativeSpaceMax) {
      if (Math.abs(across) > 0.5 * run.height) this.lineBreak();
      else {
        this.forgetRecent();
        this.endRun();
      }
      return true;
    }
    const riseChange = op.rise - last.op.rise;
    const acrossLines = riseChange === 0 ? across : across - (t[3] / op.fontSize) * riseChange;
    if (Math.abs(acrossLines) > run.height) {
      this.lineBreak();
      return true;
    }
    if (gap <= sign * run.notASpace) this.forgetRecent();
    if (gap <= sign * run.trackingSpaceMin) {
      if (flow.recent[flow.slot] !== ' ' && flow.recent[flow.slot ^ 1] === ' ') {
        this.forgetRecent();
        this.endRun();
        this.space();
      } else run.width += gap;
    } else if (sign * run.spaceInFlowMin <= gap && gap <= sign * run.spaceInFlowMax) {
      this.forgetRecent();
      this.space();
      if (run.open) run.width += gap;
    } else {
      this.endRun();
      this.forgetRecent();
      this.space();
    }
    if (Math.abs(across) > run.height * NEW_RUN_ACROSS) this.endRun();
    return true;
  }
}

/** A device-space point turned into the text's own axes (along the baseline, across it). */
function alongAndAcross(x: number, y: number, t: readonly number[]): [number, number] {
  const scale = Math.hypot(t[0], t[1]);
  return [(t[0] * x + t[1] * y) / scale, (t[2] * x + t[3] * y) / scale];
}
