import { randomBytes } from 'node:crypto';
import { open, readFile, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The lock that makes one process the host of a local data folder (its DynamoDB and S3 emulators
 * keep LevelDB and object files there, which only one process may open).
 *
 * - Taking it is `open(O_CREAT|O_EXCL)`: exactly one contender wins.
 * - The holder refreshes the file's mtime (a heartbeat); a lock whose process is dead, or whose
 *   heartbeat stopped, is stale.
 * - A stale lock is removed only under a second exclusive file (the takeover mutex) and only after
 *   re-reading it and finding the same stale holder, so two contenders can never both remove a lock
 *   and both believe they won: a fresh lock written in between has another nonce and is left alone.
 */

export interface LockHolder {
  pid: number;
  nonce: string;
}

export interface HomeLock {
  readonly holder: LockHolder;
  /** Refreshes the heartbeat; call at least every HEARTBEAT_MS. */
  touch(): Promise<void>;
  /** Removes the lock if it is still ours. */
  release(): Promise<void>;
}

export const HEARTBEAT_MS = 5_000;
/** A lock whose heartbeat is older than this is stale even if its pid is alive (pid reuse, a hung host). */
export const STALE_AFTER_MS = 60_000;
/** A takeover mutex older than this is stale: it is held for a few milliseconds at most. */
const MUTEX_STALE_AFTER_MS = 10_000;
/** An empty or half-written lock file younger than this is being written, not stale. */
const WRITING_GRACE_MS = 5_000;

export const lockPath = (home: string): string => join(home, 'runtime.lock');

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function createExclusive(path: string, content: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
  return true;
}

interface Observed {
  holder?: LockHolder;
  mtimeMs: number;
}

async function observe(path: string): Promise<Observed | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    let holder: LockHolder | undefined;
    try {
      const parsed = JSON.parse(text) as Partial<LockHolder>;
      if (typeof parsed.pid === 'number' && typeof parsed.nonce === 'string') holder = { pid: parsed.pid, nonce: parsed.nonce };
    } catch {
      holder = undefined;
    }
    return { holder, mtimeMs: info.mtimeMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function isStale(seen: Observed, staleAfterMs: number, now = Date.now()): boolean {
  const age = now - seen.mtimeMs;
  if (!seen.holder) return age > WRITING_GRACE_MS;
  return !isAlive(seen.holder.pid) || age > staleAfterMs;
}

const sameHolder = (a: Observed, b: Observed): boolean =>
  a.holder === undefined ? b.holder === undefined && a.mtimeMs === b.mtimeMs : b.holder?.nonce === a.holder.nonce;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Removes the lock if it is still the stale one we saw; serialised by the takeover mutex. */
async function takeOverStale(path: string, seen: Observed, me: LockHolder): Promise<void> {
  const mutex = `${path}.takeover`;
  if (!(await createExclusive(mutex, JSON.stringify(me)))) {
    const other = await observe(mutex);
    // A takeover abandoned by a process that died in those few milliseconds.
    if (other && isStale(other, MUTEX_STALE_AFTER_MS)) await rm(mutex, { force: true });
    await sleep(10 + Math.random() * 20);
    return;
  }
  try {
    const again = await observe(path);
    if (again && sameHolder(seen, again) && isStale(again, STALE_AFTER_MS)) await rm(path, { force: true });
  } finally {
    await rm(mutex, { force: true });
  }
}

/**
 * Takes the home's lock, taking over a stale one. Returns the lock, or the live holder when another
 * process holds it.
 */
export async function acquireHomeLock(home: string): Promise<HomeLock | { heldBy: LockHolder }> {
  const path = lockPath(home);
  const me: LockHolder = { pid: process.pid, nonce: randomBytes(12).toString('hex') };
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await createExclusive(path, JSON.stringify(me))) return ownedLock(path, me);
    const seen = await observe(path);
    if (!seen) continue; // released between our attempt and the read
    if (!isStale(seen, STALE_AFTER_MS)) {
      if (seen.holder) return { heldBy: seen.holder };
      await sleep(20); // being written right now
      continue;
    }
    await takeOverStale(path, seen, me);
  }
  throw new Error(`could not take the lock ${path}: it keeps changing hands`);
}

function ownedLock(path: string, me: LockHolder): HomeLock {
  const stillOurs = async () => (await observe(path))?.holder?.nonce === me.nonce;
  return {
    holder: me,
    async touch() {
      const now = new Date();
      if (await stillOurs()) await utimes(path, now, now).catch(() => undefined);
    },
    async release() {
      if (await stillOurs()) await rm(path, { force: true });
    },
  };
}

/** The process holding the home's lock right now, if it is alive (a host starting, serving or stopping). */
export async function liveLockHolder(home: string): Promise<LockHolder | undefined> {
  const seen = await observe(lockPath(home));
  return seen?.holder && !isStale(seen, STALE_AFTER_MS) ? seen.holder : undefined;
}
