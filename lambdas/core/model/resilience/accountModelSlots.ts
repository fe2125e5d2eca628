import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { ModelThrottled } from '../modelErrors';

/**
 * A Bedrock concurrency governor across every Lambda of the deployment: at most `limit` model calls in
 * flight per model, counted in one item of the sessions table (a semaphore with leases). A burst of
 * audits then queues politely for a slot instead of meeting Bedrock's throttling all at once; a call
 * that waits past its step's time is throttled here (the step falls back to rules, the audit says
 * degraded). A holder that dies keeps its slot only until its lease runs out.
 *
 * The item: `pk = MODEL_SLOTS#<model key>`, `sk = SLOTS`, `holders` (holder id → lease end, ms),
 * `version` (optimistic locking: every change is a conditional put on the version read).
 */
export interface ModelSlots {
  /** Waits for a slot of `key` for at most `waitMs`; resolves with the function that gives it back. */
  acquire(key: string, waitMs: number): Promise<() => Promise<void>>;
}

export interface AccountModelSlotsOptions {
  client: DynamoDBDocumentClient;
  tableName: string;
  limit: number;
  /** How long a slot is held at most (longer than one call can take). */
  leaseMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

interface SlotsItem {
  holders: Record<string, number>;
  version: number;
}

const POLL_MIN_MS = 250;
const POLL_MAX_MS = 2_000;

export class AccountModelSlots implements ModelSlots {
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly o: AccountModelSlotsOptions) {
    if (!Number.isInteger(o.limit) || o.limit < 1) throw new RangeError('the account-wide model slot limit must be a whole number of at least 1');
    this.now = o.now ?? Date.now;
    this.sleep = o.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = o.random ?? Math.random;
  }

  async acquire(key: string, waitMs: number): Promise<() => Promise<void>> {
    const holder = randomUUID();
    const deadline = this.now() + waitMs;
    let pause = POLL_MIN_MS;
    for (;;) {
      const { item, exists } = await this.read(key);
      const now = this.now();
      const live = Object.fromEntries(Object.entries(item.holders).filter(([, until]) => until > now));
      if (Object.keys(live).length < this.o.limit) {
        if (await this.write(key, { holders: { ...live, [holder]: now + this.o.leaseMs }, version: item.version + 1 }, exists ? item.version : undefined)) {
          return () => this.release(key, holder);
        }
        continue; // another holder changed the item between the read and the write: read it again
      }
      if (this.now() + pause > deadline) throw new ModelThrottled(`all ${this.o.limit} account-wide slots for ${key} stayed busy for ${Math.round(waitMs / 1000)} s`);
      await this.sleep(pause * (0.5 + this.random() / 2));
      pause = Math.min(pause * 2, POLL_MAX_MS);
    }
  }

  private async release(key: string, holder: string): Promise<void> {
    // A few tries; if they all fail, the lease frees the slot anyway.
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const { item, exists } = await this.read(key);
        if (!exists || !(holder in item.holders)) return;
        const { [holder]: _released, ...rest } = item.holders;
        if (await this.write(key, { holders: rest, version: item.version + 1 }, item.version)) return;
      } catch {
        return;
      }
    }
  }

  private async read(key: string): Promise<{ item: SlotsItem; exists: boolean }> {
    const out = await this.o.client.send(new GetCommand({ TableName: this.o.tableName, Key: { pk: `MODEL_SLOTS#${key}`, sk: 'SLOTS' }, ConsistentRead: true }));
    const found = out.Item as Partial<SlotsItem> | undefined;
    return found ? { item: { holders: found.holders ?? {}, version: found.version ?? 0 }, exists: true } : { item: { holders: {}, version: 0 }, exists: false };
  }

  /** Writes the item if it is still at `expected` (or still absent); false when another writer came first. */
  private async write(key: string, item: SlotsItem, expected: number | undefined): Promise<boolean> {
    try {
      await this.o.client.send(
        new PutCommand({
          TableName: this.o.tableName,
          Item: { pk: `MODEL_SLOTS#${key}`, sk: 'SLOTS', ...item },
          ...(expected === undefined
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : { ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': expected } }),
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException || (err as Error).name === 'ConditionalCheckFailedException') return false;
      throw err;
    }
  }
}
