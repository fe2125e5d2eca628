import type { RGB } from 'pdf-lib';
import { spansOf } from './runStyles';
import { PageFlow } from './pageFlow';
import { BODY_WIDTH, COLORS, PAGE, RATING_COLORS, SEVERITY_COLORS, SPACE, TABLE, TYPE } from './pdfTheme';
import { plainText, type InlineRun } from './reportBlocks';
import type { Line, PreparedText, StyledText } from './text/textLayout';
import { columnWidths, fewestLines } from './tableLayout';

/** Columns whose values are severities or ratings: shown in bold, in the colour of the value. */
const COLOURED_COLUMNS: Record<string, (value: string) => RGB | undefined> = {
  Severity: (v) => SEVERITY_COLORS[v],
  Rating: (v) => RATING_COLORS[v] ?? (v.startsWith('no evidence') ? RATING_COLORS['no-evidence'] : undefined),
};

interface LaidRow {
  cells: Line[][];
  lines: number;
}

/**
 * A table with wrapped cells that breaks across pages: the header row is repeated at the top of each
 * page, and a row taller than the room left is continued on the next page rather than cut off.
 */
export function drawTable(flow: PageFlow, header: readonly InlineRun[][], rows: readonly InlineRun[][][]): void {
  const { size, leading } = TYPE.table;
  const headerTexts = header.map(plainText);
  const headerSpans = header.map((h) => spansOf(h, size, COLORS.white, { bold: true }));
  const cellSpans: StyledText[][][] = rows.map((row) =>
    row.map((cell, c) => {
      const colour = COLOURED_COLUMNS[headerTexts[c]]?.(plainText(cell));
      return colour ? spansOf(cell, size, colour, { bold: true }) : spansOf(cell, size, COLORS.ink);
    }),
  );

  const pad = 2 * TABLE.padX;
  const columns = header.length;
  const headCells = headerSpans.map((spans) => flow.text.prepare(spans));
  const bodyCells = cellSpans.map((row) => row.map((spans) => flow.text.prepare(spans)));
  const column = (c: number) => [headCells[c], ...bodyCells.map((r) => r[c])];
  // (Half a point over the longest word keeps rounding from cutting it.)
  const minimum = Array.from({ length: columns }, (_, c) => pad + 0.5 + Math.max(...column(c).map((p) => p.longestWord)));
  const natural = Array.from({ length: columns }, (_, c) => pad + 0.5 + Math.max(...column(c).map((p) => p.natural)));
  // A two-column table of short values (label and value) is set narrower than the page, so its values stay near their labels.
  const naturalTotal = natural.reduce((a, b) => a + b, 0);
  const tableWidth = columns === 2 && naturalTotal < 0.6 * BODY_WIDTH ? Math.max(0.5 * BODY_WIDTH, naturalTotal * 1.35) : BODY_WIDTH;
  const widths = fewestLines(columnWidths(minimum, natural, tableWidth), minimum, [headCells, ...bodyCells], pad);
  const lay = (cells: PreparedText[]): LaidRow => {
    const lines = cells.map((cell, c) => flow.text.wrap(cell, widths[c] - pad));
    return { cells: lines, lines: Math.max(1, ...lines.map((l) => l.length)) };
  };
  const head = lay(headCells);
  const headHeight = head.lines * leading + 2 * TABLE.padY;
  const laid = bodyCells.map(lay);

  const drawRow = (row: LaidRow, from: number, to: number, fill: RGB | undefined, isHeader: boolean) => {
    const height = (to - from) * leading + 2 * TABLE.padY;
    const bottom = flow.y - height;
    if (fill) flow.page.drawRectangle({ x: PAGE.marginX, y: bottom, width: tableWidth, height, color: fill });
    let x = PAGE.marginX;
    row.cells.forEach((lines, c) => {
      lines.slice(from, to).forEach((line, k) => {
        flow.text.draw(flow.page, line, x + TABLE.padX, PageFlow.baseline(flow.y - TABLE.padY - k * leading, size, leading));
      });
      x += widths[c];
    });
    if (!isHeader) flow.page.drawLine({ start: { x: PAGE.marginX, y: bottom }, end: { x: PAGE.marginX + tableWidth, y: bottom }, thickness: 0.5, color: COLORS.rule });
    flow.y = bottom;
  };
  const drawHeader = () => {
    drawRow(head, 0, head.lines, COLORS.navy, true);
    flow.page.drawRectangle({ x: PAGE.marginX, y: flow.y, width: tableWidth, height: 1.2, color: COLORS.gold });
  };

  const capacity = PAGE.bodyTop - PAGE.bodyBottom - headHeight;
  // The header keeps its first row with it: the whole row when a row that fits a page would move on
  // whole (below), else its first lines (a longer row is sliced anyway).
  const firstHeight = laid.length ? laid[0].lines * leading + 2 * TABLE.padY : 0;
  const firstRow = firstHeight <= capacity ? firstHeight : Math.min(laid[0]!.lines, 3) * leading + 2 * TABLE.padY;
  flow.ensure(headHeight + firstRow);
  drawHeader();
  laid.forEach((row, r) => {
    const fill = r % 2 === 1 ? COLORS.paperShade : undefined;
    const height = row.lines * leading + 2 * TABLE.padY;
    if (height > flow.room && height <= capacity) {
      flow.newPage();
      drawHeader();
    }
    // A row taller than a whole page goes on in slices, each under a repeated header.
    let from = 0;
    while (from < row.lines) {
      const fits = Math.floor((flow.room - 2 * TABLE.padY) / leading);
      if (fits < 1) {
        flow.newPage();
        drawHeader();
        continue;
      }
      const to = Math.min(row.lines, from + fits);
      drawRow(row, from, to, fill, false);
      from = to;
    }
  });
  flow.gap(SPACE.table);
}
