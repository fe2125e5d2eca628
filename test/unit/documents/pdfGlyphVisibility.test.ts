/**
 * The glyph-visibility replay on operator lists written by hand, where the answer for every glyph is
 * known from the geometry: one text operation whose glyphs pass over different backgrounds (the
 * verdict is kept from glyph to glyph and must change exactly where the background does), off the
 * page edge, and in the invisible render mode. The PDF-level tests (hiddenPdfText.test.ts) show the
 * same replay on PDFs written by pdf-lib and read by PDF.js.
 */
import { loadPdfjs } from '../../../lambdas/agents/intake/documents/loadPdfjs';
import { bundledHiddenTextRules } from '../../../lambdas/agents/intake/documents/quarantine/hiddenTextRules';
import { glyphVisibility, type GlyphVisibility } from '../../../lambdas/agents/intake/documents/quarantine/pdfGlyphVisibility';

const VIEW = [0, 0, 612, 792];
const FONT_SIZE = 10;
/** 500/1000 of a 10 pt font: every glyph is 5 pt wide. */
const GLYPH_WIDTH = 500;
const START_X = 50;
const BASELINE = 600;

let OPS: Readonly<Record<string, number>>;
beforeAll(async () => {
  OPS = (await (await loadPdfjs()).getResolvedPDFJS()).OPS;
});

type Op = [string, unknown];

const glyph = (unicode: string) => ({ unicode, width: GLYPH_WIDTH, isSpace: unicode === ' ' });
/** A black (or `hex`) filled rectangle from x0 to x1, covering the baseline. */
const box = (x0: number, x1: number, hex = '#000000'): Op[] => [
  ['setFillRGBColor', [hex]],
  ['constructPath', [OPS.fill, null, [x0, BASELINE - 10, x1, BASELINE + 20]]],
];
/** One text operation drawing `count` glyphs from START_X, in `hex`, with `renderMode`. */
const line = (count: number, { hex = '#000000', renderMode = 0, x = START_X, matrix = 'array' as 'array' | 'typed' } = {}): Op[] => {
  const tm = [1, 0, 0, 1, x, BASELINE];
  return [
    ['setFillRGBColor', [hex]],
    ['beginText', null],
    ['setFont', ['F1', FONT_SIZE]],
    ['setTextRenderingMode', [renderMode]],
    ['setTextMatrix', [matrix === 'typed' ? new Float32Array(tm) : tm]],
    ['showText', [Array.from({ length: count }, (_, i) => glyph(String.fromCharCode(65 + (i % 26))))]],
    ['endText', null],
  ];
};

function replay(ops: Op[]): GlyphVisibility[] {
  const operatorList = { fnArray: ops.map(([name]) => OPS[name]), argsArray: ops.map(([, args]) => args) };
  return glyphVisibility({ operatorList, ops: OPS, view: VIEW, rules: bundledHiddenTextRules().pdf });
}

/** Glyph i's centre on the baseline (identity transforms, 5 pt glyphs). */
const centreX = (i: number, x = START_X) => x + i * 5 + 2.5;
const reasons = (glyphs: GlyphVisibility[]) => glyphs.map((g) => g.hidden?.reason ?? 'visible');

describe('glyphVisibility: one text operation over changing backgrounds', () => {
  it('hides exactly the glyphs whose centre lies on a black box, before and after it they stay visible', () => {
    const glyphs = replay([...box(100, 200), ...line(40)]);
    const expected = glyphs.map((_, i) => (centreX(i) >= 100 && centreX(i) <= 200 ? 'near-background-colour' : 'visible'));
    expect(expected.filter((r) => r !== 'visible')).toHaveLength(20);
    expect(reasons(glyphs)).toEqual(expected);
    expect(glyphs[15].hidden?.detail).toBe('colour #000000 on #000000');
  });

  it('goes back and forth between the page and two boxes painted the same colour', () => {
    const glyphs = replay([...box(100, 130), ...box(160, 190), ...line(40)]);
    const onBox = (x: number) => (x >= 100 && x <= 130) || (x >= 160 && x <= 190);
    expect(reasons(glyphs)).toEqual(glyphs.map((_, i) => (onBox(centreX(i)) ? 'near-background-colour' : 'visible')));
  });

  it('judges white text against each background it crosses: hidden on the page, visible on a navy banner', () => {
    const glyphs = replay([...box(100, 200, '#0d1a4d'), ...line(40, { hex: '#ffffff' })]);
    expect(reasons(glyphs)).toEqual(glyphs.map((_, i) => (centreX(i) >= 100 && centreX(i) <= 200 ? 'visible' : 'near-background-colour')));
  });

  it('marks the glyphs past the right edge of the page as off-page, and keeps the ones before it', () => {
    const x = 560;
    const glyphs = replay(line(20, { x }));
    // PDF.js's own test: a glyph is on the page while its origin is inside the page box.
    expect(reasons(glyphs)).toEqual(glyphs.map((_, i) => (x + i * 5 > 612 ? 'off-page' : 'visible')));
    expect(reasons(glyphs)).toContain('visible');
    expect(reasons(glyphs)).toContain('off-page');
  });

  it('hides invisible-mode text unless a picture lies under it, glyph by glyph', () => {
    const picture: Op[] = [
      ['save', null],
      ['transform', [100, 0, 0, 40, 100, BASELINE - 10]],
      ['paintImageXObject', ['img_p0_1', 100, 40]],
      ['restore', null],
    ];
    const glyphs = replay([...picture, ...line(40, { renderMode: 3 })]);
    expect(reasons(glyphs)).toEqual(glyphs.map((_, i) => (centreX(i) >= 100 && centreX(i) <= 200 ? 'visible' : 'invisible-render-mode')));
  });

  it('reads a text matrix given as a typed array the same as one given as an array', () => {
    const ops = (matrix: 'array' | 'typed') => [...box(100, 200), ...line(40, { matrix })];
    expect(replay(ops('typed'))).toEqual(replay(ops('array')));
  });
});
