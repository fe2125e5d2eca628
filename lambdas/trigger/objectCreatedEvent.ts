import * as z from 'zod';
import type { UploadedAuditRequest } from '../core/audit/uploadStart';

/**
 * The EventBridge event S3 sends when an object is created (the bucket has EventBridge notifications
 * on), as it arrives in the body of an SQS message. Only the fields the trigger uses are read.
 */
export const ObjectCreatedEvent = z.object({
  source: z.literal('aws.s3'),
  'detail-type': z.literal('Object Created'),
  time: z.string().optional(),
  detail: z.object({
    bucket: z.object({ name: z.string().min(1) }),
    object: z.object({
      key: z.string().min(1),
      'version-id': z.string().optional(),
      sequencer: z.string().optional(),
    }),
  }),
});
export type ObjectCreatedEvent = z.infer<typeof ObjectCreatedEvent>;

/** The SQS event a Lambda event source mapping delivers (fields the trigger uses). */
export const SqsBatch = z.object({
  Records: z.array(z.object({ messageId: z.string().min(1), body: z.string() })),
});
export type SqsBatch = z.infer<typeof SqsBatch>;

export class NotAnObjectCreatedEvent extends Error {
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
    ...(time ? { eventTime: time } : {}),
  };
}
