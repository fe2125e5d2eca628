import { findNeutralCitations } from './cases/neutralCitation';
import { findReporterCitations } from './cases/reporterCitation';
import { normalizeLayout } from './layoutText';

/**
 * The normalised form of a string that is exactly one neutral or law-report citation of the
 * index's courts (`2019 CSC 65` → `2019 SCC 65`, `[1999] 2 S.C.R. 817` → `[1999] 2 SCR 817`,
 * `[2009] 3 F.C. 446` → `[2009] 3 FCR 446`), else undefined.
 */
export function normalizeCitation(text: string): string | undefined {
  const clean = normalizeLayout(text.trim()).text.trim();
  const now = new Date();
  const hits = [...findNeutralCitations(clean, now), ...findReporterCitations(clean, now)].filter((h) => h.data.kind !== 'other-court');
  if (hits.length !== 1 || hits[0].start !== 0 || hits[0].end !== clean.length) return undefined;
  return hits[0].data.citation;
}
