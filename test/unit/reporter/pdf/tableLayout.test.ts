/**
 * A report table is set in the fewest lines its text allows: width moves to the column whose text
 * would fit on one line, away from a column that wraps anyway, and never below a column's longest word.
 */
import { columnWidths, fewestLines, lineCount, type CellWords } from '../../../../lambdas/agents/reporter/pdf/tableLayout';

/** A cell of `n` words of `w` points each, a 3-point space after each but the last. */
const cell = (n: number, w = 20): CellWords => ({ words: Array.from({ length: n }, (_, i) => ({ width: w, trailing: i < n - 1 ? 3 : 0 })) });
const height = (rows: CellWords[][], widths: number[], pad = 0) => rows.reduce((sum, row) => sum + Math.max(...row.map((c, i) => lineCount(c, widths[i] - pad))), 0);

describe('how many lines a cell takes', () => {
  it('wraps at the width, one word per line at the narrowest', () => {
    // Five words of 20 points with four 3-point spaces between them: 112 points on one line.
    expect(lineCount(cell(5), 112)).toBe(1);
    expect(lineCount(cell(5), 111)).toBe(2);
    expect(lineCount(cell(5), 20)).toBe(5);
  });

  it('cuts a word wider than the column into pieces, as the wrapper does', () => {
    expect(lineCount({ words: [{ width: 100, trailing: 0 }] }, 40)).toBe(3);
  });
});

describe('column widths of a report table', () => {
  // Factor names of 7 short words (158 points) beside short findings (227 points), and one long
  // finding (917 points) that wraps whatever it gets: shared by text length, the names get 68 points.
  const rows = [...Array.from({ length: 5 }, () => [cell(7), cell(10)]), [cell(7), cell(40)]];
  const minimum = [20, 20];

  it('widens a column that then fits on one line when another column wraps anyway', () => {
    const start = columnWidths(minimum, [158, 917], 400);
    expect(height(rows, start)).toBe(18);
    const widths = fewestLines(start, minimum, rows, 0);
    expect(height(rows, widths)).toBeLessThan(height(rows, start));
    expect(height(rows, widths)).toBe(9);
    expect(lineCount(cell(7), widths[0]!)).toBe(1);
    expect(widths[0]! + widths[1]!).toBeCloseTo(400);
  });

  it('never takes a column below its longest word', () => {
    const wide = [[{ words: [{ width: 240, trailing: 0 }] }, cell(40)]];
    const widths = fewestLines([250, 250], [240, 20], wide, 0);
    expect(widths[0]).toBeGreaterThanOrEqual(240);
  });

  it('keeps the first share when no move saves a line', () => {
    const even = [[cell(2), cell(2)]];
    expect(fewestLines([100, 100], minimum, even, 0)).toEqual([100, 100]);
  });
});
