import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
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
