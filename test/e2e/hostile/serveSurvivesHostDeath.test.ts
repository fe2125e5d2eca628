import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { CLI, EXAMPLE, startCli, workFolder, type RunningCli } from '../support/cliHarness';

jest.setTimeout(240_000);

/**
 * `case-audit serve` whose data folder's host is killed (SIGKILL: it cleans nothing up) under it (issue
 * 28 item 10): serve opens the folder again — a new host, new endpoints (a new ready line), a new
 * session — and its API and upload trigger work again at the same API address; when the folder cannot
 * be opened again, serve stops with a message and exit code 1 instead of answering 500 for ever.
 */

interface ServeInfo {
  api: string;
  s3: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  token: string;
}

const CASE_ID = 'study-permit-darkwah-mensimah'; // the example's audit.json names its folder so
/** The host lingers for the whole test, whatever the machine's load. */
const LINGER = { CASE_AUDIT_HOST_IDLE_MS: '60000' };

const hostPid = (home: string): number => (JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { pid: number }).pid;

async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 90_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `case-audit serve` on a fresh data folder, with its ready lines as they come. */
function startServe(label: string): { serve: RunningCli; home: string; readyLines: () => ServeInfo[] } {
  const work = workFolder(label);
  const home = join(work, '.case-audit');
  const serve = startCli(process.execPath, [CLI, 'serve', '--port', '0'], { home, cwd: work, env: LINGER });
  let stdout = '';
  serve.child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  const readyLines = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as ServeInfo);
  return { serve, home, readyLines };
}

async function uploadExample(info: ServeInfo): Promise<void> {
  const s3 = new S3Client({ region: info.region, endpoint: info.s3, forcePathStyle: true, credentials: info, requestChecksumCalculation: 'WHEN_REQUIRED' });
  try {
    for (const name of readdirSync(EXAMPLE).filter((n) => n !== 'audit.json' && n !== 'README.md')) {
      await s3.send(new PutObjectCommand({ Bucket: info.bucket, Key: `cases/local/${CASE_ID}/documents/${name}`, Body: readFileSync(join(EXAMPLE, name)) }));
    }
    await s3.send(new PutObjectCommand({ Bucket: info.bucket, Key: `cases/local/${CASE_ID}/audit.json`, Body: readFileSync(join(EXAMPLE, 'audit.json')) }));
  } finally {
    s3.destroy();
  }
}

describe("case-audit serve when the data folder's host dies", () => {
  const running: RunningCli[] = [];
  const homes: string[] = [];
  afterAll(async () => {
    for (const serve of running) if (serve.child.exitCode === null) serve.child.kill('SIGTERM');
    await Promise.all(running.map((s) => s.done));
    for (const home of homes) {
      try {
        process.kill(hostPid(home), 'SIGTERM');
      } catch {
        // no host left
      }
    }
  });

  it('reconnects to a new host: the same API address answers again and an upload to the new endpoint starts an audit that finishes', async () => {
    const { serve, home, readyLines } = startServe('serve-host-death');
    running.push(serve);
    homes.push(home);
    const first = await eventually(() => readyLines()[0], 'the ready line');
    const api = (info: ServeInfo, path: string) => fetch(`${info.api}${path}`, { headers: { authorization: `Bearer ${info.token}` } });
    expect((await api(first, '/audits')).status).toBe(200);

    const killed = hostPid(home);
    process.kill(killed, 'SIGKILL');
    const second = await eventually(() => readyLines()[1], 'a second ready line, once reconnected');
    expect(second.api).toBe(first.api);
    expect(hostPid(home)).not.toBe(killed);
    expect(serve.child.exitCode).toBeNull();
    expect(serve.child.signalCode).toBeNull();
    expect((await api(second, '/audits')).status).toBe(200);

    // The upload trigger runs on the new host: an upload starts an audit, which finishes.
    await uploadExample(second);
    const audit = await eventually(async () => {
      const body = (await (await api(second, '/audits')).json()) as { audits: Array<{ auditId: string; status: string }> };
      return body.audits.find((a) => a.status === 'SUCCEEDED');
    }, 'the uploaded audit to succeed');
    expect(audit.auditId).toMatch(/^aud-/);
    const stderr = await serve.stderrLine(/reconnected to the data folder's host/);
    expect(JSON.parse(stderr)).toMatchObject({ message: "reconnected to the data folder's host", hostPid: hostPid(home) });
  });

  it('stops with a message and exit code 1 when the data folder cannot be opened again', async () => {
    const { serve, home, readyLines } = startServe('serve-host-gone');
    running.push(serve);
    await eventually(() => readyLines()[0], 'the ready line');
    // The folder is moved away and a file put in its place before the host is killed: no host can start there.
    const pid = hostPid(home);
    renameSync(home, `${home}-moved`);
    homes.push(`${home}-moved`);
    writeFileSync(home, 'not a data folder');
    process.kill(pid, 'SIGKILL');
    const ended = await serve.done;
    expect(ended.code).toBe(1);
    expect(ended.stderr).toMatch(/case-audit serve: the data folder's host stopped and the folder could not be opened again \(ENOTDIR: .+\); serve stops\n/);
  });
});
