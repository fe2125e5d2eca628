/**
 * Column widths of a report table. A table's height is what a reader pays for, so the widths are the
 * ones that set the table in the fewest lines: first a share of the width in proportion to each
 * column's text, then width moved between columns while that saves lines (a factor name that fits on
 * one line when its column is a little wider, against a finding column that wraps anyway).
 */
import { TABLE } from './pdfTheme';

/** A cell's words as the wrapper sees them: each word's width and the space after it. */
export interface CellWords {
  words: readonly { width: number; trailing: number }[];
}

/**
 * Column widths that fill the width: each column gets at least its longest word (so words are cut
 * only when a column cannot hold them) and the rest is shared in proportion to how much wider each
 * column's text would be on one line.
 */
export function columnWidths(minimum: readonly number[], natural: readonly number[], available: number): number[] {
  const min = minimum.map((m) => Math.max(TABLE.minColumn, Math.min(m, available / minimum.length)));
  const nat = natural.map((n, i) => Math.max(min[i], n));
  const sumMin = min.reduce((a, b) => a + b, 0);
  const sumNat = nat.reduce((a, b) => a + b, 0);
  if (sumNat <= available) return nat.map((n) => (n * available) / sumNat);
  if (sumMin >= available) return min.map((m) => (m * available) / sumMin);
  const spread = sumNat - sumMin;
  return min.map((m, i) => m + ((available - sumMin) * (nat[i] - m)) / spread);
}

/** How many lines a cell's words take at a width (the wrapper's rule: a word wider than the line is cut). */
export function lineCount(cell: CellWords, maxWidth: number): number {
  let lines = 1;
  let width = 0;
  let open = false;
  for (const word of cell.words) {
    if (open && width + word.width > maxWidth) {
      lines += 1;
      width = 0;
      open = false;
    }
    if (!open && word.width > maxWidth) {
      const pieces = Math.ceil(word.width / maxWidth);
      lines += pieces - 1;
      width = word.width - (pieces - 1) * maxWidth + word.trailing;
      open = true;
      continue;
    }
    width += word.width + word.trailing;
    open = true;
  }
  return lines;
}

/** Amounts (points) of width one move may shift: a column often needs a large shift before it saves a line. */
const SHIFTS = [3, 8, 16, 32, 48, 64, 96, 128] as const;
/** Moves tried at most, so a long table costs a bounded time to lay out. */
const MAX_MOVES = 40;

/**
 * Widths that set the rows (`rows[r][c]`, the header among them) in no more lines than `start` does:
 * width is moved from one column to another while a move lowers the total, and never below a column's
 * minimum. `pad` is the cell padding inside each width.
 */
export function fewestLines(start: readonly number[], minimum: readonly number[], rows: readonly (readonly CellWords[])[], pad: number): number[] {
  const widths = [...start];
  const columns = widths.length;
  if (columns < 2 || !rows.length) return widths;
  const counts = (c: number, width: number) => rows.map((row) => lineCount(row[c], width - pad));
  const current = widths.map((w, c) => counts(c, w));
  const total = (cols: readonly (readonly number[])[]) => rows.reduce((sum, _, r) => sum + Math.max(...cols.map((col) => col[r])), 0);
  let height = total(current);
  for (let moves = 0; moves < MAX_MOVES; moves++) {
    let best: { to: number; from: number; shift: number; height: number; toLines: number[]; fromLines: number[] } | undefined;
    for (const shift of SHIFTS) {
      for (let to = 0; to < columns; to++) {
        for (let from = 0; from < columns; from++) {
          if (to === from || widths[from] - shift < minimum[from]) continue;
          const toLines = counts(to, widths[to] + shift);
          const fromLines = counts(from, widths[from] - shift);
          const h = total(current.map((col, c) => (c === to ? toLines : c === from ? fromLines : col)));
          // The smallest shift that saves the most lines wins: width stays where the first share put it otherwise.
          if (h < (best?.height ?? height)) best = { to, from, shift, height: h, toLines, fromLines };
        }
      }
    }
    if (!best) break;
    widths[best.to] += best.shift;
    widths[best.from] -= best.shift;
    current[best.to] = best.toLines;
    current[best.from] = best.fromLines;
    height = best.height;
  }
  return widths;
}
