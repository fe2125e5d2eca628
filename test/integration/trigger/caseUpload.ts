import type { BlobStore } from '../../../lambdas/core/storage/blobStore';
import { auditRequestKey, documentsPrefix } from '../../../lambdas/core/storage/objectKeys';

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

let sequence = 0;

/**
 * The EventBridge "Object Created" event S3 sends for an upload, as the body of an SQS message.
 * `sequencer` tells writes of one key apart (the local bucket keeps no versions); in AWS the
 * version id does.
 */
export function objectCreatedEvent(bucket: string, key: string, opts: { sequencer?: string; versionId?: string; time?: string } = {}): string {
  return JSON.stringify({
    version: '0',
    id: `event-${++sequence}`,
    'detail-type': 'Object Created',
    source: 'aws.s3',
    account: '000000000000',
    time: opts.time ?? '2026-03-02T15:04:05Z',
    region: 'ca-central-1',
    resources: [`arn:aws:s3:::${bucket}`],
    detail: {
      version: '0',
      bucket: { name: bucket },
      object: { key, size: 64, etag: 'd41d8cd98f00b204e9800998ecf8427e', sequencer: opts.sequencer ?? '0066F1A2B3C4D5E6F7', ...(opts.versionId ? { 'version-id': opts.versionId } : {}) },
      'request-id': 'REQ',
      requester: '000000000000',
      reason: 'PutObject',
    },
  });
}

/** An SQS batch with one message per body. */
export function sqsBatch(...bodies: string[]): { Records: Array<{ messageId: string; body: string }> } {
  return { Records: bodies.map((body) => ({ messageId: `msg-${++sequence}`, body })) };
}
