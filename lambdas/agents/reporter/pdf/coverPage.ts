import { LineCapStyle, type PDFPage } from 'pdf-lib';
import { describeModelChoice } from '../../../core/model/modelChoice';
import type { ReportModel } from '../reportModel';
import { JUDGED_WORKFLOWS } from '../renderReport';
import { applicationLabel } from '../sections/caseSummary';
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

export interface CoverInput {
  model: ReportModel;
  /** The disclaimer as report.md states it (its first block), without the leading "Disclaimer." label. */
  disclaimer: readonly InlineRun[];
  sections: readonly SectionStart[];
  /** Characters drawn as the placeholder anywhere in the document. */
  missing: ReadonlyMap<string, number>;
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

/** The navy title band runs from the top of the cover down to here (its gold edge lies just below). */
const BAND_BOTTOM = PAGE.height - 236;

/** The title band's text: what the report is and which case it is about (the band is painted first). */
function band(w: CoverWriter, m: ReportModel): void {
  const { page } = w;
  page.drawRectangle({ x: 0, y: BAND_BOTTOM, width: PAGE.width, height: 3, color: COLORS.gold });
  const x = PAGE.marginX;
  // A large section mark, barely lighter than the band: the report's emblem.
  const mark = style('heading', 180, COLORS.navyMark);
  w.line('§', PAGE.width - PAGE.marginX - w.text.widthOf('§', mark), BAND_BOTTOM + 46, mark, 120);
  w.line('CASE AUDIT', x, PAGE.height - 62, style('bold', 9, COLORS.gold), BODY_WIDTH);
  page.drawRectangle({ x, y: PAGE.height - 72, width: 34, height: 1.4, color: COLORS.gold });
  const titleLines = w.block(m.workflowTitle, x, PAGE.height - 88, style('heading', 30, COLORS.white), 36, BODY_WIDTH, 2);
  let y = PAGE.height - 88 - titleLines * 36 - 4;
  w.line(SUBTITLES[m.session.workflowType] ?? 'Judicial defensibility report', x, y - 12, style('italic', 13, COLORS.goldLight), BODY_WIDTH);
  y -= 34;
  // One line here; the facts below the disclaimer give the case id in full.
  w.line(`Case ${m.session.caseId}`, x, y - 12, style('bold', 12.5, COLORS.white), BODY_WIDTH);
  y -= 18;
  w.line(`${reportDate(m.generatedAt)} · audit ${m.session.auditId}`, x, y - 10, style('regular', 8.6, COLORS.goldLight), BODY_WIDTH);
}

/** The disclaimer, boxed under the title band: the first thing the report says (DESIGN §4). */
function disclaimerBox(w: CoverWriter, disclaimer: readonly InlineRun[], top: number): number {
  const pad = 10;
  const inner = BODY_WIDTH - 2 * pad - 4;
  const lines = w.text.wrap(spansOf(disclaimer, 8.6, COLORS.ink), inner);
  const height = 14 + lines.length * 11.6 + 2 * pad;
  const bottom = top - height;
  w.page.drawRectangle({ x: PAGE.marginX, y: bottom, width: BODY_WIDTH, height, color: COLORS.goldPale });
  w.page.drawRectangle({ x: PAGE.marginX, y: bottom, width: 3, height, color: COLORS.gold });
  w.line('DISCLAIMER — PLEASE READ FIRST', PAGE.marginX + 4 + pad, top - pad - 7, style('bold', 7.6, COLORS.navy), inner);
  lines.forEach((line, i) => w.text.draw(w.page, line, PAGE.marginX + 4 + pad, top - pad - 14 - i * 11.6 - 8.6));
  return bottom;
}

/** Label and value rows: the facts of the audit (a long value wraps, up to three lines). Returns the bottom. */
function details(w: CoverWriter, m: ReportModel, top: number, width: number): number {
  const notRun = JUDGED_WORKFLOWS.has(m.session.workflowType) ? 'not available' : 'not run (this workflow cites no authorities)';
  const verification = !m.verifier ? notRun : m.verifier.status === 'PASS' ? 'PASS' : 'INCOMPLETE';
  const rows: Array<[string, string]> = [
    ['Case', m.session.caseId],
    ['Workflow', `${m.workflowTitle} (${m.session.workflowType})`],
    ['Tier', TIER_LABELS[m.session.tier] ?? m.session.tier],
    ['Application', applicationLabel(m.intake.applicationType)],
    ['Documents', `${m.intake.documents.length} in the file, ${m.intake.documents.filter((d) => d.status === 'ok').length} read without issue`],
    ['Verification', verification],
    ['Analysis mode', describeModelChoice(m.session.model)],
    ['Generated', reportDate(m.generatedAt)],
    ['Audit id', m.session.auditId],
  ];
  w.line('THE AUDIT', PAGE.marginX, top - 8, style('bold', 7.6, COLORS.gold), width);
  let y = top - 20;
  const labelWidth = 74;
  const leading = 11;
  for (const [label, value] of rows) {
    const alert = label === 'Verification' && value === 'INCOMPLETE';
    w.line(label, PAGE.marginX, y - 9, style('regular', 8.2, COLORS.muted), labelWidth - 6);
    const lines = w.block(value, PAGE.marginX + labelWidth, y - 0.5, style(alert ? 'bold' : 'regular', 8.6, alert ? COLORS.oxblood : COLORS.ink), leading, width - labelWidth, 3);
    y -= 17 + (lines - 1) * leading;
    w.page.drawLine({ start: { x: PAGE.marginX, y: y + 3 }, end: { x: PAGE.marginX + width, y: y + 3 }, thickness: 0.4, color: COLORS.rule });
  }
  return y;
}

/** The contents: each section title with its page, dotted leaders between (two columns when long). */
function contents(w: CoverWriter, sections: readonly SectionStart[], top: number, bottom: number): ContentsLink[] {
  const links: ContentsLink[] = [];
  w.line('IN THIS REPORT', PAGE.marginX, top - 8, style('bold', 7.6, COLORS.gold), BODY_WIDTH);
  const rowHeight = 15;
  const rowsAvailable = Math.max(1, Math.floor((top - 22 - bottom) / rowHeight));
  const columns = sections.length > rowsAvailable ? 2 : 1;
  const perColumn = Math.min(rowsAvailable, Math.ceil(sections.length / columns));
  const gutter = 24;
  const columnWidth = columns === 1 ? BODY_WIDTH : (BODY_WIDTH - gutter) / 2;
  const entry = style('regular', 9, COLORS.ink);
  const number = style('bold', 9, COLORS.navy);
  const shown = sections.slice(0, perColumn * columns);
  shown.forEach((section, i) => {
    const x = PAGE.marginX + Math.floor(i / perColumn) * (columnWidth + gutter);
    const y = top - 22 - (i % perColumn) * rowHeight;
    const pageLabel = String(section.pageIndex + 1);
    const pageWidth = w.text.widthOf(pageLabel, number);
    const title = w.line(section.title, x, y - 10, entry, columnWidth - pageWidth - 24);
    w.line(pageLabel, x + columnWidth - pageWidth, y - 10, number, 30);
    const dotsFrom = x + title.width + 6;
    const dotsTo = x + columnWidth - pageWidth - 6;
    if (dotsTo > dotsFrom) {
      w.page.drawLine({ start: { x: dotsFrom, y: y - 9.6 }, end: { x: dotsTo, y: y - 9.6 }, thickness: 0.9, color: COLORS.slate, dashArray: [0.01, 3.6], lineCap: LineCapStyle.Round });
    }
    links.push({ rect: [x, y - 14, x + columnWidth, y + 1], section });
  });
  if (sections.length > shown.length) w.line(`and ${sections.length - shown.length} more (see the bookmarks)`, PAGE.marginX, bottom + 2, style('italic', 8, COLORS.muted), BODY_WIDTH);
  return links;
}

/** A note on characters the embedded fonts cannot show (they appear as the placeholder; report.md has the exact text). */
function missingNote(w: CoverWriter, missing: ReadonlyMap<string, number>, top: number): void {
  if (!missing.size) return;
  const total = [...missing.values()].reduce((a, b) => a + b, 0);
  const note =
    `${total} character${total === 1 ? '' : 's'} (for example emoji, or a script the bundled fonts do not cover) ` +
    `cannot be shown by this PDF's fonts and ${total === 1 ? 'appears' : 'appear'} as ${PLACEHOLDER}. report.md has the exact text.`;
  w.block(note, PAGE.marginX, top, style('italic', 7.6, COLORS.muted), 10, BODY_WIDTH, 2);
}

/**
 * Draws the cover on `page`: the disclaimer first (first in the page's text as well), then the title
 * band, the audit's facts beside the score gauge and the outcome badge, and the contents.
 */
export function drawCover(page: PDFPage, text: TextLayout, input: CoverInput): ContentsLink[] {
  const w = new CoverWriter(page, text);
  const m = input.model;
  // Paint the band first so the disclaimer (drawn next, below it) is the first text of the page.
  page.drawRectangle({ x: 0, y: BAND_BOTTOM, width: PAGE.width, height: PAGE.height - BAND_BOTTOM, color: COLORS.navy });
  const disclaimerBottom = disclaimerBox(w, input.disclaimer, BAND_BOTTOM - 18);
  band(w, m);
  const detailsTop = disclaimerBottom - 18;
  const rightWidth = 196;
  const detailsBottom = details(w, m, detailsTop, BODY_WIDTH - rightWidth - 28);
  const rightX = PAGE.marginX + BODY_WIDTH - rightWidth;
  let rightBottom: number;
  if (JUDGED_WORKFLOWS.has(m.session.workflowType)) {
    gauge(w, m, rightX + rightWidth / 2, detailsTop - 78);
    rightBottom = badge(w, m, rightX, detailsTop - 116, rightWidth);
  } else {
    rightBottom = tiles(w, m, rightX, detailsTop, rightWidth);
  }
  if (m.verifier?.status === 'FAILED') {
    const y = rightBottom - 10;
    page.drawRectangle({ x: rightX, y: y - 18, width: rightWidth, height: 18, color: COLORS.oxblood });
    centred(w, INCOMPLETE_HEADING, rightX + rightWidth / 2, y - 12, style('bold', 7.4, COLORS.white), rightWidth - 8);
    rightBottom = y - 18;
  }
  const contentsTop = Math.min(detailsBottom, rightBottom) - 30;
  const noteLines = input.missing.size ? 2 : 0;
  const links = contents(w, input.sections, contentsTop, PAGE.bodyBottom + 4 + noteLines * 10);
  missingNote(w, input.missing, PAGE.bodyBottom + noteLines * 10 - 4);
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
