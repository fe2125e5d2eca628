/** Whether text painted in a given state can be seen against what is behind it (the replay's verdict on a glyph). */
import type { HiddenTextRules } from './hiddenTextRules';
import type { GlyphVisibility } from './pdfGlyphVisibility';
import { blend, contrastRatio, hex, type Rgb } from './pdfPaintMath';

/** What a glyph is painted with. */
export interface PaintState {
  fill: Rgb | null;
  stroke: Rgb | null;
  fillAlpha: number;
  strokeAlpha: number;
  renderMode: number;
}

const STROKE_ONLY = new Set([1, 5]);
const FILL_AND_STROKE = new Set([2, 6]);

/** Whether a person sees a painted colour against what is behind it. */
function paintHidden(colour: Rgb | null, alpha: number, behind: Rgb | null, rules: HiddenTextRules['pdf']): GlyphVisibility['hidden'] {
  if (alpha < rules.minOpacity) return { reason: 'transparent', detail: `opacity ${alpha.toFixed(2)}` };
  // An unknown paint (a pattern) or an unknown background (an image, a shading) is not judged.
  if (colour === null || behind === null) return undefined;
  const seen = blend(colour, alpha, behind);
  if (contrastRatio(seen, behind) >= rules.minContrastRatio) return undefined;
  return { reason: 'near-background-colour', detail: `colour ${hex(colour)} on ${hex(behind)}` };
}

/** Size and paint of visible-mode text against what is behind it. */
export function judgePaint(state: PaintState, size: number, behind: Rgb | null, rules: HiddenTextRules['pdf']): GlyphVisibility['hidden'] {
  if (size < rules.minFontSizePt) return { reason: 'tiny-text', detail: `${Number(size.toFixed(2))} pt` };
  const { fill, fillAlpha, stroke, strokeAlpha, renderMode } = state;
  if (STROKE_ONLY.has(renderMode)) return paintHidden(stroke, strokeAlpha, behind, rules);
  const filled = paintHidden(fill, fillAlpha, behind, rules);
  if (!filled || !FILL_AND_STROKE.has(renderMode)) return filled;
  return paintHidden(stroke, strokeAlpha, behind, rules) ? filled : undefined;
}
