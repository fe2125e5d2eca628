import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { acquireDataFolderLock, liveLockHolder, lockHolderPath, lockPath } from '../../../local/dataFolder/dataFolderLock';

const ROOT = resolve(__dirname, '../../..');
const HOME_LOCK = JSON.stringify(join(ROOT, 'local/dataFolder/dataFolderLock.ts'));

/** A pid that belonged to a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

/** Runs `script` in a separate process (TypeScript through tsx) with `home` as its argument; resolves to its stdout. */
function runScript(script: string, home: string): Promise<string> {
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', '-e', script, home], { cwd: ROOT });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((done) => child.on('close', () => done(out)));
}

/**
 * Runs `acquireDataFolderLock` in a separate process at wall-clock time `at` (so all contenders start
 * together, whatever their start-up time). It reports whether it won, then holds what it won until
 * `finish` (so a slow contender never finds the folder free again), and exits.
 */
function contender(home: string, at: number): { outcome: Promise<string>; finish(): Promise<void> } {
  const script = `
    const { acquireDataFolderLock } = require(${HOME_LOCK});
    setTimeout(() => acquireDataFolderLock(process.argv[1]).then((lock) => {
      process.stdout.write('heldBy' in lock ? 'held' : 'won');
      process.stdin.on('end', () => process.exit(0)).resume();
    }), ${at} - Date.now());`;
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', '-e', script, home], { cwd: ROOT });
  let out = '';
  let err = '';
  const closed = new Promise<void>((done) => child.on('close', () => done()));
  const outcome = new Promise<string>((done) => {
    child.stdout.on('data', (d: Buffer) => done((out += d.toString())));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    void closed.then(() => done(out || `exited: ${err}`));
  });
  return { outcome, finish: () => (child.stdin.end(), closed) };
}

/** A host that takes the lock and is killed outright (no exit hook runs): its lock stays behind. */
async function crashedHolder(home: string): Promise<number> {
  const script = `
    const { acquireDataFolderLock } = require(${HOME_LOCK});
    acquireDataFolderLock(process.argv[1]).then((lock) => {
      process.stdout.write(String(lock.holder.pid));
      process.kill(process.pid, 'SIGKILL');
    });`;
  return Number(await runScript(script, home));
}

describe('the data folder lock', () => {
  it('is won by exactly one of several processes taking over the lock of a holder that crashed', async () => {
    const home = mkdtempSync(join(tmpdir(), 'case-audit-lock-'));
    const pid = await crashedHolder(home);
    expect(JSON.parse(readFileSync(lockHolderPath(home), 'utf8')).pid).toBe(pid);
    expect(await liveLockHolder(home)).toBeUndefined(); // its process is dead: stale at once
    const at = Date.now() + 3000;
    const contenders = Array.from({ length: 8 }, () => contender(home, at));
    const outcomes = await Promise.all(contenders.map((c) => c.outcome));
    await Promise.all(contenders.map((c) => c.finish()));
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(7);
  }, 60_000);

  it('is not taken from a live holder, and is taken over once its heartbeat stops', async () => {
    const home = mkdtempSync(join(tmpdir(), 'case-audit-lock-'));
    const first = await acquireDataFolderLock(home);
    if ('heldBy' in first) throw new Error('expected to win an empty folder');
    expect(await acquireDataFolderLock(home)).toEqual({ heldBy: first.holder });
    expect(await liveLockHolder(home)).toEqual(first.holder);

    // A holder whose pid is alive but whose heartbeat stopped long ago (pid reuse, a hung host).
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(lockPath(home), old, old);
    const second = await acquireDataFolderLock(home);
    if ('heldBy' in second) throw new Error('expected to take over a lock whose heartbeat stopped');
    expect(JSON.parse(readFileSync(lockHolderPath(home), 'utf8')).nonce).toBe(second.holder.nonce);
    expect(second.holder.nonce).not.toBe(first.holder.nonce);
    await first.release(); // the old holder must not remove the new one's lock
    expect(await liveLockHolder(home)).toEqual(second.holder);
    await second.release();
  });

  it('takes over a lock file left by a crash of the version before proper-lockfile, and respects a live one', async () => {
    const home = mkdtempSync(join(tmpdir(), 'case-audit-lock-'));
    writeFileSync(lockPath(home), JSON.stringify({ pid: process.pid, nonce: 'older-version-host' }));
    expect(await acquireDataFolderLock(home)).toEqual({ heldBy: { pid: process.pid, nonce: 'older-version-host' } });

    writeFileSync(lockPath(home), JSON.stringify({ pid: deadPid(), nonce: 'left-by-a-crash' }));
    const lock = await acquireDataFolderLock(home);
    if ('heldBy' in lock) throw new Error('expected to take over a dead holder’s lock file');
    expect(statSync(lockPath(home)).isDirectory()).toBe(true);
    await lock.release();
  });

  it('is owner-only, and gone once released (a second release does nothing)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'case-audit-lock-'));
    const lock = await acquireDataFolderLock(home);
    if ('heldBy' in lock) throw new Error('expected to win an empty folder');
    expect(statSync(lockPath(home)).mode & 0o777).toBe(0o700);
    expect(statSync(lockHolderPath(home)).mode & 0o777).toBe(0o600);
    await lock.touch();
    await lock.release();
    await lock.release();
    expect(existsSync(lockPath(home))).toBe(false);
    expect(await liveLockHolder(home)).toBeUndefined();
  });

  it('is read with Node built-ins only (a command checks it before loading anything else)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'case-audit-lock-'));
    // Packages loaded besides tsx and esbuild (the TypeScript loader this test runs the source with).
    const script = `
      const { liveLockHolder } = require(${HOME_LOCK});
      const loaded = () => Object.keys(require.cache).filter((f) => f.includes('/node_modules/'));
      const runner = (f) => f.includes('/node_modules/tsx/') || f.includes('/node_modules/esbuild/');
      liveLockHolder(process.argv[1]).then(() => process.stdout.write(JSON.stringify(loaded().filter((f) => !runner(f)))));`;
    expect(JSON.parse(await runScript(script, home))).toEqual([]);
  });
});
