import * as z from 'zod';

/** The Verifier's output: every citation checked, with the outcome of each that failed. */

/**
 * How a citation that did not verify ended (DESIGN §3). `verdict: 'verified'` carries no issue.
 *
 * - `unverified`: well-formed and plausible, but in none of the configured sources (a real decision
 *   outside the bundled index, a court or tribunal outside it, a policy source, a style of cause
 *   without a citation, text that is not a recognisable citation). It is never called fabricated,
 *   but it is still never presented as authority, so it still fails verification.
 * - `fabricated`: provably impossible (the citation parser's `valid: false`: a future year, a court
 *   that did not issue neutral citations that year, an out-of-range number, a report volume or page
 *   that cannot exist; with the statute index, a provision that does not exist).
 * - `name-mismatch`: the citation is of another decision than the style of cause written with it.
 * - `superseded` / `overruled`: no longer good law; the detail and `replacement` name what replaced it.
 *   The index's statuses map as: `overruled` (reversed on appeal, or overruled by a higher court) →
 *   `overruled`; `superseded` and `overtaken-in-part` (a later decision replaced the framework the
 *   decision is usually cited for; the detail says "overtaken in part") → `superseded`.
 * - `repealed`: a provision that is no longer in force (decided by the statute index).
 * - `proposition-mismatch`: the authority does not support what it is cited for.
 */
export const CitationIssue = z.enum(['unverified', 'fabricated', 'name-mismatch', 'superseded', 'overruled', 'repealed', 'proposition-mismatch']);
export type CitationIssue = z.infer<typeof CitationIssue>;

/**
 * Values written by earlier versions, read as today's outcome: `not-found` lumped together real
 * decisions outside the index and impossible ones, so it is read as the cautious `unverified`.
 */
const LEGACY_ISSUES: Readonly<Record<string, CitationIssue>> = { 'not-found': 'unverified' };

/** A stored outcome: today's values, or a legacy value mapped to today's. */
const StoredCitationIssue = z.preprocess((value) => (typeof value === 'string' ? (LEGACY_ISSUES[value] ?? value) : value), CitationIssue);

export const CheckedCitation = z.strictObject({
  citation: z.string(),
  name: z.string().optional(),
  /** Where it was found: an agent stage (`detective`, `strategist`, …) or `document:<docId>`. */
  foundIn: z.string(),
  verdict: z.enum(['verified', 'failed']),
  issue: StoredCitationIssue.optional(),
  /** Human-readable: "in the index and good law: …", "could not be verified offline: …", "superseded by …", … */
  detail: z.string(),
  /** For `superseded` / `overruled` / `repealed`: the authority now in force. */
  replacement: z.string().optional(),
});
export type CheckedCitation = z.infer<typeof CheckedCitation>;

export const FailedCitation = z.strictObject({
  citation: z.string(),
  issue: StoredCitationIssue,
  attempts: z.number().int().positive(),
  detail: z.string(),
  foundIn: z.string(),
  recommendedAction: z.string(),
});
export type FailedCitation = z.infer<typeof FailedCitation>;

/**
 * One look-up of a citation in an external source (CanLII) by the verifier. Kept in the verifier's
 * output so that later verification runs of the same audit reuse the answer instead of asking again
 * (the cache is per audit). `unavailable` answers are not reused: a later run may try again.
 */
export const ExternalLookup = z.strictObject({
  source: z.literal('canlii'),
  /** The normalised neutral citation looked up, e.g. `2021 FC 1052`. */
  citation: z.string(),
  /** `no-such-case`: the source answered that it has no decision at that citation. */
  outcome: z.enum(['found', 'no-such-case', 'unavailable']),
  /** For `found`: the style of cause and citation as the source gives them, and its address. */
  title: z.string().optional(),
  sourceCitation: z.string().optional(),
  url: z.string().optional(),
  /** For `unavailable`: why (rate-limited, down, refused, invalid response), without any document text. */
  reason: z.string().optional(),
});
export type ExternalLookup = z.infer<typeof ExternalLookup>;

export const VerifierOutput = z.strictObject({
  status: z.enum(['PASS', 'FAILED']),
  iteration: z.number().int().positive(),
  checked: z.array(CheckedCitation),
  failed: z.array(FailedCitation),
  /** External look-ups made or reused by this run (absent when no external source is configured). */
  externalLookups: z.array(ExternalLookup).optional(),
  /**
   * The audit's research calls after this run (the tier's limit is per audit, DESIGN §2): the calls
   * already used when it started plus its own external look-ups. Absent when no external source is
   * configured (the verifier then makes no call).
   */
  researchCalls: z.strictObject({ used: z.number().int().nonnegative(), limit: z.number().int().positive() }).optional(),
});
export type VerifierOutput = z.infer<typeof VerifierOutput>;
