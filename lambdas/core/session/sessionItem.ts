import * as z from 'zod';
import { InvalidSession } from './sessionErrors';
import { ownerIndexPk, ownerIndexSk, sessionKey } from './sessionKeys';
import { Session, type StoredOutput } from './sessionSchema';

/**
 * A stage output as stored in the item: inline values are kept as their JSON text so any JSON
 * value round-trips exactly (DynamoDB has no floats/empty-container semantics to surprise us);
 * a missing `json` means the inline value was `undefined`.
 */
export const StoredOutputItem = z.union([
  z.strictObject({ json: z.string().optional() }),
  z.strictObject({ s3Key: z.string(), bytes: z.number().int().nonnegative() }),
]);
export type StoredOutputItem = z.infer<typeof StoredOutputItem>;

const SessionItemEnvelope = z.looseObject({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  entity: z.literal('session'),
  auditId: z.string(),
  outputs: z.record(z.string(), StoredOutputItem),
});

/** The DynamoDB item of a session: scalar fields as native attributes, plus keys and index keys. */
export type SessionItem = Omit<Session, 'outputs'> & {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  entity: 'session';
  outputs: Record<string, StoredOutputItem>;
};

export function toSessionItem(session: Session, outputs: Record<string, StoredOutputItem>): SessionItem {
  return {
    ...sessionKey(session.auditId),
    gsi1pk: ownerIndexPk(session.owner),
    gsi1sk: ownerIndexSk(session.startedAt, session.auditId),
    entity: 'session',
    ...session,
    outputs,
  };
}

/** Encodes an inline output; pointers are stored as they are. */
export function encodeOutput(output: StoredOutput): StoredOutputItem {
  if ('s3Key' in output) return { s3Key: output.s3Key, bytes: output.bytes };
  const json = JSON.stringify(output.inline);
  return json === undefined ? {} : { json };
}

/** Turns a stored item back into a validated Session; throws InvalidSession when it does not fit. */
export function fromSessionItem(raw: Record<string, unknown>): Session {
  const envelope = SessionItemEnvelope.safeParse(raw);
  const auditId = typeof raw.auditId === 'string' ? raw.auditId : String(raw.pk ?? '?');
  if (!envelope.success) throw new InvalidSession(auditId, z.prettifyError(envelope.error));
  const { pk: _pk, sk: _sk, gsi1pk: _gpk, gsi1sk: _gsk, entity: _entity, outputs, ...fields } = envelope.data;
  const decoded: Record<string, StoredOutput> = {};
  for (const [stage, stored] of Object.entries(outputs)) {
    if ('s3Key' in stored) {
      decoded[stage] = { s3Key: stored.s3Key, bytes: stored.bytes };
      continue;
    }
    try {
      decoded[stage] = { inline: stored.json === undefined ? undefined : JSON.parse(stored.json) };
    } catch (err) {
      throw new InvalidSession(auditId, `output "${stage}" is not valid JSON (${(err as Error).message})`);
    }
  }
  const parsed = Session.safeParse({ ...fields, outputs: decoded });
  if (!parsed.success) throw new InvalidSession(auditId, z.prettifyError(parsed.error));
  return parsed.data;
}

/**
 * Approximate DynamoDB size of an attribute value (UTF-8 names and strings, numbers ~21 bytes
 * at most, 3 bytes per map/list plus 1 per element), as DynamoDB documents it.
 */
export function attributeBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number') return Math.min(21, Math.ceil(String(value).replace(/[-.eE+]/g, '').length / 2) + 1);
  if (Array.isArray(value)) return value.reduce<number>((sum, v) => sum + 1 + attributeBytes(v), 3);
  if (value instanceof Uint8Array) return value.byteLength;
  if (typeof value === 'object') {
    let sum = 3;
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      sum += 1 + Buffer.byteLength(k, 'utf8') + attributeBytes(v);
    }
    return sum;
  }
  return 0;
}
