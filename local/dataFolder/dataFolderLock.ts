import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { readFile, realpath, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { LockOptions } from 'proper-lockfile';

/**
 * The lock that makes one process the host of a local data folder (its DynamoDB and S3 emulators
 * keep LevelDB and object files there, which only one process may open).
 *
 * The lock is proper-lockfile's: a directory, `runtime.lock`, taken with an atomic `mkdir` (exactly
 * one contender wins), whose mtime the library refreshes every HEARTBEAT_MS while the lock is held
 * (noticing when someone else replaced it), and which it removes when the process exits. This file
 * adds what that model does not have:
 *
 * - Who holds it: `runtime.lock/holder.json` ({ pid, nonce, folder }, 0600), written inside the
 *   directory before the lock counts as taken, so other processes can name the holder (`heldBy`,
 *   `liveLockHolder`) and the host record can carry its nonce.
 * - Which folder it locks: the device, inode and real path of the data folder. A lock copied with
 *   its folder (`cp -a`, rsync, while the host ran) names the original's live host and looks fresh;
 *   it is not the copy's lock, so it is stale at once there, and the copy gets a host of its own. A
 *   folder moved while its host ran is no longer where that host writes: its lock is stale too (the
 *   host stops at its next heartbeat, see hostDataFolder.ts, and until then keeps its store locked).
 * - Staleness by holder: a lock whose process is dead is stale at once, not only once its mtime is
 *   old (a crashed host must not keep the folder for a minute); one whose heartbeat stopped for
 *   STALE_AFTER_MS is stale even if its pid is alive (pid reuse, a hung host).
 * - Race-free takeover: proper-lockfile removes a stale lock by `rmdir` and retries `mkdir`, so two
 *   contenders that both saw it stale can remove each other's fresh lock and both win. Here the
 *   library never judges the lock stale itself (stale: Infinity); a stale lock is removed only under
 *   a second lock (the takeover mutex, proper-lockfile too) and only after re-reading it and finding
 *   the same stale holder: a fresh lock written in between has another nonce and is left alone.
 * - Release of one's own lock only: releasing (or exiting) removes the lock only while its
 *   holder.json still carries our nonce, so a holder that was taken over never removes its successor.
 *
 * Everything is owner-only, like the rest of the data folder: directories 0700, files 0600.
 * Reading the lock (`liveLockHolder`) uses Node built-ins only; proper-lockfile (which installs
 * exit and signal hooks) is loaded by the process that takes the lock.
 */

export interface LockHolder {
  pid: number;
  nonce: string;
  /** The locked folder's device and inode (absent in locks taken by versions before it was recorded). */
  folder?: FolderId;
}

/** A folder's device and inode, as decimal strings (exact whatever their size), and its real path. */
export interface FolderId {
  dev: string;
  ino: string;
  path: string;
}

/** The identity of the data folder itself, or undefined when it is gone. */
async function folderId(home: string): Promise<FolderId | undefined> {
  try {
    const info = await stat(home, { bigint: true });
    return { dev: info.dev.toString(), ino: info.ino.toString(), path: await realpath(home) };
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return undefined;
    throw err;
  }
}

export interface DataFolderLock {
  readonly holder: LockHolder;
  /**
   * Kept for callers that beat the heart themselves: proper-lockfile refreshes the lock every
   * HEARTBEAT_MS on its own timer, so this does nothing.
   */
  touch(): Promise<void>;
  /** Removes the lock if it is still ours. */
  release(): Promise<void>;
}

export const HEARTBEAT_MS = 5_000;
/** A lock whose heartbeat is older than this is stale even if its pid is alive (pid reuse, a hung host). */
export const STALE_AFTER_MS = 60_000;
/** A takeover mutex older than this is stale: it is held for a few milliseconds at most. */
const MUTEX_STALE_AFTER_MS = 10_000;
/** A lock without a readable holder younger than this is being written, not stale. */
const WRITING_GRACE_MS = 5_000;

const HOLDER_FILE = 'holder.json';

/** The lock: a directory (a plain file when left by a version before proper-lockfile). */
export const lockPath = (home: string): string => join(home, 'runtime.lock');
/** Who holds the lock: `{ pid, nonce }`. */
export const lockHolderPath = (home: string): string => join(lockPath(home), HOLDER_FILE);

type ProperLockfile = typeof import('proper-lockfile');
let properLockfileModule: ProperLockfile | undefined;
/** Loaded on first use: a process that only reads the lock never loads it (nor its exit hooks). */
const properLockfile = (): ProperLockfile => (properLockfileModule ??= require('proper-lockfile') as ProperLockfile);

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const errorCode = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | undefined)?.code;

function parseHolder(text: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.nonce !== 'string') return undefined;
    const folder = parsed.folder;
    const hasFolder = typeof folder === 'object' && folder !== null && typeof folder.dev === 'string' && typeof folder.ino === 'string' && typeof folder.path === 'string';
    return { pid: parsed.pid, nonce: parsed.nonce, ...(hasFolder ? { folder: { dev: folder.dev, ino: folder.ino, path: folder.path } } : {}) };
  } catch {
    return undefined;
  }
}

type Callback = (err?: NodeJS.ErrnoException | null) => void;

/** The fs proper-lockfile uses for the takeover mutex: its directory owner-only. */
const mutexFs = {
  stat: fs.stat,
  utimes: fs.utimes,
  rmdir: fs.rmdir,
  rmdirSync: fs.rmdirSync,
  mkdir: (dir: string, done: Callback) => fs.mkdir(dir, 0o700, done),
};

/**
 * The fs proper-lockfile uses for the home lock of `me`: `mkdir` also writes the holder file (before
 * the library stamps the directory's mtime, which it later checks to be its own), and `rmdir` (on
 * release, and at exit) removes the lock only while that file still names `me`.
 */
function homeLockFs(me: LockHolder) {
  const holderFile = (dir: string) => join(dir, HOLDER_FILE);
  const isOurs = (text: string) => parseHolder(text)?.nonce === me.nonce;
  return {
    stat: fs.stat,
    utimes: fs.utimes,
    mkdir(dir: string, done: Callback) {
      fs.mkdir(dir, 0o700, (err) => {
        if (err) return done(err);
        fs.writeFile(holderFile(dir), JSON.stringify(me), { mode: 0o600, flag: 'wx' }, (writeErr) => {
          if (!writeErr) return done(null);
          fs.rm(dir, { recursive: true, force: true }, () => done(writeErr));
        });
      });
    },
    rmdir(dir: string, done: Callback) {
      fs.readFile(holderFile(dir), 'utf8', (readErr, text) => {
        if (readErr || !isOurs(text)) return done(null); // not ours (any more): left to its holder
        fs.rm(holderFile(dir), { force: true }, (rmErr) => (rmErr ? done(rmErr) : fs.rmdir(dir, done)));
      });
    },
    rmdirSync(dir: string) {
      let text: string;
      try {
        text = fs.readFileSync(holderFile(dir), 'utf8');
      } catch {
        return;
      }
      if (!isOurs(text)) return;
      fs.rmSync(holderFile(dir), { force: true });
      fs.rmdirSync(dir);
    },
  };
}

interface Observed {
  holder?: LockHolder;
  mtimeMs: number;
}

/** The lock as it is now: its holder (if readable) and its heartbeat (the directory's mtime). */
async function observe(path: string): Promise<Observed | undefined> {
  let info: fs.Stats;
  try {
    info = await stat(path);
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return undefined;
    throw err;
  }
  // A plain file is a lock taken by a version before proper-lockfile: the holder is its content.
  const holderFile = info.isDirectory() ? join(path, HOLDER_FILE) : path;
  try {
    return { holder: parseHolder(await readFile(holderFile, 'utf8')), mtimeMs: info.mtimeMs };
  } catch (err) {
    if (errorCode(err) === 'ENOENT' || errorCode(err) === 'ENOTDIR') return { mtimeMs: info.mtimeMs };
    throw err;
  }
}

/** `here`: the identity of the folder the lock is in now (a lock naming another folder was copied here). */
function isStale(seen: Observed, staleAfterMs: number, here: FolderId | undefined, now = Date.now()): boolean {
  const age = now - seen.mtimeMs;
  if (!seen.holder) return age > WRITING_GRACE_MS;
  const locked = seen.holder.folder;
  const elsewhere = locked !== undefined && here !== undefined && (locked.dev !== here.dev || locked.ino !== here.ino || locked.path !== here.path);
  return elsewhere || !isProcessAlive(seen.holder.pid) || age > staleAfterMs;
}

const sameHolder = (a: Observed, b: Observed): boolean =>
  a.holder === undefined ? b.holder === undefined && a.mtimeMs === b.mtimeMs : b.holder?.nonce === a.holder.nonce;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * proper-lockfile keeps held locks in a process-wide table keyed by the locked file's name. Each
 * acquisition gets a name of its own (the lock itself is at `lockfilePath`), so a lock taken over
 * within one process and its successor are never mistaken for each other.
 */
const tableKey = (path: string, me: LockHolder) => `${path}#${me.nonce}`;

/** Removes the lock if it is still the stale one we saw; serialised by the takeover mutex. */
async function takeOverStale(path: string, seen: Observed, me: LockHolder, here: FolderId | undefined): Promise<void> {
  const mutex = `${path}.takeover`;
  let releaseMutex: () => Promise<void>;
  try {
    releaseMutex = await properLockfile().lock(tableKey(mutex, me), {
      lockfilePath: mutex,
      realpath: false,
      stale: MUTEX_STALE_AFTER_MS,
      fs: mutexFs,
      onCompromised: () => undefined, // judged stale by another contender: this takeover re-checks anyway
    } satisfies LockOptions);
  } catch (err) {
    // A stale mutex file (not directory) left by a version before proper-lockfile, which the library cannot rmdir.
    if (errorCode(err) === 'ENOTDIR') await rm(mutex, { force: true });
    else if (errorCode(err) !== 'ELOCKED') throw err;
    await sleep(10 + Math.random() * 20);
    return;
  }
  try {
    const again = await observe(path);
    if (again && sameHolder(seen, again) && isStale(again, STALE_AFTER_MS, here)) await rm(path, { recursive: true, force: true });
  } finally {
    await releaseMutex().catch(() => undefined);
  }
}

/**
 * Takes the home's lock, taking over a stale one. Returns the lock, or the live holder when another
 * process holds it.
 */
export async function acquireDataFolderLock(home: string): Promise<DataFolderLock | { heldBy: LockHolder }> {
  const path = lockPath(home);
  const here = await folderId(home);
  const me: LockHolder = { pid: process.pid, nonce: randomBytes(12).toString('hex'), ...(here ? { folder: here } : {}) };
  const options: LockOptions = {
    lockfilePath: path,
    realpath: false,
    // Never stale by the library's own rule (mtime only, racy removal): see takeOverStale.
    stale: Number.POSITIVE_INFINITY,
    update: HEARTBEAT_MS,
    fs: homeLockFs(me),
    // Replaced by another process (which judged it stale): the lock is not ours any more, and release leaves it alone.
    onCompromised: () => undefined,
  };
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      return ownedLock(me, await properLockfile().lock(tableKey(path, me), options));
    } catch (err) {
      if (errorCode(err) !== 'ELOCKED') throw err;
    }
    const seen = await observe(path);
    if (!seen) continue; // released between our attempt and the read
    if (!isStale(seen, STALE_AFTER_MS, here)) {
      if (seen.holder) return { heldBy: seen.holder };
      await sleep(20); // being written right now
      continue;
    }
    await takeOverStale(path, seen, me, here);
  }
  throw new Error(`could not take the lock ${path}: it keeps changing hands`);
}

function ownedLock(me: LockHolder, release: () => Promise<void>): DataFolderLock {
  return {
    holder: me,
    async touch() {
      // proper-lockfile's own timer refreshes the lock (options.update).
    },
    async release() {
      try {
        await release();
      } catch (err) {
        if (errorCode(err) !== 'ERELEASED') throw err; // released before, or replaced by another holder
      }
    },
  };
}

/** The process holding the home's lock right now, if it is alive (a host starting, serving or stopping). */
export async function liveLockHolder(home: string): Promise<LockHolder | undefined> {
  const seen = await observe(lockPath(home));
  return seen?.holder && !isStale(seen, STALE_AFTER_MS, await folderId(home)) ? seen.holder : undefined;
}
