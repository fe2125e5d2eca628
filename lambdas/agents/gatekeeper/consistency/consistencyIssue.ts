import type { Evidence } from '../../../contracts/intakeOutput';

/** Every finding the consistency checks can raise; each is a row of findings/severityRules.json. */
export const CONSISTENCY_CODES = [
  'never-refused-contradicted',
  'never-refused-unordered',
  'previous-marriage-undisclosed',
  'date-of-birth-mismatch',
  'name-spelling-variant',
  'marriage-date-mismatch',
  'relationship-start-mismatch',
  'first-meeting-mismatch',
  'children-count-mismatch',
  'address-mismatch',
  'employment-period-contradicted',
  'employment-position-contradicted',
  'history-gap',
  'history-overlap',
  'criminality-undisclosed',
  'overstay-undisclosed',
  'removal-undisclosed',
  'previous-sponsorship-undisclosed',
  'reading-conflict',
] as const;
export type ConsistencyCode = (typeof CONSISTENCY_CODES)[number];

/**
 * What a consistency check found, before the rule table (findings/severityRules.json) gives it a
 * severity, a provision and a fix. `code` is the row of that table.
 */
export interface ConsistencyIssue {
  code: ConsistencyCode;
  /** One or two plain sentences naming the documents and the values that disagree. */
  summary: string;
  /** Verbatim quotes of each side (at least one). */
  evidence: Evidence[];
  /** Names of the documents involved, for the required fix. */
  documents: string[];
}

/** `a`, `a and b`, `a, b and c`. */
export function listNames(names: readonly string[]): string {
  const unique = [...new Set(names)];
  if (unique.length <= 1) return unique[0] ?? '';
  return `${unique.slice(0, -1).join(', ')} and ${unique[unique.length - 1]}`;
}
