import { SqsSchema } from '@aws-lambda-powertools/parser/schemas/sqs';
import { logger } from '../core/observability/logger';
import { withObservability } from '../core/observability/lambdaObservability';
import { processUploadMessages, type BatchResponse } from './processUploadMessages';
import { triggerDepsFromEnvironment } from './triggerDeps';

/**
 * The start-audit Lambda behind the upload queue: S3 (EventBridge) → SQS → here. Parses the batch
 * with Powertools' SQS schema and starts each upload's audit once; failed messages come back
 * through partial batch responses.
 */
export const handler = withObservability(async (event: unknown): Promise<BatchResponse> => {
  const batch = SqsSchema.parse(event);
  const { batchItemFailures } = await processUploadMessages(triggerDepsFromEnvironment(), batch, logger);
  return { batchItemFailures };
});
