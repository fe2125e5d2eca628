import { Console } from 'node:console';
import { Logger } from '@aws-lambda-powertools/logger';
import type { ConstructorOptions } from '@aws-lambda-powertools/logger/types';

/**
 * Powertools Logger that writes every level to stderr. Lambda sends stdout and stderr alike to
 * CloudWatch, but locally stdout carries the command's result (`case-audit run --json`), which a log
 * line must never corrupt.
 */
class StderrLogger extends Logger {
  constructor(options: ConstructorOptions = {}) {
    super(options);
    (this as unknown as { console: Console }).console = new Console({ stdout: process.stderr, stderr: process.stderr });
  }

  protected override createLogger(options?: ConstructorOptions): StderrLogger {
    return new StderrLogger(options);
  }
}

/**
 * The one structured logger. Log ids, stages, counts and timings only: never document text,
 * names or other personal data (Standards). Local mode silences it unless CASE_AUDIT_LOG_LEVEL is set.
 */
export const logger: Logger = new StderrLogger({ serviceName: 'case-audit' });
