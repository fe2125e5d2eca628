import { logger } from '../core/observability/logger';
import { withObservability } from '../core/observability/lambdaObservability';
import { SqsBatch } from './objectCreatedEvent';
import { processUploadMessages, type BatchResponse } from './processUploadMessages';
import { triggerDepsFromEnvironment } from './triggerDeps';

/**
 * The start-audit Lambda behind the upload queue: S3 (EventBridge) → SQS → here. Parses the batch
 * with zod and starts each upload's audit once; failed messages come back through partial batch
 * responses.
 */
export const handler = withObservability(async (event: unknown): Promise<BatchResponse> => {
  const batch = SqsBatch.parse(event);
  const { batchItemFailures } = await processUploadMessages(triggerDepsFromEnvironment(), batch, logger);
  return { batchItemFailures };
});
