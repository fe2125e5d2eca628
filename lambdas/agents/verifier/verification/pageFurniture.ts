/**
 * Running headers, running footers and page numbers: the lines a printed document repeats at the top
 * or bottom of its pages. Between the two halves of a citation that runs onto the next page they
 * would stand in the middle of it ("Baker v. Canada (Minister of Citizenship and / Page 3 of 12 /
 * Smith & Associates — Submissions / Immigration), [1999] 2 S.C.R. 817"), so the citation reader
 * reads the pages without them. Only a page's first and last lines are candidates, so the body of a
 * page is never touched.
 */

/** "- 3 -", "(3)", "Page 3", "Page 3 of 12", "3/12", "p. 3", "Page 3 de 12", "3 sur 12". */
const PAGE_NUMBER = /^(?:(?:page|p\.|pg\.?)\s*\d{1,4}(?:\s*(?:of|\/|de|sur)\s*\d{1,4})?|[-–—(]\s*\d{1,4}\s*[-–—)]|\d{1,4}\s*(?:of|\/|sur)\s*\d{1,4})$/i;
/**
 * A bare number is a page number only where it is this page's number (counting the first page as 1
 * or 0): elsewhere it may be the page of a report citation that runs onto the next line ("[1999] 2
 * S.C.R." / "817").
 */
const isBarePageNumber = (line: string, pageIndex: number) => /^\d{1,4}$/.test(line) && [pageIndex, pageIndex + 1].includes(Number(line));

/** A line as it repeats from page to page: case and spacing ignored, numbers (dates, page numbers) alike. */
const shapeOf = (line: string) => line.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\d+/g, '#');

function edgeLines(page: string): { first?: string; last?: string } {
  const lines = page.split('\n').map((l) => l.trim()).filter(Boolean);
  return { first: lines[0], last: lines.length > 1 ? lines[lines.length - 1] : undefined };
}

/** How often each shape stands as the first (or last) line of a page. */
function shapeCounts(lines: ReadonlyArray<string | undefined>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) if (line) counts.set(shapeOf(line), (counts.get(shapeOf(line)) ?? 0) + 1);
  return counts;
}

/**
 * The pages with their running headers and footers and page-number lines taken off their edges. A
 * first or last line is furniture when it is a page number, or when its shape stands at the same
 * edge of at least two pages and of half the pages or more.
 */
export function withoutPageFurniture(pages: readonly string[]): string[] {
  const edges = pages.map(edgeLines);
  const repeated = (counts: Map<string, number>, line: string) => {
    const n = counts.get(shapeOf(line)) ?? 0;
    return n >= 2 && n * 2 >= pages.length;
  };
  const firsts = shapeCounts(edges.map((e) => e.first));
  const lasts = shapeCounts(edges.map((e) => e.last));
  return pages.map((page, pageIndex) => {
    const isFurniture = (line: string, counts: Map<string, number>) =>
      PAGE_NUMBER.test(line.trim()) || isBarePageNumber(line.trim(), pageIndex) || (!/^\d+$/.test(line.trim()) && repeated(counts, line));
    const lines = page.split('\n');
    // Up to two lines at each edge: a header and a page number may stand one above the other.
    for (let taken = 0; taken < 2; taken++) {
      const at = lines.findIndex((l) => l.trim() !== '');
      if (at === -1 || !isFurniture(lines[at], firsts)) break;
      lines.splice(0, at + 1);
    }
    for (let taken = 0; taken < 2; taken++) {
      let at = lines.length - 1;
      while (at >= 0 && lines[at].trim() === '') at--;
      if (at <= 0 || !isFurniture(lines[at], lasts)) break;
      lines.splice(at);
    }
    return lines.join('\n');
  });
}
