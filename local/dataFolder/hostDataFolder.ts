import { join } from 'node:path';
import { startDynamoEmulator, type RunningEmulator } from '../dynamoEmulator';
import { startS3Emulator } from '../s3Emulator';
import { startControlServer, type ControlServer, type RunHandler } from './controlServer';
import { acquireDataFolderLock, HEARTBEAT_MS } from './dataFolderLock';
import { ensureDataFolder, ensurePrivateFolder } from './privateFolder';
import { newControlToken, removeHostRecord, writeHostRecord, type HostRecord } from './hostRecord';
import { journalAuditRequestWrites, openUploadJournal } from './uploadJournal';

export interface HostedDataFolder {
  home: string;
  record: HostRecord;
  control: ControlServer;
  /** Stops serving: the record goes first so nobody attaches to a host that is closing. */
  stop(): Promise<void>;
}

/**
 * Becomes the host of a local data folder: takes its lock, starts the DynamoDB and S3 emulators on
 * its files and the control channel, and publishes how to reach them in `runtime.json`.
 * Returns undefined when another live process already hosts it.
 */
export async function tryHostDataFolder(home: string, options: { onRun?: RunHandler } = {}): Promise<HostedDataFolder | undefined> {
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
    // Every audit.json written through this host's S3 becomes one upload event (see uploadJournal.ts).
    const journal = await openUploadJournal(home);
    const servers = await Promise.allSettled([
      startDynamoEmulator(dynamoDir),
      startS3Emulator(s3Dir, { instrumentStore: (store) => journalAuditRequestWrites(store, journal) }),
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
      control: { port: control.port },
      endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint },
      token,
      startedAt: new Date().toISOString(),
    };
    await writeHostRecord(home, record);
    const heartbeat = setInterval(() => void lock.touch(), HEARTBEAT_MS);
    heartbeat.unref();

    let stopping: Promise<void> | undefined;
    return {
      home,
      record,
      control,
      stop: () =>
        (stopping ??= (async () => {
          clearInterval(heartbeat);
          await removeHostRecord(home, record.nonce);
          await closeAll();
          await lock.release();
        })()),
    };
  } catch (err) {
    await closeAll();
    await lock.release();
    throw err;
  }
}
