/** What a format-specific extractor returns; `extractDocument` adds identity and format. */
import type { ExtractedDocument } from '../../../contracts/intakeOutput';

export type ExtractionOutcome = Pick<ExtractedDocument, 'status' | 'statusDetail' | 'pages' | 'pageCount'>;

export function outcomeWithoutText(
  status: Exclude<ExtractedDocument['status'], 'ok'>,
  statusDetail: string,
  pageCount = 0,
): ExtractionOutcome {
  return { status, statusDetail, pages: [], pageCount };
}

/** "page 3", "pages 2, 5-7" (ranges collapsed; long lists shortened). */
export function describePageList(pages: readonly number[], maxRanges = 8): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    ranges.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  const shown = ranges.slice(0, maxRanges).join(', ');
  const more = ranges.length > maxRanges ? ` and ${ranges.length - maxRanges} more ranges` : '';
  return `${sorted.length === 1 ? 'page' : 'pages'} ${shown}${more}`;
}
