import { findNeutralCitations } from './neutralCitation';
import { findReporterCitations } from './reporterCitation';

/**
 * The normalised form of a string that is exactly one neutral or reporter citation
 * (`2019 CSC 65` → `2019 SCC 65`, `[1999] 2 S.C.R. 817` → `[1999] 2 SCR 817`), else undefined.
 */
export function normalizeCitation(text: string): string | undefined {
  const trimmed = text.trim();
  const now = new Date();
  const hits = [...findNeutralCitations(trimmed, now), ...findReporterCitations(trimmed, now)];
  if (hits.length !== 1 || hits[0].start !== 0 || hits[0].end !== trimmed.length) return undefined;
  return hits[0].citation;
}
