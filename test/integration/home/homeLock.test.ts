import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { acquireHomeLock, liveLockHolder, lockPath } from '../../../local/home/homeLock';

const ROOT = resolve(__dirname, '../../..');

/** A pid that belonged to a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

/**
 * Runs `acquireHomeLock` in a separate process at wall-clock time `at` (so all contenders start
 * together, whatever their start-up time); it holds what it won for `holdMs`, then exits.
 */
function contender(home: string, at: number, holdMs: number): Promise<'won' | 'held'> {
  const script = `
    const { acquireHomeLock } = require(${JSON.stringify(join(ROOT, 'local/home/homeLock.ts'))});
    setTimeout(() => acquireHomeLock(process.argv[1]).then((lock) => {
      process.stdout.write('heldBy' in lock ? 'held' : 'won');
      setTimeout(() => process.exit(0), ${holdMs});
    }), ${at} - Date.now());`;
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', '-e', script, home], { cwd: ROOT });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((done) => child.on('close', () => done(out as 'won' | 'held')));
}

describe('the data folder lock', () => {
  it('is won by exactly one of several processes taking over a stale lock at once', async () => {
    const home = mkdtempSync(join(tmpdir(), 'case-audit-lock-'));
    writeFileSync(lockPath(home), JSON.stringify({ pid: deadPid(), nonce: 'left-by-a-crash' }));
    const at = Date.now() + 3000;
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => contender(home, at, 1500)));
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(7);
  }, 60_000);

  it('is not taken from a live holder, and is taken over once its heartbeat stops', async () => {
    const home = mkdtempSync(join(tmpdir(), 'case-audit-lock-'));
    const first = await acquireHomeLock(home);
    if ('heldBy' in first) throw new Error('expected to win an empty folder');
    expect(await acquireHomeLock(home)).toEqual({ heldBy: first.holder });
    expect(await liveLockHolder(home)).toEqual(first.holder);

    // A holder whose pid is alive but whose heartbeat stopped long ago (pid reuse, a hung host).
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(lockPath(home), old, old);
    const second = await acquireHomeLock(home);
    expect('heldBy' in second).toBe(false);
    expect(JSON.parse(readFileSync(lockPath(home), 'utf8')).nonce).not.toBe(first.holder.nonce);
    await first.release(); // the old holder must not remove the new one's lock
    expect(await liveLockHolder(home)).toBeDefined();
  });
});
