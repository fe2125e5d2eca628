import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Another running case-audit runtime (this process or another) holds the data directory. */
export class DataDirInUse extends Error {
  override readonly name = 'DataDirInUse';

  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The local data directory ${dataDir} is in use by process ${pid}${pid === process.pid ? ' (this process)' : ''}. ` +
        'Stop that runtime first, or give this one another data directory.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>/runtime.lock` (holding our pid) so two runtimes never open the same LevelDB
 * store, which would crash the second one. A lock left by a dead process is taken over.
 * Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = join(dataDir, 'runtime.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirInUse(dataDir, pid);
      await rm(lockFile, { force: true });
    }
  }
  throw new DataDirInUse(dataDir, Number.NaN);
}
