import { SqsSchema } from '@aws-lambda-powertools/parser/schemas/sqs';
import { logger } from '../core/observability/logger';
import { withObservability } from '../core/observability/lambdaObservability';
import { processUploadMessages, type BatchResponse } from './processUploadMessages';
import { queueRedelivery } from './queueRedelivery';
import { triggerDepsFromEnvironment } from './triggerDeps';

/**
 * The start-audit Lambda behind the upload queue: S3 (EventBridge) → SQS → here. Parses the batch
 * with Powertools' SQS schema and starts each upload's audit once; failed messages come back
 * through partial batch responses.
 */
const redeliver = queueRedelivery(process.env.UPLOAD_QUEUE_URL, process.env.AWS_REGION ?? 'ca-central-1');

export const handler = withObservability(async (event: unknown): Promise<BatchResponse> => {
  const batch = SqsSchema.parse(event);
  const { batchItemFailures } = await processUploadMessages(triggerDepsFromEnvironment(), batch, logger, redeliver);
  return { batchItemFailures };
});
