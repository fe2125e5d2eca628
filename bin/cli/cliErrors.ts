/** Exit codes: 0 succeeded, 1 audit failed, 2 bad arguments or input, 3 audit incomplete (manual review). */
export const EXIT = { ok: 0, failed: 1, usage: 2, incomplete: 3 } as const;

/** A problem with what the user asked for; printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Errors that are the user's to fix: one line, exit 2. */
const USAGE_ERRORS = new Set(['UsageError', 'InvalidAuditRequest']);

/**
 * How the CLI ends on an error: one line on stderr (and the stack with CASE_AUDIT_DEBUG, for an
 * error that is not the user's), and the exit code: 2 for the user's mistakes, else 1.
 */
export function reportError(e: unknown, clean: (text: string) => string): number {
  const error = e instanceof Error ? e : new Error(String(e));
  const usage = USAGE_ERRORS.has(error.name);
  process.stderr.write(`case-audit: ${clean(error.message)}\n`);
  if (!usage && process.env.CASE_AUDIT_DEBUG) process.stderr.write(`${error.stack}\n`);
  return usage ? EXIT.usage : EXIT.failed;
}
