import type { ExecutionStarter } from '../../lambdas/core/audit/startAudit';
import { readAuditDefaults } from '../../lambdas/core/audit/auditDefaults';
import { UploadStartRecords } from '../../lambdas/core/audit/uploadStartRecords';
import { S3UrlSigner } from '../../lambdas/api/s3UrlSigner';
import { S3Client } from '@aws-sdk/client-s3';
import { startApiServer } from '../../local/serve/apiServer';
import { localUserToken } from '../../local/serve/serveToken';
import { watchUploads } from '../../local/serve/uploadWatcher';
import { startLocalRuntime } from '../../local/localRuntime';
import { UsageError } from '../../local/run/exitCodes';
import { dataFolder } from '../../local/dataFolder/dataFolderPath';
import { watchForStop } from './interruption';
import { LOCAL_OWNER } from '../../local/run/localData';
import { logger } from '../../lambdas/core/observability/logger';

/** The API's port when --port is not given. */
export const DEFAULT_PORT = 8787;
const URL_SECONDS = 15 * 60;
const CLAIM_LEASE_MS = 15 * 60 * 1000;

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
 * `case-audit serve [--port N]` (DESIGN §7): the API handlers of the AWS deployment on loopback
 * (a bearer token for the local user stands in for Cognito), the data folder's S3-compatible
 * endpoint for uploads, and the upload trigger. Prints one JSON line when ready; runs until
 * SIGINT/SIGTERM, and audits still running then are left interrupted, for `case-audit resume`.
 */
export async function serveCommand(flags: { port?: string }): Promise<number> {
  const port = portOf(flags.port);
  const home = dataFolder();
  const rt = await startLocalRuntime({ dataFolder: home, persist: true, host: 'daemon' });
  const { emulators } = rt;
  const token = await localUserToken(home);

  // Every audit this process runs is claimed on the data folder, so `status` and `list` show it running here.
  const starter: ExecutionStarter = {
    async start(session) {
      await emulators.home.claim(session.auditId);
      const started = await rt.start(session);
      rt.wait(session.auditId)
        .then((outcome) => note('audit finished', { auditId: session.auditId, status: outcome.status }))
        .catch(() => undefined)
        .finally(() => void emulators.home.release(session.auditId).catch(() => undefined));
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
  const defaults = readAuditDefaults();
  const api = await startApiServer({
    deps: { store: emulators.store, blobs: emulators.blobs, starter, signer: new S3UrlSigner(s3, emulators.bucket), defaults, uploadUrlSeconds: URL_SECONDS, downloadUrlSeconds: URL_SECONDS },
    token,
    owner: LOCAL_OWNER,
    port,
    log: logger,
  }).catch(async (err: NodeJS.ErrnoException) => {
    await rt.stop();
    throw err.code === 'EADDRINUSE' ? new UsageError(`port ${port} is in use; choose another with --port N (0: any free port)`) : err;
  });
  const uploads = watchUploads({
    dataFolder: home,
    bucket: emulators.bucket,
    owner: LOCAL_OWNER,
    deps: { store: emulators.store, blobs: emulators.blobs, starter, records: new UploadStartRecords(emulators.clients.ddb, emulators.tableName), defaults, claimLeaseMs: CLAIM_LEASE_MS },
    onOutcome: (key, outcome, event) => note(`upload ${outcome.outcome}`, { key, ...event, ...outcome }),
    onError: (error) => note('upload trigger will retry', { error: error.name }),
  });
  await uploads.scan();

  process.stdout.write(
    `${JSON.stringify({
      api: api.url,
      s3: emulators.endpoints.s3,
      bucket: emulators.bucket,
      region: emulators.region,
      accessKeyId: emulators.credentials.accessKeyId,
      secretAccessKey: emulators.credentials.secretAccessKey,
      owner: LOCAL_OWNER,
      token,
    })}\n`,
  );

  return new Promise<number>((resolve) => {
    const unwatch = watchForStop((reason, exitCode) => {
      unwatch();
      note('stopping', { reason });
      void (async () => {
        await uploads.stop();
        await api.close();
        s3.destroy();
        // Audits still running stay RUNNING on the session with no claim: `status` shows them
        // INTERRUPTED and `case-audit resume <auditId>` finishes them.
        await emulators.stop();
        const code = reason === 'SIGINT' || reason === 'SIGTERM' ? 0 : exitCode;
        resolve(code);
        process.exit(code); // executions still in flight must not keep the process alive
      })();
    });
  });
}
