import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';

/**
 * One record per uploaded audit.json version, beside the sessions in the same table (no owner-index
 * keys, so it never shows in an owner's audit list). S3 delivers events at least once; the record is
 * claimed with a conditional put, so of all deliveries of one upload exactly one starts its audit.
 */
export const UploadStartRecord = z.object({
  uploadId: z.string().min(1),
  bucket: z.string().min(1),
  key: z.string().min(1),
  versionId: z.string().optional(),
  owner: z.string().min(1),
  caseId: z.string().min(1),
  auditId: z.string().min(1),
  /** CLAIMED: a delivery is starting the audit; STARTED: its execution runs; REJECTED: the request was unusable. */
  state: z.enum(['CLAIMED', 'STARTED', 'REJECTED']),
  claimedAt: z.string(),
  updatedAt: z.string(),
  /** Why the request was rejected (no personal data: field names and rules only). */
  reason: z.string().optional(),
});
export type UploadStartRecord = z.infer<typeof UploadStartRecord>;

/** What identifies one upload: the bucket, the key and the object version S3 reported. */
export interface UploadIdentity {
  bucket: string;
  key: string;
  /** Set when the bucket is versioned (always in AWS: the stack enables versioning). */
  versionId?: string;
  /** S3's per-key event order marker; identifies the write when the bucket keeps no versions. */
  sequencer?: string;
}

/** A stable id for one upload: the same for every delivery of its event, different for every new version. */
export function uploadIdOf(upload: UploadIdentity): string {
  const version = upload.versionId ? `version:${upload.versionId}` : `sequencer:${upload.sequencer ?? ''}`;
  return createHash('sha256').update(`${upload.bucket}\n${upload.key}\n${version}`).digest('hex').slice(0, 40);
}

const recordKey = (uploadId: string) => ({ pk: `UPLOAD#${uploadId}`, sk: 'START' });

export type ClaimResult = { claimed: true; record: UploadStartRecord } | { claimed: false; record: UploadStartRecord };

function isConditionFailure(err: unknown): boolean {
  return err instanceof ConditionalCheckFailedException || (err instanceof Error && err.name === 'ConditionalCheckFailedException');
}

export class UploadStartRecords {
  constructor(private readonly ddb: DynamoDBDocumentClient, private readonly tableName: string) {}

  /** Claims the upload for this delivery; when another delivery claimed it first, returns that record. */
  async claim(record: Omit<UploadStartRecord, 'state' | 'updatedAt'>): Promise<ClaimResult> {
    const item: UploadStartRecord = { ...record, state: 'CLAIMED', updatedAt: record.claimedAt };
    try {
      await this.ddb.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...recordKey(record.uploadId), entity: 'upload-start', ...item },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { claimed: true, record: item };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    const existing = await this.get(record.uploadId);
    if (!existing) throw new Error(`upload start record ${record.uploadId} vanished after a conflicting claim`);
    return { claimed: false, record: existing };
  }

  async get(uploadId: string): Promise<UploadStartRecord | undefined> {
    const out = await this.ddb.send(new GetCommand({ TableName: this.tableName, Key: recordKey(uploadId), ConsistentRead: true }));
    return out.Item ? UploadStartRecord.parse(out.Item) : undefined;
  }

  /**
   * Takes over a claim whose delivery died before it finished (its claim is older than any run can
   * last). Conditional on the claim being exactly the one seen, so only one delivery takes it over.
   */
  async takeOver(seen: UploadStartRecord, now: string): Promise<boolean> {
    return this.transition(seen.uploadId, { state: 'CLAIMED', claimedAt: seen.claimedAt }, { claimedAt: now, updatedAt: now });
  }

  async markStarted(uploadId: string, claimedAt: string, now: string): Promise<boolean> {
    return this.transition(uploadId, { state: 'CLAIMED', claimedAt }, { state: 'STARTED', updatedAt: now });
  }

  async markRejected(uploadId: string, claimedAt: string, reason: string, now: string): Promise<boolean> {
    return this.transition(uploadId, { state: 'CLAIMED', claimedAt }, { state: 'REJECTED', reason, updatedAt: now });
  }

  /** Sets `changes` if the record still has the `expected` values; false when it no longer does. */
  private async transition(uploadId: string, expected: Record<string, string>, changes: Record<string, string>): Promise<boolean> {
    const names: Record<string, string> = {};
    const values: Record<string, string> = {};
    const conditions = Object.entries(expected).map(([field, value], i) => {
      names[`#e${i}`] = field;
      values[`:e${i}`] = value;
      return `#e${i} = :e${i}`;
    });
    const sets = Object.entries(changes).map(([field, value], i) => {
      names[`#s${i}`] = field;
      values[`:s${i}`] = value;
      return `#s${i} = :s${i}`;
    });
    try {
      await this.ddb.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: recordKey(uploadId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }
}
