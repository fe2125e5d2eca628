import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, fstatSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../projectRoot';
import { liveLockHolder } from './dataFolderLock';
import { ensureDataFolder } from './privateFolder';

/* Node built-ins only: a command loads this first thing, before its own (heavier) code. */


let spawnedHere = false;

/** Whether this process started the data folder's host (which is then still loading its own code). */
export const spawnedByThisProcess = (): boolean => spawnedHere;

/** Spawns the background host of a data folder, detached, its stderr appended to `<home>/host.log`. */
export function spawnDaemon(home: string): ChildProcess {
  spawnedHere = true;
  const log = openSync(join(home, 'host.log'), 'a', 0o600);
  try {
    const child = spawn(process.execPath, [join(projectRoot(), 'local', 'daemon', 'hostDaemon.js'), home], { detached: true, stdio: ['ignore', 'ignore', log] });
    child.on('error', () => undefined);
    child.unref();
    return child;
  } finally {
    closeSync(log);
  }
}

/**
 * Starts the background host for a data folder now, if no process holds it, without waiting: a
 * command calls this first thing so the host boots while the command loads its own code.
 */
export async function prestartDaemon(home: string): Promise<void> {
  await ensureDataFolder(home);
  if (!existsSync(join(home, 'runtime.json')) && !(await liveLockHolder(home))) spawnDaemon(home);
}

/**
 * Why the background host last failed to start, from its own line in `<home>/host.log` (which holds
 * error names and messages only), or undefined when the log says nothing about it.
 */
export function lastHostFailure(home: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(join(home, 'host.log'), 'r');
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, 8192);
    const tail = Buffer.alloc(length);
    readSync(fd, tail, 0, length, size - length);
    for (const line of tail.toString('utf8').split('\n').reverse()) {
      try {
        const entry = JSON.parse(line) as { message?: unknown; error?: unknown };
        if (entry.message === 'failed' && typeof entry.error === 'string') return entry.error;
      } catch {
        // a partial first line, or not one of the host's lines
      }
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}
