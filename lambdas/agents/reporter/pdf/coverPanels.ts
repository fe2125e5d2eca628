import { LineCapStyle, type RGB } from 'pdf-lib';
import type { ReportModel } from '../reportModel';
import { JUDGED_WORKFLOWS } from '../renderReport';
import { DECISION_HEADING, decisionHeading, outcomeIsProvisional } from '../sections/decisionSection';
import { centred, style, type CoverWriter } from './coverWriter';
import { COLORS, OUTCOME_COLORS } from './pdfTheme';

/**
 * The panel beside the audit's facts on the cover: the Defensibility Score gauge and the outcome badge
 * for the judged workflows, count tiles for a document list or a client's guidance. Every value is
 * the stored one (the strategist's score, the judge's outcome, the gatekeeper's checklist).
 */

/** Points of an arc of the gauge (degrees: 180 at the left end, 0 at the right), as an SVG path around (0, 0). */
function arcPath(radius: number, from: number, to: number): string {
  const steps = Math.max(2, Math.ceil(Math.abs(from - to) / 3));
  const points: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const angle = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    points.push(`${(radius * Math.cos(angle)).toFixed(2)} ${(-radius * Math.sin(angle)).toFixed(2)}`);
  }
  return `M ${points[0]} ${points.slice(1).map((p) => `L ${p}`).join(' ')}`;
}

/** The Defensibility Score as a half-circle gauge, with the number in its middle. */
export function gauge(w: CoverWriter, m: ReportModel, cx: number, cy: number, radius = 60): void {
  const k = radius / 60;
  const band = 13 * k;
  const { page } = w;
  page.drawSvgPath(arcPath(radius, 180, 0), { x: cx, y: cy, borderColor: COLORS.rule, borderWidth: band, borderLineCap: LineCapStyle.Butt });
  const s = m.strategist;
  const label = style('bold', 7.4, COLORS.gold);
  if (s) {
    const score = Math.min(100, Math.max(0, s.defensibilityScore));
    if (score > 0) page.drawSvgPath(arcPath(radius, 180, 180 - 1.8 * score), { x: cx, y: cy, borderColor: COLORS.navy, borderWidth: band, borderLineCap: LineCapStyle.Butt });
    const tip = ((180 - 1.8 * score) * Math.PI) / 180;
    page.drawCircle({ x: cx + radius * Math.cos(tip), y: cy + radius * Math.sin(tip), size: 4.2 * k, color: COLORS.gold, borderColor: COLORS.white, borderWidth: 1 });
    const number = String(s.defensibilityScore);
    const big = style('heading', 30 * k, COLORS.navy);
    const numberWidth = w.text.widthOf(number, big);
    const outOf = style('regular', 9, COLORS.muted);
    const total = numberWidth + w.text.widthOf('/100', outOf) + 2;
    w.line(number, cx - total / 2, cy + 6 * k, big, 80);
    w.line('/100', cx - total / 2 + numberWidth + 2, cy + 6 * k, outOf, 40);
    centred(w, `confidence: ${s.confidence}`, cx, cy - 10, style('regular', 7.6, COLORS.muted));
  } else {
    const reason = JUDGED_WORKFLOWS.has(m.session.workflowType) ? 'not available' : 'not scored';
    centred(w, '—', cx, cy + 8, style('heading', 26, COLORS.slate));
    centred(w, reason, cx, cy - 10, style('regular', 8, COLORS.muted));
  }
  for (const [tick, x] of [['0', cx - radius], ['100', cx + radius]] as const) centred(w, tick, x, cy - 17, style('regular', 7, COLORS.slate));
  centred(w, 'DEFENSIBILITY SCORE', cx, cy - 28, label);
}

/** The outcome badge: the decision or verdict as the judge made it, marked provisional when it is. Returns its bottom. */
export function badge(w: CoverWriter, m: ReportModel, x: number, top: number, width: number): number {
  const { page } = w;
  const height = 52;
  const provisional = outcomeIsProvisional(m);
  const kind = decisionHeading(m) === DECISION_HEADING ? 'DECISION' : 'VERDICT';
  const heading = provisional ? `${kind} — PROVISIONAL, NOT FINAL` : decisionHeading(m).toUpperCase();
  const value = m.judge?.outcome ?? 'not available';
  const colour = m.judge ? (OUTCOME_COLORS[m.judge.outcome] ?? COLORS.navy) : COLORS.slate;
  page.drawRectangle({ x, y: top - height, width, height, color: COLORS.white, borderColor: COLORS.rule, borderWidth: 0.6 });
  page.drawRectangle({ x, y: top - height, width: 4, height, color: colour });
  w.line(heading, x + 12, top - 16, style('bold', 7.2, COLORS.muted), width - 18);
  w.line(value, x + 12, top - 38, style('heading', value.length > 14 ? 12 : 17, colour), width - 18);
  return top - height;
}

interface Tile {
  value: number;
  label: string;
  colour: RGB;
}

/**
 * The counts a document list or a client's guidance opens with, as tiles: the checklist's present,
 * missing and problem items (as the gatekeeper listed them), or the documents received and read.
 */
function tilesFor(m: ReportModel): { heading: string; tiles: Tile[] } {
  const c = m.gatekeeper?.checklist;
  if (c && m.session.workflowType === 'document-list') {
    return {
      heading: 'DOCUMENT CHECKLIST',
      tiles: [
        { value: c.present.length, label: 'present', colour: COLORS.sage },
        { value: c.missing.length, label: 'missing', colour: c.missing.some((e) => e.required) ? COLORS.oxblood : COLORS.gold },
        { value: c.problem.length, label: 'with a problem', colour: c.problem.length ? COLORS.rust : COLORS.sage },
      ],
    };
  }
  const unread = m.intake.documents.filter((d) => d.status !== 'ok').length;
  return {
    heading: 'DOCUMENTS',
    tiles: [
      { value: m.intake.documents.length, label: 'received', colour: COLORS.navy },
      { value: m.intake.documents.length - unread, label: 'read', colour: COLORS.sage },
      { value: unread, label: 'to send again', colour: unread ? COLORS.rust : COLORS.sage },
    ],
  };
}

/** Count tiles in a row under a small heading. Returns their bottom. */
export function tiles(w: CoverWriter, m: ReportModel, x: number, top: number, width: number): number {
  const { heading, tiles: list } = tilesFor(m);
  w.line(heading, x, top - 8, style('bold', 7.6, COLORS.gold), width);
  const gap = 8;
  const tileWidth = (width - gap * (list.length - 1)) / list.length;
  const height = 58;
  const y = top - 16;
  list.forEach((tile, i) => {
    const left = x + i * (tileWidth + gap);
    w.page.drawRectangle({ x: left, y: y - height, width: tileWidth, height, color: COLORS.white, borderColor: COLORS.rule, borderWidth: 0.6 });
    w.page.drawRectangle({ x: left, y: y - 3, width: tileWidth, height: 3, color: tile.colour });
    centred(w, String(tile.value), left + tileWidth / 2, y - 32, style('heading', 22, tile.colour), tileWidth - 6);
    centred(w, tile.label, left + tileWidth / 2, y - 47, style('regular', 7.6, COLORS.muted), tileWidth - 6);
  });
  return y - height;
}
