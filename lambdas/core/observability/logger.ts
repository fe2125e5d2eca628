import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The one structured logger. Log ids, stages, counts and timings only: never document text,
 * names or other personal data (Standards). Local mode silences it unless CASE_AUDIT_LOG_LEVEL is set.
 */
export const logger = new Logger({ serviceName: 'case-audit' });
