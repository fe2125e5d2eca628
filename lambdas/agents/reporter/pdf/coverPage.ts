import { LineCapStyle, type PDFPage } from 'pdf-lib';
import { describeModelChoice } from '../../../core/model/modelChoice';
import type { ReportModel } from '../reportModel';
import { JUDGED_WORKFLOWS } from '../renderReport';
import { coverApplicationLabel } from '../sections/caseSummary';
import { INCOMPLETE_HEADING } from '../sections/verificationSection';
import { spansOf } from './runStyles';
import { badge, gauge, tiles } from './coverPanels';
import { centred, CoverWriter, style } from './coverWriter';
import { BODY_WIDTH, COLORS, PAGE } from './pdfTheme';
import type { InlineRun } from './reportBlocks';
import type { SectionStart } from './pageFlow';
import { PLACEHOLDER, type TextLayout } from './text/textLayout';

/** A contents entry as drawn on the cover: where a click should go (see pdfNavigation.ts). */
export interface ContentsLink {
  rect: [number, number, number, number];
  section: SectionStart;
}

const TIER_LABELS: Record<string, string> = {
  guest: 'Guest — summary report',
  pro: 'Pro — full report',
  ultra: 'Ultra — full report with evidence appendix',
};

/** What kind of report each workflow gives, under its title. */
const SUBTITLES: Record<string, string> = {
  'document-list': 'Document checklist report',
  'client-guidance': 'Plain-language guidance for the client',
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "23 November 2026, 14:05 UTC" (the report's generation time, as stored). */
export function reportDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} UTC`;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${time}`;
}

/** The navy title band runs from the top of page one down to here (its gold edge lies just below). */
const BAND_BOTTOM = PAGE.height - 118;

/** The title band's text: what the report is and which case it is about (the band is painted first). */
function band(w: CoverWriter, m: ReportModel): void {
  const { page } = w;
  page.drawRectangle({ x: 0, y: BAND_BOTTOM, width: PAGE.width, height: 3, color: COLORS.gold });
  const x = PAGE.marginX;
  // A large section mark, barely lighter than the band: the report's emblem.
  const mark = style('heading', 104, COLORS.navyMark);
  w.line('§', PAGE.width - PAGE.marginX - w.text.widthOf('§', mark), BAND_BOTTOM + 14, mark, 90);
  w.line('CASE AUDIT', x, PAGE.height - 30, style('bold', 8.4, COLORS.gold), BODY_WIDTH);
  page.drawRectangle({ x, y: PAGE.height - 37, width: 30, height: 1.2, color: COLORS.gold });
  w.block(m.workflowTitle, x, PAGE.height - 42, style('heading', 22, COLORS.white), 26, BODY_WIDTH - 70, 1);
  const subtitle = SUBTITLES[m.session.workflowType] ?? 'Judicial defensibility report';
  w.line(subtitle, x, PAGE.height - 80, style('italic', 11, COLORS.goldLight), BODY_WIDTH - 70);
  w.line(`Case ${m.session.caseId}`, x, PAGE.height - 95, style('bold', 10.5, COLORS.white), BODY_WIDTH - 70);
  w.line(`${reportDate(m.generatedAt)} · audit ${m.session.auditId}`, x, PAGE.height - 108, style('regular', 8, COLORS.goldLight), BODY_WIDTH - 70);
}

/** The disclaimer, boxed under the title band: the first thing the report says (DESIGN §4). */
function disclaimerBox(w: CoverWriter, disclaimer: readonly InlineRun[], top: number): number {
  const pad = 7;
  const inner = BODY_WIDTH - 2 * pad - 4;
  const size = 7.8;
  const leading = 10;
  const lines = w.text.wrap(spansOf(disclaimer, size, COLORS.ink), inner);
  const height = 11 + lines.length * leading + 2 * pad;
  const bottom = top - height;
  w.page.drawRectangle({ x: PAGE.marginX, y: bottom, width: BODY_WIDTH, height, color: COLORS.goldPale });
  w.page.drawRectangle({ x: PAGE.marginX, y: bottom, width: 3, height, color: COLORS.gold });
  w.line('DISCLAIMER — PLEASE READ FIRST', PAGE.marginX + 4 + pad, top - pad - 6, style('bold', 7, COLORS.navy), inner);
  lines.forEach((line, i) => w.text.draw(w.page, line, PAGE.marginX + 4 + pad, top - pad - 11 - i * leading - size));
  return bottom;
}

/** Label and value rows: the facts of the audit (a long value is cut to its line). Returns the bottom. */
function details(w: CoverWriter, m: ReportModel, top: number, width: number): number {
  const notRun = JUDGED_WORKFLOWS.has(m.session.workflowType) ? 'not available' : 'not run (no authorities cited)';
  const verification = !m.verifier ? notRun : m.verifier.status === 'PASS' ? 'PASS' : 'INCOMPLETE';
  const rows: Array<[string, string]> = [
    ['Application', coverApplicationLabel(m.intake.applicationType, m.intake.refusal !== undefined)],
    ['Documents', `${m.intake.documents.length} in the file, ${m.intake.documents.filter((d) => d.status === 'ok').length} read`],
    ['Verification', verification],
    ['Tier', TIER_LABELS[m.session.tier] ?? m.session.tier],
    ['Analysis', describeModelChoice(m.session.model)],
  ];
  w.line('THE AUDIT', PAGE.marginX, top - 7, style('bold', 7.2, COLORS.gold), width);
  let y = top - 14;
  const labelWidth = 58;
  for (const [label, value] of rows) {
    const alert = label === 'Verification' && value === 'INCOMPLETE';
    w.line(label, PAGE.marginX, y - 9, style('regular', 7.8, COLORS.muted), labelWidth - 4);
    w.line(value, PAGE.marginX + labelWidth, y - 9, style(alert ? 'bold' : 'regular', 8, alert ? COLORS.oxblood : COLORS.ink), width - labelWidth);
    y -= 13;
    w.page.drawLine({ start: { x: PAGE.marginX, y: y + 1 }, end: { x: PAGE.marginX + width, y: y + 1 }, thickness: 0.4, color: COLORS.rule });
  }
  return y;
}

const CONTENTS_ROW = 11.5;
const CONTENTS_HEAD = 16;

/** The height the contents take at the foot of page one for `count` sections (two columns). */
export function contentsHeight(count: number, missingNote: boolean): number {
  return CONTENTS_HEAD + Math.ceil(count / 2) * CONTENTS_ROW + 10 + (missingNote ? 20 : 0);
}

/** The contents: each section title with its page, dotted leaders between, in two columns. */
function contents(w: CoverWriter, sections: readonly SectionStart[], top: number): ContentsLink[] {
  const links: ContentsLink[] = [];
  w.page.drawRectangle({ x: PAGE.marginX, y: top, width: BODY_WIDTH, height: 0.6, color: COLORS.rule });
  w.line('IN THIS REPORT', PAGE.marginX, top - 12, style('bold', 7.2, COLORS.gold), BODY_WIDTH);
  const perColumn = Math.max(1, Math.ceil(sections.length / 2));
  const gutter = 24;
  const columnWidth = (BODY_WIDTH - gutter) / 2;
  const entry = style('regular', 8.4, COLORS.ink);
  const number = style('bold', 8.4, COLORS.navy);
  sections.forEach((section, i) => {
    const x = PAGE.marginX + Math.floor(i / perColumn) * (columnWidth + gutter);
    const y = top - CONTENTS_HEAD - (i % perColumn) * CONTENTS_ROW;
    const pageLabel = String(section.pageIndex + 1);
    const pageWidth = w.text.widthOf(pageLabel, number);
    const title = w.line(section.title, x, y - 9, entry, columnWidth - pageWidth - 24);
    w.line(pageLabel, x + columnWidth - pageWidth, y - 9, number, 30);
    const dotsFrom = x + title.width + 6;
    const dotsTo = x + columnWidth - pageWidth - 6;
    if (dotsTo > dotsFrom) {
      w.page.drawLine({ start: { x: dotsFrom, y: y - 8.6 }, end: { x: dotsTo, y: y - 8.6 }, thickness: 0.9, color: COLORS.slate, dashArray: [0.01, 3.6], lineCap: LineCapStyle.Round });
    }
    links.push({ rect: [x, y - 12, x + columnWidth, y + 1], section });
  });
  return links;
}

/** A note on characters the embedded fonts cannot show (they appear as the placeholder; report.md has the exact text). */
function missingNote(w: CoverWriter, missing: ReadonlyMap<string, number>, top: number): void {
  if (!missing.size) return;
  const total = [...missing.values()].reduce((a, b) => a + b, 0);
  const note =
    `${total} character${total === 1 ? '' : 's'} (for example emoji, or a script the bundled fonts do not cover) ` +
    `cannot be shown by this PDF's fonts and ${total === 1 ? 'appears' : 'appear'} as ${PLACEHOLDER}. report.md has the exact text.`;
  w.block(note, PAGE.marginX, top, style('italic', 7.4, COLORS.muted), 9.5, BODY_WIDTH, 2);
}

/**
 * Draws the head of page one: the disclaimer first (first in the page's text as well), then the title
 * band, and a row with the audit's facts, the score gauge and the outcome badge (count tiles for a
 * checklist or client guidance). Returns where the memo, drawn by the page flow, starts.
 */
export function drawCoverHead(page: PDFPage, text: TextLayout, model: ReportModel, disclaimer: readonly InlineRun[]): number {
  const w = new CoverWriter(page, text);
  const m = model;
  // Paint the band first so the disclaimer (drawn next, below it) is the first text of the page.
  page.drawRectangle({ x: 0, y: BAND_BOTTOM, width: PAGE.width, height: PAGE.height - BAND_BOTTOM, color: COLORS.navy });
  const disclaimerBottom = disclaimerBox(w, disclaimer, BAND_BOTTOM - 12);
  band(w, m);
  const top = disclaimerBottom - 12;
  const panelWidth = 300;
  const detailsBottom = details(w, m, top, BODY_WIDTH - panelWidth - 20);
  const panelX = PAGE.marginX + BODY_WIDTH - panelWidth;
  let panelBottom: number;
  if (JUDGED_WORKFLOWS.has(m.session.workflowType)) {
    gauge(w, m, panelX + 62, top - 58, 44);
    panelBottom = badge(w, m, panelX + 132, top - 8, panelWidth - 132);
    panelBottom = Math.min(panelBottom, top - 92);
  } else {
    panelBottom = tiles(w, m, panelX, top, panelWidth);
  }
  if (m.verifier?.status === 'FAILED') {
    const y = panelBottom - 6;
    const x = JUDGED_WORKFLOWS.has(m.session.workflowType) ? panelX + 132 : panelX;
    const width = panelX + panelWidth - x;
    page.drawRectangle({ x, y: y - 16, width, height: 16, color: COLORS.oxblood });
    centred(w, INCOMPLETE_HEADING, x + width / 2, y - 11, style('bold', 6.8, COLORS.white), width - 8);
    panelBottom = y - 16;
  }
  return Math.min(detailsBottom, panelBottom) - 6;
}

/** Draws the contents at the foot of page one (clickable: see pdfNavigation.ts) and the missing-glyph note. */
export function drawCoverContents(page: PDFPage, text: TextLayout, sections: readonly SectionStart[], missing: ReadonlyMap<string, number>): ContentsLink[] {
  const w = new CoverWriter(page, text);
  const note = missing.size > 0;
  const top = PAGE.bodyBottom + contentsHeight(sections.length, note) - 4;
  const links = contents(w, sections, top);
  if (note) missingNote(w, missing, PAGE.bodyBottom + 16);
  return links;
}

/** The disclaimer runs of report.md's first block, without its "Disclaimer." label (the cover has its own). */
export function disclaimerRuns(runs: readonly InlineRun[]): InlineRun[] {
  const [first, ...rest] = runs;
  if (first && first.bold && /^disclaimer\.?$/i.test(first.text.trim())) {
    const [next, ...others] = rest;
    return next ? [{ ...next, text: next.text.replace(/^\s+/, '') }, ...others] : [];
  }
  return [...runs];
}
