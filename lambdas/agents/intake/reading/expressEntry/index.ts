/**
 * What an Express Entry application is assessed on, read from its documents: language test results
 * and the periods of work and full-time study (lambdas/law/expressEntry/ counts them).
 */
import type { TimelineEvent } from '../../../../contracts/caseFacts';
import type { ReadingDocument } from '../readingDocument';
import { readLanguageTest } from './readLanguageTest';
import { readWorkPeriods } from './readWorkPeriods';

export function readExpressEntryFacts(doc: ReadingDocument): TimelineEvent[] {
  return [...readLanguageTest(doc), ...readWorkPeriods(doc)];
}
