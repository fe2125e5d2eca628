import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDynamoDocumentClient, createS3Client, type AwsClientConfig } from '../lambdas/core/aws/clients';
import { SessionStore } from '../lambdas/core/session/sessionStore';
import { BlobStore } from '../lambdas/core/storage/blobStore';
import { newLocalCredentials, type LocalCredentials } from './auth/localCredentials';
import { AuditClaims } from './dataFolder/controlProtocol';
import { inProcessSession, type DataFolderSession } from './dataFolder/dataFolderSession';
import { openDataFolder } from './dataFolder/openDataFolder';
import { ensureBucket, ensureSessionTable } from './provisionStorage';

export const LOCAL_REGION = 'ca-central-1';
export const DEFAULT_DATA_FOLDER = '.case-audit';

export interface EmulatorOptions {
  /** Root of persisted data (`<dataFolder>/dynamodb`, `<dataFolder>/s3`); default `.case-audit` when persisting. */
  dataFolder?: string;
  /** Keep data across restarts; defaults to true when a dataFolder is given, else false (in memory). */
  persist?: boolean;
  tableName?: string;
  bucket?: string;
  /**
   * For a persisted dataFolder that no process hosts yet: host it in this process (default), or spawn
   * the background host (the CLI). A folder another process already hosts is always joined.
   */
  host?: 'daemon' | 'in-process';
  /**
   * The data folder as this process already holds it (the host running audits for the processes
   * attached to it): its servers' endpoints, the folder's credentials and a session, used as they are;
   * closing stays the owner's.
   */
  opened?: { endpoints: { dynamodb: string; s3: string }; credentials: LocalCredentials; session: DataFolderSession };
}

export interface Emulators {
  region: typeof LOCAL_REGION;
  tableName: string;
  bucket: string;
  endpoints: { dynamodb: string; s3: string };
  /** The only credentials the emulators accept: the data folder's, or a pair made for an in-memory run. */
  credentials: LocalCredentials;
  clients: { ddb: DynamoDBDocumentClient; s3: S3Client };
  store: SessionStore;
  blobs: BlobStore;
  /** This process's standing with the data folder, and which audits are running in which process. */
  home: DataFolderSession;
  /** The environment a Lambda would be configured with to reach these emulators (what readRuntimeConfig reads). */
  env(): Record<string, string>;
  /** Destroys the clients and closes both servers; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Opens the DynamoDB emulator (dynalite) and the S3 emulator (s3rver) on loopback, and creates the
 * sessions table and the bucket (idempotently, so a later run on the same dataFolder resumes where an
 * earlier one stopped). Without persistence both run in this process, in memory and a temp folder.
 * A persisted dataFolder has exactly one host process (see dataFolder/openDataFolder.ts); every other process
 * using the folder at the same time attaches to that host's servers.
 */
export async function startEmulators(opts: EmulatorOptions = {}): Promise<Emulators> {
  const persist = opts.persist ?? opts.dataFolder !== undefined;
  const tableName = opts.tableName ?? 'case-audit-sessions';
  const bucket = opts.bucket ?? 'case-audit-local';
  const dataFolder = resolve(opts.dataFolder ?? DEFAULT_DATA_FOLDER);

  const cleanups: (() => Promise<void>)[] = [];
  const runCleanups = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (err) {
        errors.push(err);
      }
    }
    if (errors.length > 0) throw new AggregateError(errors, 'Stopping the local emulators failed');
  };

  try {
    let endpoints: { dynamodb: string; s3: string };
    let credentials: LocalCredentials;
    let home: DataFolderSession;
    if (opts.opened) {
      ({ endpoints, credentials, session: home } = opts.opened);
    } else if (persist) {
      const opened = await openDataFolder(dataFolder, { host: opts.host ?? 'in-process' });
      cleanups.push(() => opened.session.close());
      ({ endpoints, credentials, session: home } = opened);
    } else {
      const tempDir = await mkdtemp(join(tmpdir(), 'case-audit-s3-'));
      cleanups.push(() => rm(tempDir, { recursive: true, force: true }));
      // Loaded here only: a process attached to a data folder's host never loads the servers' code.
      const { startDynamoEmulator } = require('./dynamoEmulator') as typeof import('./dynamoEmulator');
      const { startS3Emulator } = require('./s3Emulator') as typeof import('./s3Emulator');
      // Servers of this process alone: a fresh pair, known to no other process.
      credentials = newLocalCredentials();
      const [dynamo, s3server] = await Promise.allSettled([startDynamoEmulator(credentials), startS3Emulator(tempDir, credentials)]);
      for (const started of [dynamo, s3server]) if (started.status === 'fulfilled') cleanups.push(started.value.close);
      if (dynamo.status === 'rejected') throw dynamo.reason;
      if (s3server.status === 'rejected') throw s3server.reason;
      endpoints = { dynamodb: dynamo.value.endpoint, s3: s3server.value.endpoint };
      home = inProcessSession('memory', new AuditClaims(), async () => undefined);
    }

    const clientConfig: AwsClientConfig = { region: LOCAL_REGION, endpoints, credentials: { ...credentials } };
    const ddb = createDynamoDocumentClient(clientConfig);
    const s3 = createS3Client(clientConfig);
    cleanups.push(async () => {
      ddb.destroy();
      s3.destroy();
    });

    await Promise.all([ensureSessionTable(ddb, tableName), ensureBucket(s3, bucket)]);

    const blobs = new BlobStore({ s3, bucket });
    const store = new SessionStore({ ddb, tableName, blobs });
    return {
      region: LOCAL_REGION,
      tableName,
      bucket,
      endpoints,
      credentials: { ...credentials },
      clients: { ddb, s3 },
      store,
      blobs,
      home,
      env: () => ({
        TABLE_NAME: tableName,
        BUCKET_NAME: bucket,
        AWS_REGION: LOCAL_REGION,
        AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
        AWS_ENDPOINT_URL_S3: endpoints.s3,
        AWS_ACCESS_KEY_ID: credentials.accessKeyId,
        AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
        AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
      }),
      stop: runCleanups,
    };
  } catch (err) {
    await runCleanups().catch(() => undefined);
    throw err;
  }
}
