import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { folderCredentials, type LocalCredentials } from '../auth/localCredentials';
import { attachToHost } from './controlClient';
import { readHostRecord } from './hostRecord';
import { liveLockHolder } from './dataFolderLock';
import { spawnDaemon } from './daemonProcess';
import type { HostedDataFolder } from './hostDataFolder';
import { ensureDataFolder } from './privateFolder';
import { inProcessSession, type DataFolderSession } from './dataFolderSession';

export interface OpenedDataFolder {
  endpoints: { dynamodb: string; s3: string };
  /** The folder's credentials (`credentials.json`, owner-only): the emulators accept no others. */
  credentials: LocalCredentials;
  session: DataFolderSession;
  /** Set when this process hosts the folder itself. */
  hosted?: HostedDataFolder;
}

export interface OpenDataFolderOptions {
  /**
   * Who hosts the folder when nobody does yet: `daemon` spawns the background host (the CLI: a
   * command can then exit while others still use the folder); `in-process` hosts it here (tests,
   * long-running servers). Either way, a live host is always joined, never duplicated.
   */
  host: 'daemon' | 'in-process';
  timeoutMs?: number;
}

/** No host could be reached or started for the data folder in time. */
export class DataFolderUnavailable extends Error {
  override readonly name = 'DataFolderUnavailable';
  constructor(
    readonly home: string,
    detail: string,
  ) {
    super(`the local data folder ${home} could not be opened: ${detail}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Joins the process hosting a local data folder, or makes one: the attach-or-host loop that lets
 * several commands share one folder. Retries through the short windows where a host is starting
 * or stopping.
 */
export async function openDataFolder(home: string, opts: OpenDataFolderOptions): Promise<OpenedDataFolder> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  await ensureDataFolder(home);
  const credentials = await folderCredentials(home);
  let daemon: ChildProcess | undefined;
  let lastProblem = 'no host answered';
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    const record = await readHostRecord(home);
    if (record) {
      try {
        return { endpoints: record.endpoints, credentials, session: await attachToHost(record) };
      } catch (err) {
        lastProblem = (err as Error).message; // stopping, or a record left by a dead host
      }
    }
    if (opts.host === 'in-process') {
      // Loaded here only: a process that attaches never loads the emulators' code.
      const { tryHostDataFolder } = require('./hostDataFolder') as typeof import('./hostDataFolder');
      const hosted = await tryHostDataFolder(home);
      if (hosted) {
        return { endpoints: hosted.record.endpoints, credentials: hosted.credentials, session: inProcessSession('host', hosted.control.claims, () => hosted.stop()), hosted };
      }
    } else if ((!daemon || daemon.exitCode !== null || daemon.signalCode !== null) && !(await liveLockHolder(home))) {
      if (daemon?.exitCode) lastProblem = `the background host exited with code ${daemon.exitCode} (see ${join(home, 'host.log')})`;
      daemon = spawnDaemon(home);
    }
    await sleep(Math.min(200, 20 + attempt * 10));
  }
  throw new DataFolderUnavailable(home, lastProblem);
}
