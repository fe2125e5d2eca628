import { createHash } from 'node:crypto';
import type { BlobStore } from '../storage/blobStore';
import { SessionTooLarge } from './sessionErrors';
import { attributeBytes, encodeOutput, type StoredOutputItem } from './sessionItem';
import { spilledOutputKey } from './sessionKeys';
import type { Session, StoredOutput } from './sessionSchema';

export interface SpillLimits {
  /** An inline output whose JSON is larger than this goes to S3. */
  inlineLimitBytes: number;
  /** Outputs are spilled, largest first, until the whole item fits in this budget. */
  itemBudgetBytes: number;
}

export interface EncodedOutputs {
  /** What the item stores under `outputs`. */
  item: Record<string, StoredOutputItem>;
  /** The session's outputs after spilling (inline values, or pointers to S3). */
  session: Record<string, StoredOutput>;
}

interface Entry {
  stage: string;
  stored: StoredOutputItem;
  output: StoredOutput;
  bytes: number;
}

function entryBytes(stage: string, stored: StoredOutputItem): number {
  return 1 + Buffer.byteLength(stage, 'utf8') + attributeBytes(stored);
}

function pointerEntryBytes(auditId: string, stage: string): number {
  return entryBytes(stage, { s3Key: spilledOutputKey(auditId, stage, '0'.repeat(64)), bytes: Number.MAX_SAFE_INTEGER });
}

/**
 * Encodes a session's outputs for its item, moving large inline outputs to S3 at a
 * content-addressed key (`sessions/<auditId>/outputs/<stage>.<sha256-prefix>.json`) and keeping
 * a `{s3Key, bytes}` pointer. `otherBytes` is the size of the item without its outputs.
 */
export async function encodeAndSpillOutputs(
  session: Session,
  otherBytes: number,
  blobs: BlobStore,
  limits: SpillLimits,
): Promise<EncodedOutputs> {
  const entries: Entry[] = Object.entries(session.outputs).map(([stage, output]) => {
    const stored = encodeOutput(output);
    return { stage, stored, output, bytes: entryBytes(stage, stored) };
  });

  const toSpill = new Set<Entry>(entries.filter((e) => 'json' in e.stored && Buffer.byteLength(e.stored.json ?? '', 'utf8') > limits.inlineLimitBytes));
  const pointerBytes = (e: Entry) => pointerEntryBytes(session.auditId, e.stage);
  let total = otherBytes + 3;
  for (const e of entries) total += toSpill.has(e) ? pointerBytes(e) : e.bytes;

  const inlineBySize = entries.filter((e) => 'json' in e.stored && !toSpill.has(e)).sort((a, b) => b.bytes - a.bytes);
  for (const e of inlineBySize) {
    if (total <= limits.itemBudgetBytes) break;
    toSpill.add(e);
    total += pointerBytes(e) - e.bytes;
  }
  if (total > limits.itemBudgetBytes) throw new SessionTooLarge(session.auditId, total, limits.itemBudgetBytes);

  await Promise.all(
    [...toSpill].map(async (e) => {
      const json = (e.stored as { json: string }).json;
      const sha = createHash('sha256').update(json).digest('hex');
      const { key, bytes } = await blobs.put(spilledOutputKey(session.auditId, e.stage, sha), json, 'application/json');
      e.stored = { s3Key: key, bytes };
      e.output = { s3Key: key, bytes };
    }),
  );

  const result: EncodedOutputs = { item: {}, session: {} };
  for (const e of entries) {
    result.item[e.stage] = e.stored;
    result.session[e.stage] = e.output;
  }
  return result;
}
