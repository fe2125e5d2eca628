import type { BlobStore } from '../../../lambdas/core/storage/blobStore';
import { auditRequestKey, documentsPrefix } from '../../../lambdas/core/storage/objectKeys';
import { s3ObjectCreatedEvent, sqsEvent, type ObjectCreatedOptions } from '../../fixtures/awsEvents';

const text = (s: string) => new TextEncoder().encode(s);

/** A small study-permit file: enough for a document-list audit to run end to end. */
export const STUDY_PERMIT_DOCUMENTS: Record<string, Uint8Array> = {
  'imm1294.txt': text('APPLICATION FOR STUDY PERMIT MADE OUTSIDE OF CANADA (IMM 1294)\nFamily name: Mensah\nGiven name(s): Ama\n'),
  'acceptance.txt': text('LETTER OF ACCEPTANCE\nDesignated Learning Institution number: O000000000001\nWe are pleased to confirm your admission.\n'),
};

/** Puts the documents of a case where the bucket trigger and the API expect them. */
export async function uploadDocuments(blobs: BlobStore, owner: string, caseId: string, files = STUDY_PERMIT_DOCUMENTS): Promise<void> {
  for (const [name, bytes] of Object.entries(files)) await blobs.put(`${documentsPrefix(owner, caseId)}${name}`, bytes);
}

export async function uploadAuditRequest(blobs: BlobStore, owner: string, caseId: string, body: unknown): Promise<string> {
  const key = auditRequestKey(owner, caseId);
  await blobs.put(key, typeof body === 'string' ? body : JSON.stringify(body), 'application/json');
  return key;
}

/**
 * The EventBridge "Object Created" event S3 sends for an upload, as the body of an SQS message.
 * `sequencer` tells writes of one key apart (the local bucket keeps no versions); in AWS the
 * version id does.
 */
export function objectCreatedEvent(bucket: string, key: string, opts: ObjectCreatedOptions = {}): string {
  return JSON.stringify(s3ObjectCreatedEvent(bucket, key, opts));
}

/** An SQS event, as the queue's event source mapping delivers it, with one message per body. */
export function sqsBatch(...bodies: string[]): ReturnType<typeof sqsEvent> {
  return sqsEvent(...bodies);
}
