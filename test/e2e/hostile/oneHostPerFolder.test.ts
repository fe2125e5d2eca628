import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, ROOT, workFolder, writeCase } from '../support/cliHarness';

/**
 * Issue 28 item 11: a command that wrongly decided the host was gone (host suspended past the lock's
 * staleness, or runtime.lock / runtime.json removed) spawned a second host, which died on an uncaught
 * "Database is closed", after which every command failed with a bare ECONNREFUSED; a damaged
 * runtime.json made every command wait 30 s and fail with "no host answered", naming no file.
 */

jest.setTimeout(180_000);

const work = workFolder('one-host');
const CASE = writeCase(join(work, 'case'), { 'letter.txt': 'LETTER OF ACCEPTANCE\n' });
/** Each host lingers through its whole test, whatever the machine's load. */
const LINGER = { CASE_AUDIT_HOST_IDLE_MS: '120000' };
let folders = 0;

const recordPath = (home: string) => join(home, 'runtime.json');
const hostPid = (home: string) => (JSON.parse(readFileSync(recordPath(home), 'utf8')) as { pid: number }).pid;
const hostLog = (home: string) => readFileSync(join(home, 'host.log'), 'utf8');
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** Hosts this file started (through its commands), by pid: resumed if suspended, then stopped. */
const hosts = new Set<number>();
afterAll(() => {
  for (const pid of hosts) {
    try {
      process.kill(pid, 'SIGCONT');
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

const list = (home: string) => cli(['list', '--json'], { home, cwd: work, env: LINGER });
/** A fresh data folder holding one audit, with its host up (started by the audit's command, lingering). */
function folderWithHost(): { home: string; pid: number } {
  const home = join(work, `home-${++folders}`);
  const r = cli(['run', CASE, '--workflow', 'document-list', '--json', '--out', join(work, `out-${folders}`)], { home, cwd: work, env: LINGER });
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
  const pid = hostPid(home);
  hosts.add(pid);
  return { home, pid };
}
async function eventually(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('one host per data folder', () => {
  it('a second host of a folder whose store the first still holds exits with the reason and publishes no runtime.json', () => {
    const { home, pid } = folderWithHost();
    rmSync(join(home, 'runtime.lock'), { recursive: true, force: true }); // the lock removed by hand

    const second = spawnSync(process.execPath, [join(ROOT, 'local/daemon/hostDaemon.js'), home], { env: { ...process.env, ...LINGER }, encoding: 'utf8', timeout: 120_000 });

    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`DataFolderInUse: the data folder ${home} is still in use by another process`);
    expect(second.stderr).not.toContain('Database is closed');
    expect(hostPid(home)).toBe(pid);
    // The first host still serves every command.
    expect(list(home)).toMatchObject({ code: 0, stderr: '' });
  });

  it('a command facing a host that is alive but does not answer (suspended past the lock’s staleness) says so and starts no second host', () => {
    const { home, pid } = folderWithHost();
    const logBefore = hostLog(home);
    process.kill(pid, 'SIGSTOP');
    try {
      // Its heartbeat as it is after more than a minute suspended.
      const longAgo = new Date(Date.now() - 5 * 60_000);
      utimesSync(join(home, 'runtime.lock'), longAgo, longAgo);

      const r = list(home);

      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`its host (process ${pid}, named in ${recordPath(home)}) is running but does not answer`);
      expect(r.stderr).toContain(`kill -CONT ${pid}`);
      expect(hostLog(home)).toBe(logBefore); // no other host started, nor failed
      expect(hostPid(home)).toBe(pid);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect(list(home)).toMatchObject({ code: 0, stderr: '' });
  });

  it('a damaged runtime.json is named with what is wrong, and the folder works again once its host is gone', async () => {
    const { home, pid } = folderWithHost();
    writeFileSync(recordPath(home), '{"pid": 1, "control": ');

    const r = list(home);

    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${recordPath(home)} is damaged (it is not valid JSON), so its host (process ${pid}) cannot be reached`);
    expect(r.stderr).not.toContain('no host answered');

    process.kill(pid, 'SIGTERM');
    await eventually(() => !alive(pid), 'the host to stop');
    const again = list(home);
    expect({ code: again.code, stderr: again.stderr }).toEqual({ code: 0, stderr: '' });
    const next = hostPid(home);
    hosts.add(next);
    expect(next).not.toBe(pid);
  });

  it('a record left by a host killed outright does not stop the next command: a new host takes the folder', async () => {
    const { home, pid } = folderWithHost();
    process.kill(pid, 'SIGKILL');
    await eventually(() => !alive(pid), 'the host to die');
    expect(existsSync(recordPath(home))).toBe(true);

    const r = list(home);

    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const next = hostPid(home);
    hosts.add(next);
    expect(next).not.toBe(pid);
  });
});
