import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import * as z from 'zod';
import { MAX_AUDIT_REQUEST_BYTES } from '../../lambdas/core/audit/documentLimits';

/**
 * The local stand-in for S3 versioning plus object-created notifications, for the audit requests
 * (`cases/…/audit.json`) of a data folder.
 *
 * s3rver keeps one file per key and sends no events to other processes, and the upload watcher of
 * `case-audit serve` runs in another process than the host: listing the bucket cannot tell two
 * uploads of one key apart when they land in the same second, nor see the first of two that
 * overwrite each other between listings. So the host records every successful write of such a key
 * here, as S3 would deliver its event: an event with a sequence number that only grows, a version id
 * of its own, and a snapshot of the bytes written (the version's body). The write is answered only
 * once its event is on disk, so an acknowledged upload always has one. The watcher consumes the
 * events in order, starts each from its own snapshot, and removes it once its outcome is final.
 *
 * Layout, under `<dataFolder>/uploads/` (owner-only like the rest of the folder):
 * - `events/<sequence, 12 digits>.json`: one event, written atomically (temp file and rename);
 * - `bodies/<sequence>.body`: its snapshot, written before the event;
 * - `sequence`: the last sequence issued, so numbers keep growing after events are removed.
 * Only the host of the folder writes here (one host per folder: see dataFolderLock.ts).
 */

/** A request file is a few hundred bytes; anything larger is refused rather than held in memory. */
export const MAX_SNAPSHOT_BYTES = MAX_AUDIT_REQUEST_BYTES;

export const UploadEvent = z.strictObject({
  /** Position in the folder's upload order: each write gets the next number. */
  sequence: z.number().int().positive(),
  /** This write's own version id (S3's are opaque too): what makes one upload one start. */
  versionId: z.string().regex(/^[0-9a-f]{32}$/),
  bucket: z.string().min(1),
  key: z.string().min(1),
  etag: z.string(),
  size: z.number().int().nonnegative(),
  /** When the write was stored (the event's time). */
  storedAt: z.string(),
  /** `stored`: bodies/<sequence>.body holds the bytes; `too-large`: over MAX_SNAPSHOT_BYTES, not kept. */
  snapshot: z.enum(['stored', 'too-large']),
});
export type UploadEvent = z.infer<typeof UploadEvent>;

export const uploadJournalPath = (dataFolder: string): string => join(dataFolder, 'uploads');
const eventsDir = (dataFolder: string) => join(uploadJournalPath(dataFolder), 'events');
const bodiesDir = (dataFolder: string) => join(uploadJournalPath(dataFolder), 'bodies');
const sequenceFile = (dataFolder: string) => join(uploadJournalPath(dataFolder), 'sequence');
const padded = (sequence: number) => String(sequence).padStart(12, '0');
const eventFile = (dataFolder: string, sequence: number) => join(eventsDir(dataFolder), `${padded(sequence)}.json`);
const bodyFile = (dataFolder: string, sequence: number) => join(bodiesDir(dataFolder), `${padded(sequence)}.body`);
const EVENT_NAME = /^(\d{12})\.json$/;

/** Which writes are journalled: every `audit.json` under `cases/` (misplaced ones too, so the user is told why they start nothing). */
export const isJournalledKey = (key: string): boolean => key.startsWith('cases/') && (key === 'cases/audit.json' || key.endsWith('/audit.json'));

async function writeAtomically(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, data, { mode: 0o600 });
  await rename(tmp, path);
}

const errno = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;

/** The host's writer: hands out sequence numbers and writes events one at a time, in that order. */
export interface UploadJournal {
  record(write: { bucket: string; key: string; etag: string; size: number; body: Uint8Array | undefined }): Promise<UploadEvent>;
}

export async function openUploadJournal(dataFolder: string): Promise<UploadJournal> {
  for (const dir of [uploadJournalPath(dataFolder), eventsDir(dataFolder), bodiesDir(dataFolder)]) await mkdir(dir, { recursive: true, mode: 0o700 });
  const fromCounter = Number((await readFile(sequenceFile(dataFolder), 'utf8').catch(() => '0')).trim()) || 0;
  const fromEvents = (await pendingSequences(dataFolder)).at(-1) ?? 0;
  let last = Math.max(fromCounter, fromEvents);
  // One write at a time: events appear on disk in sequence order, and the counter never goes back.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    record(write) {
      const next = queue.then(async () => {
        const sequence = last + 1;
        const event: UploadEvent = {
          sequence,
          versionId: randomBytes(16).toString('hex'),
          bucket: write.bucket,
          key: write.key,
          etag: write.etag,
          size: write.size,
          storedAt: new Date().toISOString(),
          snapshot: write.body ? 'stored' : 'too-large',
        };
        await writeAtomically(sequenceFile(dataFolder), String(sequence));
        last = sequence;
        if (write.body) await writeAtomically(bodyFile(dataFolder, sequence), write.body);
        await writeAtomically(eventFile(dataFolder, sequence), JSON.stringify(event));
        return event;
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

async function pendingSequences(dataFolder: string): Promise<number[]> {
  let names: string[];
  try {
    names = await readdir(eventsDir(dataFolder));
  } catch (err) {
    if (errno(err) === 'ENOENT') return [];
    throw err;
  }
  return names.flatMap((name) => {
    const match = EVENT_NAME.exec(name);
    return match ? [Number(match[1])] : [];
  }).sort((a, b) => a - b);
}

/** An event file that cannot be read as an event (edited or damaged by hand): reported, then set aside. */
export class DamagedUploadEvent extends Error {
  override readonly name = 'DamagedUploadEvent';
  constructor(readonly sequence: number, problem: string) {
    super(`upload event ${sequence} in the data folder's uploads/events is damaged (${problem}); it was set aside`);
  }
}

/**
 * The events not yet settled, oldest first. An event already settled by another consumer while this
 * one was reading is left out; a damaged one is returned as DamagedUploadEvent, so it is reported.
 */
export async function pendingUploadEvents(dataFolder: string): Promise<Array<UploadEvent | DamagedUploadEvent>> {
  const events: Array<UploadEvent | DamagedUploadEvent> = [];
  for (const sequence of await pendingSequences(dataFolder)) {
    let text: string;
    try {
      text = await readFile(eventFile(dataFolder, sequence), 'utf8');
    } catch (err) {
      if (errno(err) === 'ENOENT') continue;
      throw err;
    }
    let parsed: ReturnType<typeof UploadEvent.safeParse>;
    try {
      parsed = UploadEvent.safeParse(JSON.parse(text));
    } catch {
      events.push(new DamagedUploadEvent(sequence, 'not JSON'));
      continue;
    }
    if (!parsed.success || parsed.data.sequence !== sequence) events.push(new DamagedUploadEvent(sequence, parsed.success ? 'its sequence is not its name' : 'not an upload event'));
    else events.push(parsed.data);
  }
  return events;
}

/** The bytes the event's write stored (its version's body). */
export async function readUploadSnapshot(dataFolder: string, event: Pick<UploadEvent, 'sequence'>): Promise<Uint8Array> {
  return readFile(bodyFile(dataFolder, event.sequence));
}

/** Removes a handled event and its snapshot: its outcome is final (and kept in its start record). */
export async function settleUploadEvent(dataFolder: string, sequence: number): Promise<void> {
  await rm(eventFile(dataFolder, sequence), { force: true });
  await rm(bodyFile(dataFolder, sequence), { force: true });
}

/** The part of s3rver's file store every object write goes through (PUT, and multipart completion). */
export interface S3rverObjectStore {
  putObject(object: { bucket: string; key: string; content: Readable | Buffer }): Promise<{ md5: string; size: number }>;
}

/**
 * Journals every write of an audit request that s3rver stores: the body is copied as it streams to
 * s3rver's file (up to MAX_SNAPSHOT_BYTES), and the event is recorded after the store succeeded and
 * before the write is answered. A write whose event cannot be recorded fails (the client sees an
 * error and uploads again) rather than being stored without one.
 */
export function journalAuditRequestWrites(store: S3rverObjectStore, journal: UploadJournal): void {
  const putObject = store.putObject.bind(store);
  store.putObject = async (object) => {
    if (!isJournalledKey(object.key)) return putObject(object);
    let chunks: Buffer[] | undefined = [];
    let held = 0;
    const keep = (chunk: Buffer) => {
      held += chunk.length;
      if (held > MAX_SNAPSHOT_BYTES) chunks = undefined;
      else chunks?.push(chunk);
    };
    if (Buffer.isBuffer(object.content)) keep(object.content);
    else {
      const source = object.content;
      const copy = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          keep(chunk);
          done(null, chunk);
        },
      });
      source.on('error', (err) => copy.destroy(err)); // an aborted upload fails the store, as it did without the copy
      object.content = source.pipe(copy); // s3rver's object model: its file is written from `content`
    }
    const stored = await putObject(object);
    await journal.record({ bucket: object.bucket, key: object.key, etag: stored.md5, size: stored.size, body: chunks ? Buffer.concat(chunks) : undefined });
    return stored;
  };
}
