import type { RGB } from 'pdf-lib';
import { PageFlow } from './pageFlow';
import { BODY_WIDTH, COLORS, PAGE, SPACE, TYPE } from './pdfTheme';
import { plainText, type Block, type InlineRun } from './reportBlocks';
import { drawTable } from './drawTable';
import { spansOf } from './runStyles';
import { INCOMPLETE_HEADING } from '../sections/verificationSection';

/** A notice written wholly in italics (`_No evidence quotes._`): shown muted, as an aside. */
const isNote = (runs: readonly InlineRun[]): boolean => runs.length > 0 && runs.every((r) => r.italic || !r.text.trim());

function paragraph(flow: PageFlow, runs: readonly InlineRun[]): void {
  const note = isNote(runs);
  const spans = spansOf(runs, TYPE.body.size, note ? COLORS.muted : COLORS.ink);
  flow.drawLines(flow.text.wrap(spans, BODY_WIDTH), PAGE.marginX, TYPE.body.size, TYPE.body.leading);
  flow.gap(SPACE.paragraph);
}

function list(flow: PageFlow, items: readonly InlineRun[][]): void {
  const indent = 14;
  for (const item of items) {
    const lines = flow.text.wrap(spansOf(item, TYPE.body.size, COLORS.ink), BODY_WIDTH - indent);
    flow.ensure(TYPE.body.leading);
    const mark = PageFlow.baseline(flow.y, TYPE.body.size, TYPE.body.leading) + TYPE.body.size * 0.22;
    flow.page.drawRectangle({ x: PAGE.marginX + 3, y: mark, width: 3.6, height: 3.6, color: COLORS.gold });
    flow.drawLines(lines, PAGE.marginX + indent, TYPE.body.size, TYPE.body.leading);
    flow.y -= 2;
  }
  flow.gap(SPACE.list);
}

/**
 * A boxed notice with a coloured bar on its left: the disclaimer when it appears in the body, and the
 * "AUDIT INCOMPLETE" status line that opens an incomplete report.
 */
export function callout(flow: PageFlow, runs: readonly InlineRun[], bar: RGB, fill: RGB): void {
  const pad = 8;
  const width = BODY_WIDTH - 2 * pad - 4;
  const lines = flow.text.wrap(spansOf(runs, TYPE.body.size, COLORS.ink), width);
  const height = lines.length * TYPE.body.leading + 2 * pad;
  // A callout longer than a page (it never is in practice) is drawn as plain lines instead of a box.
  if (height > PAGE.bodyTop - PAGE.bodyBottom) return paragraph(flow, runs);
  flow.ensure(height);
  const bottom = flow.y - height;
  flow.page.drawRectangle({ x: PAGE.marginX, y: bottom, width: BODY_WIDTH, height, color: fill });
  flow.page.drawRectangle({ x: PAGE.marginX, y: bottom, width: 3, height, color: bar });
  flow.y -= pad;
  flow.drawLines(lines, PAGE.marginX + 4 + pad, TYPE.body.size, TYPE.body.leading);
  flow.y = bottom;
  flow.gap(SPACE.paragraph + 3);
}

function heading(flow: PageFlow, level: number, runs: readonly InlineRun[]): void {
  if (level <= 2) {
    // The INCOMPLETE section's title is set in oxblood: it is the one a reader must not miss.
    const colour = plainText(runs) === INCOMPLETE_HEADING ? COLORS.oxblood : COLORS.navy;
    const lines = flow.text.wrap(spansOf(runs, TYPE.h2.size, colour).map((s) => ({ ...s, style: { ...s.style, role: 'heading' as const } })), BODY_WIDTH);
    const height = lines.length * TYPE.h2.leading + 8;
    if (flow.room < height + SPACE.keepWithSection + SPACE.beforeH2) flow.newPage();
    else flow.gap(SPACE.beforeH2);
    flow.recordSection(plainText(runs));
    flow.drawLines(lines, PAGE.marginX, TYPE.h2.size, TYPE.h2.leading);
    flow.y -= 3;
    flow.page.drawRectangle({ x: PAGE.marginX, y: flow.y - 1.2, width: BODY_WIDTH, height: 0.6, color: COLORS.rule });
    flow.page.drawRectangle({ x: PAGE.marginX, y: flow.y - 1.6, width: 46, height: 1.6, color: COLORS.gold });
    flow.y -= SPACE.afterH2;
    return;
  }
  const type = level === 3 ? TYPE.h3 : TYPE.h4;
  const color = level === 3 ? COLORS.navy : COLORS.navySoft;
  const lines = flow.text.wrap(spansOf(runs, type.size, color, { bold: true }), BODY_WIDTH);
  const height = lines.length * type.leading;
  if (flow.room < height + SPACE.keepWithHeading) flow.newPage();
  else flow.gap(level === 3 ? SPACE.beforeH3 : SPACE.beforeH3 / 2);
  flow.drawLines(lines, PAGE.marginX, type.size, type.leading);
  flow.y -= SPACE.afterH3;
}

/** Draws one block of the report body at the cursor. */
export function drawBlock(flow: PageFlow, block: Block): void {
  switch (block.kind) {
    case 'heading':
      return heading(flow, block.level, block.runs);
    case 'paragraph':
      return paragraph(flow, block.runs);
    case 'list':
      return list(flow, block.items);
    case 'quote':
      return callout(flow, block.runs, COLORS.gold, COLORS.goldPale);
    case 'table':
      return drawTable(flow, block.header, block.rows);
  }
}
