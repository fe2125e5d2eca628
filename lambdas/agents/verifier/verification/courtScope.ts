/**
 * Citations of courts and tribunals the bundled index does not cover (it holds SCC, FCA and FC
 * decisions): other courts' neutral citations, CanLII identifiers and IRB file numbers. The citation
 * reader returns them as `other-court` citations; this is the narrow view the resolver uses, so they
 * are reported as outside the index rather than silently ignored or, worse, passed.
 */
import { findNeutralCitations } from '../../../core/citations/cases/neutralCitation';
import { findTribunalCitations } from '../../../core/citations/cases/tribunalCitation';
import { normalizeLayout, originalSpan } from '../../../core/citations/layoutText';

export interface OutOfScopeCitation {
  start: number;
  end: number;
  /** As normalised: `2020 ONCA 123`, `2019 CanLII 12345 (CA IRB)`, `RAD TB7-19351`. */
  citation: string;
  /** Readable name of the court or tribunal, e.g. "the Court of Appeal for Ontario". */
  court: string;
  /** False when the citation provably cannot exist (a future year); `reason` says why. */
  valid: boolean;
  reason?: string;
}

/** Finds citations of courts and tribunals outside the index, in order of appearance, with spans in `text`. */
export function findOutOfScopeCitations(text: string, now: Date = new Date()): OutOfScopeCitation[] {
  const layout = normalizeLayout(text);
  const hits = [...findNeutralCitations(layout.text, now), ...findTribunalCitations(layout.text, now)];
  const out: OutOfScopeCitation[] = [];
  for (const hit of hits) {
    if (hit.data.kind !== 'other-court') continue;
    // A CanLII identifier of one of the index's own courts is still not a citation the index holds.
    const court = hit.data.canlii && ['SCC', 'FCA', 'FC', 'FCT'].includes(hit.data.court) ? `${hit.data.courtName} (cited by its CanLII identifier, which the index does not hold)` : hit.data.courtName;
    out.push({
      ...originalSpan(layout, hit.start, hit.end),
      citation: hit.data.citation,
      court,
      valid: hit.valid,
      ...(hit.reason !== undefined ? { reason: hit.reason } : {}),
    });
  }
  return out.sort((a, b) => a.start - b.start);
}
