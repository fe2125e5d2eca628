import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { folderCredentials, type LocalCredentials } from '../auth/localCredentials';
import { attachToHost } from './controlClient';
import { inspectHostRecord, recordPath, type HostRecord } from './hostRecord';
import { isProcessAlive, liveLockHolder } from './dataFolderLock';
import { lastHostFailure, spawnDaemon } from './daemonProcess';
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

/**
 * How long a damaged `runtime.json` beside a live host is given to be replaced before the command
 * says so: a host that has just taken the lock removes a leftover record within milliseconds.
 */
const DAMAGED_RECORD_GRACE_MS = 1_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether something accepts connections on the port: a host that does so but never answers is alive (suspended, hung). */
function acceptsConnections(port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (accepted: boolean) => {
      socket.destroy();
      resolve(accepted);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const notAnswering = (home: string, record: HostRecord) =>
  `its host (process ${record.pid}, named in ${recordPath(home)}) is running but does not answer: it may be suspended ` +
  `(resume it with \`kill -CONT ${record.pid}\`) or hung (stop it with \`kill ${record.pid}\`); a second host cannot open the folder while it runs`;

/**
 * Joins the process hosting a local data folder, or makes one: the attach-or-host loop that lets
 * several commands share one folder. Retries through the short windows where a host is starting
 * or stopping. Attaches only to the host of this very folder (runtime.json names it: a copy of the
 * folder gets a host of its own), never starts a second host beside a live one that stopped
 * answering, and names a damaged runtime.json instead of waiting for a host it cannot reach.
 */
export async function openDataFolder(home: string, opts: OpenDataFolderOptions): Promise<OpenedDataFolder> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  await ensureDataFolder(home);
  const credentials = await folderCredentials(home);
  let daemon: ChildProcess | undefined;
  let lastProblem = 'no host answered';
  let damagedSince: number | undefined;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    const seen = await inspectHostRecord(home);
    /** The recorded host is alive but does not answer: starting another would only fail on its store. */
    let unanswered: HostRecord | undefined;
    if (seen.state === 'current') {
      try {
        return { endpoints: seen.record.endpoints, credentials, session: await attachToHost(seen.record) };
      } catch (err) {
        lastProblem = (err as Error).message; // stopping, or a record left by a dead host
        if (isProcessAlive(seen.record.pid) && (await acceptsConnections(seen.record.control.port))) {
          unanswered = seen.record;
          lastProblem = notAnswering(home, seen.record);
        }
      }
    }
    if (seen.state === 'damaged') {
      const holder = await liveLockHolder(home);
      if (holder) {
        damagedSince ??= Date.now();
        if (Date.now() - damagedSince >= DAMAGED_RECORD_GRACE_MS) {
          throw new DataFolderUnavailable(
            home,
            `${recordPath(home)} is damaged (${seen.problem}), so its host (process ${holder.pid}) cannot be reached; ` +
              `stop that process (\`kill ${holder.pid}\`, or wait until it stops by itself when idle), then run the command again: the next host writes a new one`,
          );
        }
      } // else: left by a host that is gone; the next host replaces it.
    } else damagedSince = undefined;
    if (seen.state === 'elsewhere' && seen.why === 'moved') {
      lastProblem = `the folder was moved from ${seen.record.folder.path} while its host (process ${seen.record.pid}) ran; that host stops by itself within seconds`;
    }
    if (unanswered) {
      // Not another host beside it: wait for it to answer (busy) until the deadline, then say why.
    } else if (opts.host === 'in-process') {
      // Loaded here only: a process that attaches never loads the emulators' code.
      const { tryHostDataFolder, DataFolderInUse } = require('./hostDataFolder') as typeof import('./hostDataFolder');
      try {
        const hosted = await tryHostDataFolder(home);
        if (hosted) {
          return { endpoints: hosted.record.endpoints, credentials: hosted.credentials, session: inProcessSession('host', hosted.control.claims, () => hosted.stop()), hosted };
        }
      } catch (err) {
        if (!(err instanceof DataFolderInUse)) throw err;
        lastProblem = err.message; // a host the lock did not show: it may answer, or stop, in a moment
      }
    } else if ((!daemon || daemon.exitCode !== null || daemon.signalCode !== null) && !(await liveLockHolder(home))) {
      if (daemon?.exitCode) {
        const why = lastHostFailure(home);
        lastProblem = `the background host exited with code ${daemon.exitCode}${why ? `: ${why}` : ''} (see ${join(home, 'host.log')})`;
      }
      daemon = spawnDaemon(home);
    }
    await sleep(Math.min(200, 20 + attempt * 10));
  }
  throw new DataFolderUnavailable(home, lastProblem);
}
