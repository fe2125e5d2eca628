/**
 * The limits on what one audit reads (docs/reliability.md), in one place below the code that pins,
 * stores and reads documents, so the local CLI, the API and the Lambdas refuse the same things.
 */

/** One document: larger files get the `too-large` status without being read (Intake's MAX_DOCUMENT_BYTES is the same 50 MB). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

/**
 * Documents in one case. A case over it is refused as a whole, naming the limit, rather than cut:
 * a cut would leave out documents at random (the ones sorted last) and report them missing.
 */
export const MAX_CASE_DOCUMENTS = 5_000;
