import { ChangeMessageVisibilityCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Redeliver } from './processUploadMessages';

/**
 * Redelivery of an upload event whose documents are still landing: the message becomes visible again
 * after the delay instead of after the queue's visibility timeout (12 minutes). The queue is the one
 * the function consumes (UPLOAD_QUEUE_URL); without it, the event waits out the visibility timeout.
 */
export function queueRedelivery(queueUrl: string | undefined, region: string): Redeliver | undefined {
  if (!queueUrl) return undefined;
  const sqs = new SQSClient({ region });
  return async (receiptHandle, seconds) => {
    await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: Math.min(Math.max(seconds, 1), 900) }));
  };
}
