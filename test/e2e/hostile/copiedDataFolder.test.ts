import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { cli, workFolder, writeCase } from '../support/cliHarness';

/**
 * Issue 28 item 6: runtime.json named ports and a token but not the folder, so a copy of a data
 * folder made while its host ran (`cp -a`, rsync) sent every command of the copy to the original's
 * host, and the copy's audits were stored in the original.
 */

jest.setTimeout(180_000);

const work = workFolder('copied-folder');
const CASE = writeCase(join(work, 'case'), { 'letter.txt': 'LETTER OF ACCEPTANCE\n' });
/** Each host lingers through the whole test, whatever the machine's load. */
const LINGER = { CASE_AUDIT_HOST_IDLE_MS: '120000' };

interface Record {
  pid: number;
  folder: { path: string };
  endpoints: { dynamodb: string };
}
const recordOf = (home: string) => JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as Record;
/** Hosts this file started (through its commands): stopped at the end, by pid. */
const hosts = new Set<number>();
afterAll(() => {
  for (const pid of hosts) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

const run = (home: string, out: string) => {
  const r = cli(['run', CASE, '--workflow', 'document-list', '--json', '--out', join(work, out)], { home, cwd: work, env: LINGER });
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
  hosts.add(recordOf(home).pid);
  return (JSON.parse(r.stdout) as { auditId: string }).auditId;
};
const listed = (home: string) => {
  const r = cli(['list', '--json'], { home, cwd: work, env: LINGER });
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as Array<{ auditId: string }>).map((a) => a.auditId).sort();
};
const copyFolder = (from: string, to: string) => expect(spawnSync('cp', ['-a', from, to]).status).toBe(0);

const refusesConnections = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
async function eventually(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a data folder copied or moved while its host runs', () => {
  it('gives the copy a host of its own, and keeps each folder’s audits in that folder', () => {
    const original = join(work, 'original');
    const copy = join(work, 'copy');
    const first = run(original, 'out-original');
    const originalHost = recordOf(original).pid;

    copyFolder(original, copy);
    // The copy holds the original's runtime.json and lock, naming the original's live host.
    expect(recordOf(copy).pid).toBe(originalHost);

    const second = run(copy, 'out-copy');

    const copyRecord = recordOf(copy);
    expect(copyRecord.pid).not.toBe(originalHost);
    expect(copyRecord.folder.path).toBe(realpathSync(copy));
    expect(recordOf(original).pid).toBe(originalHost); // the original's host serves on, untouched
    expect(listed(original)).toEqual([first]);
    expect(listed(copy)).toEqual([first, second].sort());
  });

  it('serves a folder moved while its host ran from a new host at its new place, and the old host stops serving', async () => {
    const before = join(work, 'before-move');
    const after = join(work, 'after-move');
    const first = run(before, 'out-before');
    const oldRecord = recordOf(before);

    expect(spawnSync('mv', [before, after]).status).toBe(0);
    const second = run(after, 'out-after');

    const newRecord = recordOf(after);
    expect(newRecord.pid).not.toBe(oldRecord.pid);
    expect(newRecord.folder.path).toBe(realpathSync(after));
    expect(listed(after)).toEqual([first, second].sort());
    // The old host, whose files were open at the old path, no longer serves its store.
    await eventually(() => refusesConnections(oldRecord.endpoints.dynamodb), 'the old host to stop serving');
  });
});
