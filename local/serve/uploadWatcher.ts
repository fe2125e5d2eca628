import { InvalidAuditRequest } from '../../lambdas/core/audit/auditRequest';
import { startAuditFromUpload, type UploadStartDeps, type UploadStartOutcome } from '../../lambdas/core/audit/uploadStart';
import { parseAuditRequestKey } from '../../lambdas/core/storage/objectKeys';
import type { BlobStore } from '../../lambdas/core/storage/blobStore';
import { BlobNotFound } from '../../lambdas/core/storage/blobErrors';
import {
  DamagedUploadEvent,
  MAX_SNAPSHOT_BYTES,
  pendingUploadEvents,
  readUploadSnapshot,
  settleUploadEvent,
  type UploadEvent,
} from '../dataFolder/uploadJournal';

export interface UploadWatcherOptions {
  /** The data folder whose host journals the uploads (`<dataFolder>/uploads`). */
  dataFolder: string;
  bucket: string;
  /** Only uploads under `cases/<owner>/` start audits: the one local user's prefix. */
  owner: string;
  deps: UploadStartDeps;
  /** How often the journal is read for new upload events. */
  intervalMs?: number;
  /** The outcome of one upload event: every event gets one final outcome (and is then settled), after any `waiting` ones. */
  onOutcome?(key: string, outcome: UploadStartOutcome, event: { sequence: number }): void;
  onError?(error: Error): void;
}

export interface UploadWatcher {
  /** Handles every upload event not yet settled (also what the timer does). */
  scan(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Reads only the version the event names from its snapshot, as S3 serves `GetObject` with a
 * VersionId; everything else (the case's documents) from the bucket as it is.
 */
function blobsAt(blobs: BlobStore, dataFolder: string, event: UploadEvent): BlobStore {
  const versionBytes = async (): Promise<Uint8Array> => {
    if (event.snapshot === 'too-large') throw new InvalidAuditRequest('audit.json', [`it is ${event.size} bytes; an audit request is at most ${MAX_SNAPSHOT_BYTES} bytes`]);
    try {
      return await readUploadSnapshot(dataFolder, event);
    } catch (err) {
      // Removed by hand: like a version deleted before its event was handled (the start is rejected, saying so).
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFound(event.bucket, event.key);
      throw err;
    }
  };
  const isThisVersion = (key: string, versionId?: string) => key === event.key && versionId === event.versionId;
  // The store's own methods on the prototype, two of them answered from the snapshot.
  const view = Object.create(blobs) as BlobStore;
  view.get = async (key, versionId) => (isThisVersion(key, versionId) ? versionBytes() : blobs.get(key, versionId));
  view.getVersion = async (key, versionId) => (isThisVersion(key, versionId) ? { bytes: await versionBytes(), versionId } : blobs.getVersion(key, versionId));
  return view;
}

/**
 * The upload trigger of `case-audit serve`. In AWS, S3 sends an object-created event carrying the
 * object's version; here the data folder's host journals every `audit.json` write as an event with
 * its own version id and a snapshot of its bytes (dataFolder/uploadJournal.ts), and this watcher
 * hands each, oldest first, to the same `startAuditFromUpload` as the start-audit Lambda. So every
 * upload starts one audit from the bytes it wrote, however quickly the next one overwrites the key.
 * The start record (keyed on the version) keeps it exactly-once: an event handled again after a
 * crash, or by a second watcher of the folder, is a duplicate. An event is settled (removed) only
 * once its outcome is final; one that fails for a passing reason, or waits for its documents, is
 * tried again at the next scan.
 */
export function watchUploads(opts: UploadWatcherOptions): UploadWatcher {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const fail = (err: unknown) => opts.onError?.(err instanceof Error ? err : new Error(String(err)));

  const handle = async (event: UploadEvent): Promise<UploadStartOutcome> => {
    if (event.bucket !== opts.bucket) return { outcome: 'ignored', reason: `not in the audit bucket ${opts.bucket}` };
    const location = parseAuditRequestKey(event.key);
    if (location && location.owner !== opts.owner) return { outcome: 'ignored', reason: `outside the local user's prefix cases/${opts.owner}/` };
    const deps = { ...opts.deps, blobs: blobsAt(opts.deps.blobs, opts.dataFolder, event) };
    return startAuditFromUpload(deps, { bucket: event.bucket, key: event.key, versionId: event.versionId, eventTime: event.storedAt });
  };

  const scanOnce = async () => {
    for (const event of await pendingUploadEvents(opts.dataFolder)) {
      if (stopped) return;
      if (event instanceof DamagedUploadEvent) {
        // Nothing in it can be trusted to start an audit; it is reported once and set aside.
        fail(event);
        await settleUploadEvent(opts.dataFolder, event.sequence);
        continue;
      }
      try {
        const outcome = await handle(event);
        opts.onOutcome?.(event.key, outcome, { sequence: event.sequence });
        // Documents still landing: kept, and looked at again at the next scan (as SQS delivers it again).
        if (outcome.outcome !== 'waiting') await settleUploadEvent(opts.dataFolder, event.sequence);
      } catch (err) {
        // Not settled: the next scan tries again (a start in progress elsewhere, a busy emulator).
        fail(err);
      }
    }
  };

  const scan = () => {
    running = running.then(scanOnce).catch(fail);
    return running;
  };
  const timer = setInterval(() => void scan(), opts.intervalMs ?? 500);
  return {
    scan,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
