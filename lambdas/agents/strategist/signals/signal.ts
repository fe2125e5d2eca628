/** What a signal finder returns for one rubric factor. */
import type { FactorRating } from '../../../contracts/strategistOutput';
import type { Evidence } from '../../../contracts/intakeOutput';
import type { CaseFile } from '../text/caseFile';

export interface Signal {
  rating: FactorRating;
  /** One plain line in our own words: what was found (dates, counts, amounts), never a document's sentence. */
  finding: string;
  /** Verbatim quotes behind the finding; required for `adverse`. */
  evidence: Evidence[];
  /** Provisions the file itself raises for this factor (e.g. the ground a refusal letter names), canonical ids. */
  provisions?: string[];
}

/** Deterministic: the same file always gives the same signal. */
export type SignalFinder = (file: CaseFile) => Signal;

export function noEvidence(finding: string): Signal {
  return { rating: 'no-evidence', finding, evidence: [] };
}
