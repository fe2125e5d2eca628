import type { Evidence } from '../../../contracts/intakeOutput';

/**
 * Where a quote was read, as raw text: "name.pdf, p. 2" (the docId is the client's own file name).
 * Raw on purpose: callers hand it to `table()` or `inline()`, which escape it.
 */
export const evidenceSource = (e: Evidence): string => `${e.docId}${e.page ? `, p. ${e.page}` : ''}`;

/** Every distinct place a list of quotes was read, in first-seen order, as raw text joined by "; ". */
export function evidenceSources(evidence: readonly Evidence[], max = Infinity): string {
  const places = [...new Set(evidence.map(evidenceSource))];
  const more = places.length - max;
  return more > 0 ? `${places.slice(0, max).join('; ')} and ${more} more` : places.join('; ');
}
