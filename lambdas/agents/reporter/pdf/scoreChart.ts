import type { ScoredFactor, StrategistOutput } from '../../../contracts/strategistOutput';
import { ratingLabel } from '../sections/scoreSection';
import type { PageFlow } from './pageFlow';
import { BODY_WIDTH, COLORS, PAGE, RATING_COLORS } from './pdfTheme';
import type { TextStyle } from './text/textLayout';

/** More factors than this are left to the rubric table below the chart. */
const MAX_BARS = 16;

const ROW = 17;
const LABEL_WIDTH = 172;
const NOTE_WIDTH = 128;

/** The chart's height in points, for `factors` (so its heading can be kept on the same page). */
export function scoreChartHeight(factors: readonly ScoredFactor[]): number {
  const bars = Math.min(MAX_BARS, factors.length);
  return 12 + 14 + 34 + (bars ? 16 + bars * ROW + 22 : 0) + (factors.length > bars ? 12 : 0) + 12;
}

/**
 * The score chart at the head of the Defensibility Score section: the score on a 0–100 scale (with
 * the rubric score beside it when the model adjusted it), and one bar per rubric factor whose length
 * is the factor's weight and whose filled part is the share of it the file earned, coloured by rating.
 * Every number is the strategist's own; nothing is recomputed.
 */
export function drawScoreChart(flow: PageFlow, s: StrategistOutput, factors: readonly ScoredFactor[]): void {
  const bars = factors.slice(0, MAX_BARS);
  const pad = 12;
  const height = scoreChartHeight(factors);
  flow.ensure(height + 8);
  const page = flow.page;
  const top = flow.y;
  const left = PAGE.marginX;
  page.drawRectangle({ x: left, y: top - height, width: BODY_WIDTH, height, color: COLORS.paperShade, borderColor: COLORS.rule, borderWidth: 0.6 });

  const small = (color = COLORS.muted, role: TextStyle['role'] = 'regular', size = 7.4): TextStyle => ({ role, size, color });
  const write = (text: string, x: number, baseline: number, style: TextStyle, maxWidth = BODY_WIDTH) => flow.text.draw(page, flow.text.fit(text, style, maxWidth), x, baseline);

  let y = top - pad;
  write('SCORE AT A GLANCE', left + pad, y - 8, small(COLORS.gold, 'bold', 7.6));
  y -= 14;

  // The 0–100 scale with the score (and the rubric score when an adjustment moved it).
  const scaleX = left + pad + LABEL_WIDTH;
  const scaleW = BODY_WIDTH - 2 * pad - LABEL_WIDTH - NOTE_WIDTH;
  const at = (score: number) => scaleX + (Math.min(100, Math.max(0, score)) / 100) * scaleW;
  write('Defensibility Score', left + pad, y - 12, small(COLORS.navy, 'bold', 9.4), LABEL_WIDTH - 8);
  page.drawRectangle({ x: scaleX, y: y - 15, width: scaleW, height: 7, color: COLORS.white, borderColor: COLORS.rule, borderWidth: 0.5 });
  page.drawRectangle({ x: scaleX, y: y - 15, width: at(s.defensibilityScore) - scaleX, height: 7, color: COLORS.navy });
  if (s.modelAdjustment) page.drawRectangle({ x: at(s.rubricScore) - 0.8, y: y - 19, width: 1.6, height: 15, color: COLORS.gold });
  for (const tick of [0, 25, 50, 75, 100]) {
    page.drawRectangle({ x: at(tick) - 0.25, y: y - 18, width: 0.5, height: 3, color: COLORS.slate });
    const label = String(tick);
    const w = flow.text.widthOf(label, small());
    write(label, at(tick) - w / 2, y - 26, small());
  }
  write(`${s.defensibilityScore}/100`, scaleX + scaleW + 14, y - 13, small(COLORS.navy, 'bold', 9.4), NOTE_WIDTH - 10);
  const detail = s.modelAdjustment
    ? `rubric ${s.rubricScore}, model ${s.modelAdjustment.points > 0 ? '+' : '−'}${Math.abs(s.modelAdjustment.points)} (gold mark) · ${s.confidence} confidence`
    : `rubric only · ${s.confidence} confidence`;
  write(detail, scaleX + scaleW + 14, y - 23, small(), NOTE_WIDTH - 14);
  y -= 34;

  if (bars.length) {
    write('Rubric factors', left + pad, y - 9, small(COLORS.navy, 'bold', 8.4));
    write('bar length = weight · filled part = share earned', scaleX, y - 9, small(), scaleW + NOTE_WIDTH);
    y -= 16;
    const heaviest = Math.max(...bars.map((f) => f.weight));
    for (const f of bars) {
      const colour = RATING_COLORS[f.rating] ?? COLORS.slate;
      write(f.label, left + pad, y - 11, small(COLORS.ink, 'regular', 8.2), LABEL_WIDTH - 8);
      const track = (f.weight / heaviest) * scaleW;
      page.drawRectangle({ x: scaleX, y: y - 12, width: track, height: 8, color: COLORS.white, borderColor: colour, borderWidth: 0.6 });
      if (f.earned > 0) page.drawRectangle({ x: scaleX, y: y - 12, width: track * Math.min(1, f.earned), height: 8, color: colour });
      write(`${Math.round(f.earned * 100)}% of weight ${f.weight} · ${f.rating.replace('-', ' ')}`, scaleX + scaleW + 10, y - 11, small(COLORS.ink), NOTE_WIDTH - 10);
      y -= ROW;
    }
    if (factors.length > bars.length) {
      write(`and ${factors.length - bars.length} more factors, listed in the rubric table below.`, scaleX, y - 8, small());
      y -= 12;
    }
    // Legend: each rating's colour.
    let x = left + pad;
    y -= 8;
    for (const rating of ['strong', 'adequate', 'weak', 'adverse', 'no-evidence'] as const) {
      page.drawRectangle({ x, y: y - 7, width: 7, height: 7, color: RATING_COLORS[rating] });
      const label = ratingLabel(rating);
      write(label, x + 10, y - 6.5, small());
      x += 10 + flow.text.widthOf(label, small()) + 14;
    }
  }
  flow.y = top - height;
  flow.gap(10);
}
