/** Exit codes: 0 succeeded, 1 audit failed, 2 bad arguments or input, 3 audit incomplete (manual review). */
export const EXIT = { ok: 0, failed: 1, usage: 2, incomplete: 3 } as const;

/** A problem with what the user asked for; printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
