/**
 * Exit codes: 0 succeeded, 1 audit failed, 2 bad arguments or input, 3 audit incomplete (manual
 * review), 4 the audit awaits a reviewer's decision (`case-audit review`; nothing failed), 130 interrupted (Ctrl-C, as shells report SIGINT, or the data folder's host stopped under
 * the command): the audit is kept for `case-audit resume`.
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, incomplete: 3, awaitingReview: 4, interrupted: 130 } as const;

/** A problem with what the user asked for; printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
