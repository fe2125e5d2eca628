import { createHash } from 'node:crypto';
import type { ExecutionStarter } from '../../lambdas/core/audit/startAudit';
import { readAuditDefaults, type AuditDefaults } from '../../lambdas/core/audit/auditDefaults';
import { UploadStartRecords } from '../../lambdas/core/audit/uploadStartRecords';
import type { UploadStartOutcome } from '../../lambdas/core/audit/uploadStart';
import { LOCAL_READINESS } from '../../lambdas/core/audit/uploadReadiness';
import type { ApiDeps } from '../../lambdas/api/apiDeps';
import { S3UrlSigner } from '../../lambdas/api/s3UrlSigner';
import { S3Client } from '@aws-sdk/client-s3';
import { startApiServer } from '../../local/serve/apiServer';
import { localUserToken } from '../../local/serve/serveToken';
import { watchUploads, type UploadWatcher } from '../../local/serve/uploadWatcher';
import { startLocalRuntime, type LocalRuntime } from '../../local/localRuntime';
import { EXIT, UsageError } from '../../local/run/exitCodes';
import { dataFolder } from '../../local/dataFolder/dataFolderPath';
import { watchForStop } from './interruption';
import { LOCAL_OWNER } from '../../local/run/localData';
import { logger } from '../../lambdas/core/observability/logger';

/** The API's port when --port is not given. */
export const DEFAULT_PORT = 8787;
const URL_SECONDS = 15 * 60;
const CLAIM_LEASE_MS = 15 * 60 * 1000;
/** How often the bucket is listed for new uploads while listing works. */
const POLL_MS = 500;
/** The longest wait between listings while they keep failing (the delay doubles from POLL_MS). */
const MAX_POLL_BACKOFF_MS = 30_000;
/** More host losses than this within LOSS_WINDOW_MS: the host cannot stay up, and serve stops saying so. */
const MAX_HOST_LOSSES = 3;
const LOSS_WINDOW_MS = 60_000;

function portOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number from 0 to 65535 (0: any free port), not '${value}'`);
  return port;
}

function note(message: string, detail: Record<string, unknown> = {}): void {
  process.stderr.write(`${JSON.stringify({ at: new Date().toISOString(), message, ...detail })}\n`);
}

/**
 * Lists the bucket through the watcher's `scan`: every POLL_MS while listings succeed, and, while they
 * fail, after a delay that doubles up to MAX_POLL_BACKOFF_MS, so a failing store is not asked twice a
 * second for ever. (The watcher's own timer is set never to fire: this loop is the only schedule.)
 */
function pollUploads(uploads: UploadWatcher, lastScanFailed: { value: boolean }): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = POLL_MS;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      lastScanFailed.value = false;
      void uploads.scan().then(() => {
        delay = lastScanFailed.value ? Math.min(delay * 2, MAX_POLL_BACKOFF_MS) : POLL_MS;
        next();
      });
    }, delay);
  };
  next();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** One connection of `serve` to the data folder's host: its runtime, clients and upload trigger. */
interface HostConnection {
  rt: LocalRuntime;
  deps: ApiDeps;
  /** Aborted when this host goes away while serve is attached to it. */
  hostLost: AbortSignal | undefined;
  hostPid: number;
  /** What a client needs to reach this host's S3 endpoint (the ready line). */
  readyLine(apiUrl: string, token: string): string;
  /** `lost`: the host is gone; audits this connection runs are stopped (left interrupted) and waited for. */
  close(how: 'exit' | 'lost'): Promise<void>;
}

interface ConnectionOptions {
  home: string;
  defaults: AuditDefaults;
  /** Reports an upload's outcome (once per upload, across connections). */
  onOutcome(key: string, outcome: UploadStartOutcome): void;
}

/**
 * Opens the data folder (its host starts if none runs) with new clients and a new session, and starts
 * the upload trigger on it. Every audit this process runs is claimed on the data folder, so `status`
 * and `list` show it running here.
 */
async function connectToHost({ home, defaults, onOutcome }: ConnectionOptions): Promise<HostConnection> {
  const rt = await startLocalRuntime({ dataFolder: home, persist: true, host: 'daemon' });
  const { emulators } = rt;
  const running = new Set<string>();
  let lost = false;
  const starter: ExecutionStarter = {
    async start(session) {
      await emulators.home.claim(session.auditId);
      const started = await rt.start(session);
      running.add(session.auditId);
      rt.wait(session.auditId)
        .then((outcome) => {
          if (!lost) note('audit finished', { auditId: session.auditId, status: outcome.status });
        })
        .catch(() => undefined)
        .finally(() => {
          running.delete(session.auditId);
          if (!lost) void emulators.home.release(session.auditId).catch(() => undefined);
        });
      return started;
    },
  };
  const s3 = new S3Client({
    region: emulators.region,
    endpoint: emulators.endpoints.s3,
    forcePathStyle: true,
    credentials: emulators.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const deps: ApiDeps = { store: emulators.store, blobs: emulators.blobs, starter, signer: new S3UrlSigner(s3, emulators.bucket), defaults, uploadUrlSeconds: URL_SECONDS, downloadUrlSeconds: URL_SECONDS,
    // Locally a decision continues the execution as `case-audit review` does: it runs again from its session.
    reviews: { continueAfter: async (decided) => void (await starter.start(decided.session)) } };
  const lastScanFailed = { value: false };
  const uploads = watchUploads({
    dataFolder: home,
    bucket: emulators.bucket,
    owner: LOCAL_OWNER,
    deps: { store: emulators.store, blobs: emulators.blobs, starter, records: new UploadStartRecords(emulators.clients.ddb, emulators.tableName), defaults, claimLeaseMs: CLAIM_LEASE_MS, readiness: LOCAL_READINESS },
    intervalMs: 2 ** 31 - 1, // pollUploads schedules the scans
    onOutcome,
    onError: (error) => {
      lastScanFailed.value = true;
      if (!lost) note('upload trigger will retry', { error: error.name });
    },
  });
  let polling: { stop(): Promise<void> } | undefined;
  try {
    await uploads.scan();
    polling = pollUploads(uploads, lastScanFailed);
  } catch (err) {
    await uploads.stop();
    s3.destroy();
    await rt.stop();
    throw err;
  }
  return {
    rt,
    deps,
    hostLost: emulators.home.hostLost,
    hostPid: emulators.home.hostPid,
    readyLine: (apiUrl, token) =>
      JSON.stringify({
        api: apiUrl,
        s3: emulators.endpoints.s3,
        bucket: emulators.bucket,
        region: emulators.region,
        accessKeyId: emulators.credentials.accessKeyId,
        secretAccessKey: emulators.credentials.secretAccessKey,
        owner: LOCAL_OWNER,
        token,
      }),
    async close(how) {
      lost = how === 'lost';
      await polling?.stop();
      await uploads.stop();
      s3.destroy();
      if (how === 'exit') {
        // Audits still running stay RUNNING on the session with no claim: `status` shows them
        // INTERRUPTED and `case-audit resume <auditId>` finishes them.
        await emulators.stop();
        return;
      }
      // The host took the stores with it: nothing more of these audits can be recorded. Each is
      // stopped and left interrupted, and the runtime is closed before another one opens.
      for (const auditId of running) {
        rt.abort(auditId);
        note('audit interrupted: the data folder\'s host stopped; resume it with case-audit resume', { auditId });
      }
      await rt.stop();
    },
  };
}

/**
 * `case-audit serve [--port N]` (DESIGN §7): the API handlers of the AWS deployment on loopback
 * (a bearer token for the local user stands in for Cognito), the data folder's S3-compatible
 * endpoint for uploads, and the upload trigger. Prints one JSON line when ready; runs until
 * SIGINT/SIGTERM, and audits still running then are left interrupted, for `case-audit resume`.
 * When the data folder's host stops under it, serve opens the folder again (a new host, with new
 * endpoints: a new ready line is printed) while the API answers 503; when it cannot, it stops with
 * a message and exit code 1.
 */
export async function serveCommand(flags: { port?: string }): Promise<number> {
  const port = portOf(flags.port);
  const home = dataFolder();
  const defaults = readAuditDefaults();
  // An upload's outcome is reported once, however many connections (and watchers) see it.
  const reported = new Set<string>();
  const onOutcome = (key: string, outcome: UploadStartOutcome) => {
    const id = `${key}\n${outcome.outcome}\n${'auditId' in outcome ? outcome.auditId : ''}`;
    if (reported.has(id)) return;
    reported.add(id);
    // The key names the case, and a case id may be a client's name: the log carries a digest of it instead.
    note(`upload ${outcome.outcome}`, { upload: createHash('sha256').update(key).digest('hex').slice(0, 12), ...outcome });
  };
  const connect = () => connectToHost({ home, defaults, onOutcome });

  let current: HostConnection | undefined = await connect();
  const token = await localUserToken(home);
  const api = await startApiServer({ deps: () => current?.deps, token, owner: LOCAL_OWNER, port, log: logger }).catch(async (err: NodeJS.ErrnoException) => {
    await current?.close('exit');
    throw err.code === 'EADDRINUSE' ? new UsageError(`port ${port} is in use; choose another with --port N (0: any free port)`) : err;
  });
  process.stdout.write(`${current.readyLine(api.url, token)}\n`);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (code: number) => {
      if (stopping) return;
      stopping = true;
      unwatch();
      void (async () => {
        await current?.close('exit').catch(() => undefined);
        await api.close();
        resolve(code);
        process.exit(code); // executions still in flight must not keep the process alive
      })();
    };

    const losses: number[] = [];
    /** The host of `connection` went away: open the data folder again, or stop saying why not. */
    const reconnect = async (connection: HostConnection) => {
      if (stopping || current !== connection) return;
      current = undefined; // the API answers 503 meanwhile
      const now = Date.now();
      losses.push(now);
      while (losses[0] < now - LOSS_WINDOW_MS) losses.shift();
      note("the data folder's host stopped; reconnecting", { hostPid: connection.hostPid });
      await connection.close('lost').catch(() => undefined);
      if (losses.length > MAX_HOST_LOSSES) {
        process.stderr.write(`case-audit serve: the data folder's host stopped ${losses.length} times in a minute (see ${home}/host.log); serve stops\n`);
        return stop(EXIT.failed);
      }
      try {
        const next = await connect();
        if (stopping) return void (await next.close('exit'));
        current = next;
        watchHost(next);
        note('reconnected to the data folder\'s host', { hostPid: next.hostPid });
        process.stdout.write(`${next.readyLine(api.url, token)}\n`);
      } catch (err) {
        process.stderr.write(`case-audit serve: the data folder's host stopped and the folder could not be opened again (${(err as Error).message}); serve stops\n`);
        stop(EXIT.failed);
      }
    };
    const watchHost = (connection: HostConnection) => {
      const lost = connection.hostLost;
      if (!lost) return;
      if (lost.aborted) void reconnect(connection);
      else lost.addEventListener('abort', () => void reconnect(connection), { once: true });
    };

    const unwatch = watchForStop((reason, exitCode) => {
      note('stopping', { reason });
      stop(reason === 'SIGINT' || reason === 'SIGTERM' ? 0 : exitCode);
    });
    watchHost(current!);
  });
}
