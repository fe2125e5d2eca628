import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { folderCredentials, type LocalCredentials } from '../auth/localCredentials';
import { startDynamoEmulator, type RunningEmulator } from '../dynamoEmulator';
import { startS3Emulator } from '../s3Emulator';
import { startControlServer, type ControlServer, type RunHandler } from './controlServer';
import { acquireDataFolderLock, HEARTBEAT_MS } from './dataFolderLock';
import { ensureDataFolder, ensurePrivateFolder } from './privateFolder';
import { folderIdentity, inspectHostRecord, newControlToken, recordPath, removeHostRecord, writeHostRecord, type HostRecord } from './hostRecord';
import { journalAuditRequestWrites, openUploadJournal } from './uploadJournal';

export interface HostedDataFolder {
  home: string;
  record: HostRecord;
  /** The folder's credentials, the only ones its emulators accept. */
  credentials: LocalCredentials;
  control: ControlServer;
  /** Stops serving: the record goes first so nobody attaches to a host that is closing. */
  stop(): Promise<void>;
}

/**
 * The folder's DynamoDB store is open in another process: a host of this folder that the lock did
 * not show (suspended past the lock's staleness, or its lock removed by hand). Opening it here would
 * fail on every request ("Database is closed"), so this process does not host the folder.
 */
export class DataFolderInUse extends Error {
  override readonly name = 'DataFolderInUse';
  constructor(readonly home: string) {
    super(
      `the data folder ${home} is still in use by another process (its DynamoDB store is locked), although its lock did not show a live host; ` +
        'that host may be suspended or hung: resume or stop it, then run the command again',
    );
  }
}

type LevelModule = typeof import('level');

/**
 * Throws DataFolderInUse when another process holds the LevelDB store of `dynamoDir`. Probed with
 * the very `level` dynalite opens (dynalite only finds out on the first request, and then throws
 * where nothing catches it); released again at once for dynalite to open.
 */
async function ensureStoreFree(home: string, dynamoDir: string): Promise<void> {
  const levelPath = require.resolve('level', { paths: [dirname(require.resolve('dynalite'))] });
  const { Level } = require(levelPath) as LevelModule;
  const probe = new Level(dynamoDir);
  try {
    await probe.open();
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    if (cause?.code === 'LEVEL_LOCKED') throw new DataFolderInUse(home);
    throw err;
  } finally {
    await probe.close().catch(() => undefined);
  }
}

export interface HostDataFolderOptions {
  onRun?: RunHandler;
  /**
   * Called when the folder this host serves is no longer at its path (moved or deleted while it ran):
   * its files are open at a path that now leads elsewhere or nowhere. By default the host stops serving.
   */
  onFolderLost?(hosted: HostedDataFolder): void;
}

/**
 * Becomes the host of a local data folder: takes its lock, starts the DynamoDB and S3 emulators on
 * its files and the control channel, and publishes how to reach them in `runtime.json`.
 * Returns undefined when another live process already hosts it; throws DataFolderInUse when the
 * lock was free but the store is not (another host, unseen), having published nothing.
 */
export async function tryHostDataFolder(home: string, options: HostDataFolderOptions = {}): Promise<HostedDataFolder | undefined> {
  await ensureDataFolder(home);
  const lock = await acquireDataFolderLock(home);
  if ('heldBy' in lock) return undefined;

  const started: Array<{ close(): Promise<void> }> = [];
  const closeAll = async () => {
    for (const s of started.splice(0).reverse()) await s.close().catch(() => undefined);
  };
  try {
    const dynamoDir = join(home, 'dynamodb');
    const s3Dir = join(home, 's3');
    await Promise.all([ensurePrivateFolder(dynamoDir), ensurePrivateFolder(s3Dir)]);
    await ensureStoreFree(home, dynamoDir);
    // We hold the lock and the store: a record still here is a previous host's (or a copy's), now wrong.
    await rm(recordPath(home), { force: true });
    const folder = await folderIdentity(home);
    // Every audit.json written through this host's S3 becomes one upload event (see uploadJournal.ts).
    const journal = await openUploadJournal(home);
    const credentials = await folderCredentials(home);
    const servers = await Promise.allSettled([
      startDynamoEmulator(credentials, dynamoDir),
      startS3Emulator(s3Dir, credentials, { instrumentStore: (store) => journalAuditRequestWrites(store, journal) }),
    ]);
    for (const s of servers) if (s.status === 'fulfilled') started.push(s.value);
    const failed = servers.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    const [dynamo, s3] = servers.map((s) => (s as PromiseFulfilledResult<RunningEmulator>).value);

    const token = newControlToken();
    const control = await startControlServer(token, { onRun: options.onRun });
    started.push(control);
    const record: HostRecord = {
      pid: process.pid,
      nonce: lock.holder.nonce,
      folder,
      control: { port: control.port },
      endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint },
      token,
      startedAt: new Date().toISOString(),
    };
    await writeHostRecord(home, record);

    let stopping: Promise<void> | undefined;
    const hosted: HostedDataFolder = {
      home,
      record,
      credentials,
      control,
      stop: () =>
        (stopping ??= (async () => {
          clearInterval(heartbeat);
          await removeHostRecord(home, record.nonce);
          await closeAll();
          await lock.release();
        })()),
    };
    /**
     * Every heartbeat: a folder moved away stops its host (its files are open at the old path); a
     * record removed by hand is written again, so commands can still reach this host. A damaged one
     * is left for the commands to report (naming the file and what is wrong), not hidden.
     */
    const checkFolder = async () => {
      if (stopping) return;
      const now = await folderIdentity(home).catch(() => undefined);
      if (!now || now.dev !== folder.dev || now.ino !== folder.ino || now.path !== folder.path) {
        (options.onFolderLost ?? ((h: HostedDataFolder) => void h.stop()))(hosted);
        return;
      }
      const seen = await inspectHostRecord(home);
      if (!stopping && seen.state === 'none') await writeHostRecord(home, record);
    };
    const heartbeat = setInterval(() => void checkFolder().catch(() => undefined), HEARTBEAT_MS);
    heartbeat.unref();
    return hosted;
  } catch (err) {
    await closeAll();
    await lock.release();
    throw err;
  }
}
