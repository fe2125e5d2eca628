import { S3EventNotificationEventBridgeSchema } from '@aws-lambda-powertools/parser/schemas/s3';
import type { SqsRecordSchema } from '@aws-lambda-powertools/parser/schemas/sqs';
import * as z from 'zod';
import type { UploadedAuditRequest } from '../core/audit/uploadStart';
import { DeterministicError } from '../core/errors/deterministicError';

const Detail = S3EventNotificationEventBridgeSchema.shape.detail;

/**
 * The EventBridge event S3 sends when an object is created (the bucket has EventBridge notifications
 * on), as it arrives in the body of an SQS message: Powertools' schema of S3 events through
 * EventBridge, narrowed to Object Created events of a named object, and without the IPv4-only rule
 * on `source-ip-address` (a field the trigger does not read; an upload over IPv6 must still start
 * its audit).
 */
export const ObjectCreatedEvent = S3EventNotificationEventBridgeSchema.extend({
  source: z.literal('aws.s3'),
  'detail-type': z.literal('Object Created'),
  detail: Detail.extend({
    bucket: Detail.shape.bucket.extend({ name: z.string().min(1) }),
    object: Detail.shape.object.extend({ key: z.string().min(1) }),
    'source-ip-address': z.string().optional(),
  }),
});
export type ObjectCreatedEvent = z.infer<typeof ObjectCreatedEvent>;

/**
 * What the trigger reads of the SQS event a Lambda event source mapping delivers (the handler
 * parses the whole event with Powertools' SqsSchema).
 */
export interface SqsBatch {
  Records: ReadonlyArray<Pick<z.infer<typeof SqsRecordSchema>, 'messageId' | 'body'> & Partial<Pick<z.infer<typeof SqsRecordSchema>, 'receiptHandle'>>>;
}

export class NotAnObjectCreatedEvent extends DeterministicError {
  override readonly name = 'NotAnObjectCreatedEvent';
}

/**
 * S3 URL-encodes keys in event notifications (a space as `+`). Keys this trigger acts on hold only
 * letters, digits and `._@-` in their owner and case segments, so decoding never changes a key
 * that was not encoded.
 */
export function decodeEventKey(key: string): string {
  if (!/[%+]/.test(key)) return key;
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

/** Reads an SQS message body as an S3 object-created event; throws NotAnObjectCreatedEvent otherwise. */
export function uploadFromMessageBody(body: string): UploadedAuditRequest {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    throw new NotAnObjectCreatedEvent('the message body is not JSON');
  }
  const parsed = ObjectCreatedEvent.safeParse(raw);
  if (!parsed.success) {
    throw new NotAnObjectCreatedEvent(`the message is not an S3 Object Created event: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'event'}: ${i.message}`).join('; ')}`);
  }
  const { detail, time } = parsed.data;
  return {
    bucket: detail.bucket.name,
    key: decodeEventKey(detail.object.key),
    ...(detail.object['version-id'] ? { versionId: detail.object['version-id'] } : {}),
    ...(detail.object.sequencer ? { sequencer: detail.object.sequencer } : {}),
    eventTime: time,
  };
}
