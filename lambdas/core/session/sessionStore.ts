import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { BlobStore } from '../storage/blobStore';
import { fullJitterDelayMs, sleep } from './fullJitterBackoff';
import { encodeAndSpillOutputs } from './outputSpill';
import { InvalidSession, InvalidSessionMutation, SessionAlreadyExists, SessionNotFound, VersionConflict } from './sessionErrors';
import { MonotonicEventSuffix } from './eventSuffix';
import { attributeBytes, fromSessionItem, toSessionItem } from './sessionItem';
import { EVENT_SK_PREFIX, REVIEW_QUEUE_PK, auditPk, eventSk, ownerIndexPk, reviewQueueSk, sessionKey } from './sessionKeys';
import { NewSession, Session, SessionEvent } from './sessionSchema';
import { BY_OWNER_INDEX } from './tableDefinition';

export interface SessionStoreOptions {
  ddb: DynamoDBDocumentClient;
  tableName: string;
  /** Where outputs too large for the item are kept. */
  blobs: BlobStore;
  /** Inline outputs whose JSON exceeds this many bytes are spilled to S3. */
  inlineLimitBytes?: number;
  /** Outputs are also spilled (largest first) until the item fits this budget (DynamoDB's limit is 400 KB). */
  itemBudgetBytes?: number;
  clock?: () => Date;
}

/**
 * How `update` retries a write that lost the optimistic-locking race: full-jitter exponential backoff
 * (a random wait in [0, min(cap, base * factor^(n-1)))), for as long as the time budget lasts.
 * Bounded by time, not by a count: under heavy contention (say 100 writers on one session) a writer
 * may lose a dozen rounds in a row and still land well inside the budget, where a fixed count of
 * attempts gave up and lost the update. The factor of 4 and the 2 s cap spread the retries of many
 * writers over a window wide enough for them to take turns instead of colliding again, in few rounds;
 * two writers still retry within milliseconds.
 */
export const UPDATE_RETRY = { baseDelayMs: 5, factor: 4, maxDelayMs: 2_000, retryForMs: 60_000 } as const;

export interface UpdateOptions {
  /**
   * How long (ms) conflicting writes are retried, from the first attempt, before the last
   * VersionConflict is rethrown: no retry starts whose backoff would end after it (default 60 s; keep it well inside the Lambda timeout).
   */
  retryForMs?: number;
  /** Also stop after this many read-modify-write attempts (default: none; the time budget alone bounds the retries). */
  maxAttempts?: number;
  /**
   * The session as the caller last read or wrote it: the first attempt applies the change to it
   * instead of reading the session again. If anyone wrote since, that attempt conflicts and the
   * change is re-applied to a fresh read at once, so the result is the same, one read cheaper.
   */
  current?: Session;
}

export interface ListByOwnerOptions {
  caseId?: string;
  limit?: number;
}

/** An event to append; `at` defaults to now and `detail` to `{}`. */
export type NewSessionEvent = Omit<SessionEvent, 'at' | 'detail'> & { at?: string; detail?: Record<string, unknown> };

type Item = Record<string, unknown>;

const EventItem = z.looseObject({ at: z.string(), type: z.string(), stage: z.string().optional(), detail: z.string() });

/**
 * Audit sessions in the single DynamoDB table (DESIGN §6): one item per audit with optimistic
 * locking on `version`, large outputs spilled to S3, and event items for the transparency log.
 */
export class SessionStore {
  private readonly ddb: DynamoDBDocumentClient;
  private readonly tableName: string;
  private readonly blobs: BlobStore;
  private readonly inlineLimitBytes: number;
  private readonly itemBudgetBytes: number;
  private readonly clock: () => Date;
  private readonly eventSuffix = new MonotonicEventSuffix();

  constructor(opts: SessionStoreOptions) {
    this.ddb = opts.ddb;
    this.tableName = opts.tableName;
    this.blobs = opts.blobs;
    this.inlineLimitBytes = opts.inlineLimitBytes ?? 16_384;
    this.itemBudgetBytes = opts.itemBudgetBytes ?? 100_000;
    this.clock = opts.clock ?? (() => new Date());
  }

  /** Creates the session (RUNNING, version 0); throws SessionAlreadyExists if the audit id is taken. */
  async create(init: NewSession): Promise<Session> {
    const parsed = NewSession.safeParse(init);
    if (!parsed.success) throw new InvalidSession(init.auditId ?? '?', z.prettifyError(parsed.error));
    const now = this.now();
    const session: Session = {
      ...parsed.data,
      status: 'RUNNING',
      currentStage: null,
      completedStages: [],
      outputs: {},
      stageStatus: {},
      stageTimings: {},
      retries: {},
      verificationIterations: 0,
      usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0 },
      version: 0,
      startedAt: now,
      updatedAt: now,
    };
    try {
      await this.ddb.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toSessionItem(session, {}),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (err) {
      if (isConditionFailure(err)) throw new SessionAlreadyExists(session.auditId);
      throw err;
    }
    return session;
  }

  /** The current session (strongly consistent); throws SessionNotFound. */
  async get(auditId: string): Promise<Session> {
    const out = await this.ddb.send(new GetCommand({ TableName: this.tableName, Key: sessionKey(auditId), ConsistentRead: true }));
    if (!out.Item) throw new SessionNotFound(auditId);
    return fromSessionItem(out.Item);
  }

  /**
   * Writes the session if nobody else wrote it since it was read (its `version`), as version+1.
   * Large outputs are spilled to S3 first; the returned session holds their pointers.
   */
  async save(session: Session): Promise<Session> {
    const written = await this.saveIfCurrent(session);
    if (written) return written;
    throw await this.conflictOn(session.auditId, session.version);
  }

  /**
   * Read, apply `mutate`, write conditionally; when someone else wrote first, re-read and re-apply
   * after a full-jitter backoff (UPDATE_RETRY), until the write lands or the time budget is spent
   * (then the VersionConflict is thrown). Every write stays conditional on the version read, so no
   * update is lost or applied twice. `mutate` may run several times: keep it pure.
   */
  async update(auditId: string, mutate: (s: Session) => Session | Promise<Session>, opts: UpdateOptions = {}): Promise<Session> {
    const maxAttempts = opts.maxAttempts === undefined ? Number.POSITIVE_INFINITY : Math.max(1, opts.maxAttempts);
    const deadline = performance.now() + Math.max(0, opts.retryForMs ?? UPDATE_RETRY.retryForMs);
    let known = opts.current?.auditId === auditId ? opts.current : undefined;
    let backoffs = 0;
    for (let attempt = 1; ; attempt++) {
      const current = known ?? (await this.get(auditId));
      const readVersion = current.version;
      const next = await mutate(current);
      if (next.auditId !== auditId) throw new InvalidSessionMutation(auditId, `the audit id changed to ${next.auditId}`);
      if (next.version !== readVersion) throw new InvalidSessionMutation(auditId, `the version changed from ${readVersion} to ${next.version}`);
      const written = await this.saveIfCurrent(next);
      if (written) return written;
      if (attempt >= maxAttempts) throw await this.conflictOn(auditId, readVersion);
      // A caller's copy that was out of date is no contention: read and retry without waiting.
      if (known) {
        known = undefined;
        continue;
      }
      const delay = fullJitterDelayMs(++backoffs, UPDATE_RETRY.baseDelayMs, UPDATE_RETRY.maxDelayMs, Math.random, UPDATE_RETRY.factor);
      if (performance.now() + delay >= deadline) throw await this.conflictOn(auditId, readVersion);
      await sleep(delay);
    }
  }

  /**
   * The conditional write of `save`; undefined when the stored version is no longer the session's.
   * No read follows a lost race: under contention that read would only add to the load, and the
   * caller reads again anyway.
   */
  private async saveIfCurrent(session: Session): Promise<Session | undefined> {
    const valid = Session.safeParse(session);
    if (!valid.success) throw new InvalidSession(session.auditId, z.prettifyError(valid.error));
    const expected = valid.data.version;
    const next: Session = { ...valid.data, version: expected + 1, updatedAt: this.now() };
    const otherBytes = attributeBytes(toSessionItem(next, {}));
    const outputs = await encodeAndSpillOutputs(next, otherBytes, this.blobs, {
      inlineLimitBytes: this.inlineLimitBytes,
      itemBudgetBytes: this.itemBudgetBytes,
    });
    try {
      await this.ddb.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toSessionItem(next, outputs.item),
          ConditionExpression: '#version = :expected',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':expected': expected },
        }),
      );
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
    return { ...next, outputs: outputs.session };
  }

  /** The error for a write that lost the race: VersionConflict with the version now stored, or SessionNotFound. */
  private async conflictOn(auditId: string, expected: number): Promise<Error> {
    const actual = await this.currentVersion(auditId);
    return actual === undefined ? new SessionNotFound(auditId) : new VersionConflict(auditId, expected, actual);
  }

  /** A stage's output, read from S3 when it was spilled; undefined when the stage has none. */
  async readOutput<T = unknown>(session: Session, stageKey: string): Promise<T | undefined> {
    const stored = session.outputs[stageKey];
    if (!stored) return undefined;
    if ('s3Key' in stored) return this.blobs.getJson<T>(stored.s3Key);
    return stored.inline as T;
  }

  /** Appends an entry to the audit's transparency log; `at` is any timestamp Date can parse (default: now). */
  async appendEvent(auditId: string, event: NewSessionEvent): Promise<SessionEvent> {
    const parsed = SessionEvent.safeParse({ ...event, at: event.at ?? this.now() });
    if (!parsed.success) throw new InvalidSession(auditId, `event: ${z.prettifyError(parsed.error)}`);
    const e = parsed.data;
    const time = new Date(e.at);
    if (Number.isNaN(time.getTime())) throw new InvalidSession(auditId, `event "${e.type}" has an invalid timestamp: ${e.at}`);
    const sortableAt = time.toISOString();
    await this.ddb.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          pk: auditPk(auditId),
          sk: eventSk(sortableAt, this.eventSuffix.next(sortableAt)),
          entity: 'event',
          at: e.at,
          type: e.type,
          stage: e.stage,
          detail: JSON.stringify(e.detail),
        },
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    );
    return e;
  }

  /** The audit's transparency log in time order. */
  async listEvents(auditId: string): Promise<SessionEvent[]> {
    const items = await this.queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': auditPk(auditId), ':prefix': EVENT_SK_PREFIX },
      ConsistentRead: true,
    });
    return items.map((item) => {
      const parsed = EventItem.safeParse(item);
      if (!parsed.success) throw new InvalidSession(auditId, `event ${String(item.sk)}: ${z.prettifyError(parsed.error)}`);
      const { at, type, stage, detail } = parsed.data;
      return SessionEvent.parse({ at, type, ...(stage === undefined ? {} : { stage }), detail: JSON.parse(detail) });
    });
  }

  /** The owner's sessions, newest first (owner index; eventually consistent in AWS). */
  async listByOwner(owner: string, opts: ListByOwnerOptions = {}): Promise<Session[]> {
    const items = await this.queryAll(
      {
        IndexName: BY_OWNER_INDEX,
        KeyConditionExpression: 'gsi1pk = :owner',
        ScanIndexForward: false,
        ...(opts.caseId === undefined
          ? { ExpressionAttributeValues: { ':owner': ownerIndexPk(owner) } }
          : {
              FilterExpression: 'caseId = :caseId',
              ExpressionAttributeValues: { ':owner': ownerIndexPk(owner), ':caseId': opts.caseId },
            }),
      },
      opts.limit,
    );
    return items.map(fromSessionItem);
  }

  /** Opens (`awaiting`) or closes an audit's entry in the reviewers' queue; an entry is never deleted. */
  async markReviewQueue(auditId: string, awaiting: boolean): Promise<void> {
    await this.ddb.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { pk: REVIEW_QUEUE_PK, sk: reviewQueueSk(auditId), entity: 'review-queue', auditId, state: awaiting ? 'awaiting' : 'closed', updatedAt: this.now() },
      }),
    );
  }

  /**
   * Every owner's sessions awaiting a reviewer, newest first (the reviewers' queue): the open
   * entries of the queue, each confirmed by its session's own status (the session is the truth).
   */
  async listAwaitingReview(opts: ListByOwnerOptions = {}): Promise<Session[]> {
    const entries = await this.queryAll({
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: '#state = :awaiting',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':pk': REVIEW_QUEUE_PK, ':awaiting': 'awaiting' },
      ConsistentRead: true,
    });
    const sessions: Session[] = [];
    for (const e of entries) {
      if (typeof e.auditId !== 'string') continue;
      const s = await this.get(e.auditId).catch(() => undefined);
      if (s?.status === 'AWAITING_REVIEW' && (opts.caseId === undefined || s.caseId === opts.caseId)) sessions.push(s);
    }
    sessions.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    return opts.limit === undefined ? sessions : sessions.slice(0, opts.limit);
  }

  private async queryAll(input: Omit<QueryCommandInput, 'TableName'>, limit?: number): Promise<Item[]> {
    const items: Item[] = [];
    let startKey: Item | undefined;
    do {
      const out = await this.ddb.send(new QueryCommand({ ...input, TableName: this.tableName, ExclusiveStartKey: startKey }));
      items.push(...(out.Items ?? []));
      startKey = out.LastEvaluatedKey;
    } while (startKey && (limit === undefined || items.length < limit));
    return limit === undefined ? items : items.slice(0, limit);
  }

  private async currentVersion(auditId: string): Promise<number | undefined> {
    const out = await this.ddb.send(
      new GetCommand({ TableName: this.tableName, Key: sessionKey(auditId), ConsistentRead: true,
        ProjectionExpression: '#version',
        ExpressionAttributeNames: { '#version': 'version' },
      }),
    );
    const version = out.Item?.version;
    return typeof version === 'number' ? version : undefined;
  }

  private now(): string {
    return this.clock().toISOString();
  }
}

function isConditionFailure(err: unknown): boolean {
  return err instanceof ConditionalCheckFailedException || (err instanceof Error && err.name === 'ConditionalCheckFailedException');
}
