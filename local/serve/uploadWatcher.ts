import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { startAuditFromUpload, type UploadStartDeps, type UploadStartOutcome } from '../../lambdas/core/audit/uploadStart';
import { parseAuditRequestKey } from '../../lambdas/core/storage/objectKeys';

/** An object named audit.json that is not at `cases/<owner>/<caseId>/audit.json`. */
const isMisplacedAuditRequest = (key: string): boolean => key.endsWith('/audit.json') && !parseAuditRequestKey(key);

export interface UploadWatcherOptions {
  s3: S3Client;
  bucket: string;
  /** Only uploads under `cases/<owner>/` start audits: the one local user's prefix. */
  owner: string;
  deps: UploadStartDeps;
  /** How often the bucket is listed for new `audit.json` objects. */
  intervalMs?: number;
  onOutcome?(key: string, outcome: UploadStartOutcome): void;
  onError?(error: Error): void;
}

export interface UploadWatcher {
  /** Lists the bucket once and starts what is new (also what the timer does). */
  scan(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The upload trigger of `case-audit serve`. In AWS, S3 sends an object-created event; the local S3
 * emulator runs in the data folder's host process, so here the bucket is listed instead and every
 * `cases/<owner>/<caseId>/audit.json` write (key, time and ETag identify it) goes through the same
 * `startAuditFromUpload` as the start-audit Lambda. Its start record makes the start exactly-once:
 * a write seen twice, or seen again after a restart, never starts a second audit.
 */
export function watchUploads(opts: UploadWatcherOptions): UploadWatcher {
  const seen = new Set<string>();
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  /**
   * Every audit.json under `cases/`: the audit requests, and those in any other place (in a
   * documents/ folder, one level too high or too deep), which start nothing but are reported once,
   * as the start-audit Lambda reports the events of such keys, so that a user sees why.
   */
  const listAuditRequests = async () => {
    const found: Array<{ key: string; sequencer: string; eventTime: string }> = [];
    let token: string | undefined;
    do {
      const page = await opts.s3.send(new ListObjectsV2Command({ Bucket: opts.bucket, Prefix: 'cases/', ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (!object.Key || !(parseAuditRequestKey(object.Key) || isMisplacedAuditRequest(object.Key))) continue;
        const eventTime = (object.LastModified ?? new Date(0)).toISOString();
        found.push({ key: object.Key, sequencer: `${eventTime}/${object.ETag ?? ''}`, eventTime });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && !stopped);
    return found;
  };

  const scanOnce = async () => {
    for (const upload of await listAuditRequests()) {
      if (stopped) return;
      const id = `${upload.key}\n${upload.sequencer}`;
      if (seen.has(id)) continue;
      const location = parseAuditRequestKey(upload.key);
      if (location && location.owner !== opts.owner) {
        seen.add(id);
        opts.onOutcome?.(upload.key, { outcome: 'ignored', reason: `outside the local user's prefix cases/${opts.owner}/` });
        continue;
      }
      try {
        const outcome = await startAuditFromUpload(opts.deps, { bucket: opts.bucket, key: upload.key, sequencer: upload.sequencer, eventTime: upload.eventTime });
        seen.add(id);
        opts.onOutcome?.(upload.key, outcome);
      } catch (err) {
        // Not marked seen: the next scan tries again (a start in progress elsewhere, a busy emulator).
        opts.onError?.(err instanceof Error ? err : new Error(String(err)));
      }
    }
  };

  const scan = () => {
    running = running.then(scanOnce).catch((err: unknown) => opts.onError?.(err instanceof Error ? err : new Error(String(err))));
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
