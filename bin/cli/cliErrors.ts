import { EXIT } from '../../local/run/exitCodes';

/** Errors that are the user's to fix: one line, exit 2. */
const USAGE_ERRORS = new Set([
  'UsageError',
  'InvalidAuditRequest',
  'DataFolderNotOurs',
  // A review decision the audit cannot take (lambdas/review/reviewErrors.ts).
  'NotAwaitingReview',
  'ReviewPeriodExpired',
  'UnknownReturnStage',
  'SecondReturnRefused',
  'InvalidReviewDecision',
]);

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
