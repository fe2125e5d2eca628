import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { CLI, cli, EXAMPLE, startCli, workFolder, type RunningCli } from './support/cliHarness';

interface ServeInfo {
  api: string;
  s3: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  owner: string;
  token: string;
}

const CASE_ID = 'study-permit-darkwah-mensimah'; // the example's audit.json names its folder so
const hasAwsCli = spawnSync('aws', ['--version']).status === 0;

/** Uploads a file, or a folder with `--recursive`, as any S3 client would: the AWS CLI when installed, else the SDK. */
async function upload(info: ServeInfo, file: string, key: string, exclude: string[] = []): Promise<void> {
  if (hasAwsCli) {
    const folder = exclude.length ? ['--recursive', ...exclude.flatMap((e) => ['--exclude', e])] : [];
    const r = spawnSync('aws', ['s3', 'cp', file, `s3://${info.bucket}/${key}`, ...folder, '--endpoint-url', info.s3, '--only-show-errors'], {
      env: { ...process.env, AWS_ACCESS_KEY_ID: info.accessKeyId, AWS_SECRET_ACCESS_KEY: info.secretAccessKey, AWS_DEFAULT_REGION: info.region },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`aws s3 cp failed: ${r.stderr}`);
    return;
  }
  const s3 = new S3Client({ region: info.region, endpoint: info.s3, forcePathStyle: true, credentials: info, requestChecksumCalculation: 'WHEN_REQUIRED' });
  const files = exclude.length ? readdirSync(file).filter((n) => !exclude.includes(n)).map((n) => [join(file, n), `${key}${n}`]) : [[file, key]];
  for (const [path, objectKey] of files) await s3.send(new PutObjectCommand({ Bucket: info.bucket, Key: objectKey, Body: readFileSync(path) }));
  s3.destroy();
}

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('case-audit serve: the AWS API and upload trigger on loopback', () => {
  const work = workFolder('serve');
  const home = join(work, '.case-audit');
  let serve: RunningCli;
  let info: ServeInfo;
  /** A call to the API, with the token (or `null`: without it). */
  const api = (path: string, init: RequestInit = {}, token: string | null = info.token) =>
    fetch(`${info.api}${path}`, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) } });

  beforeAll(async () => {
    serve = startCli(process.execPath, [CLI, 'serve', '--port', '0'], { home });
    let stdout = '';
    serve.child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    info = await eventually(async () => (stdout.includes('\n') ? (JSON.parse(stdout.split('\n')[0]) as ServeInfo) : undefined), 'the ready line');
  });

  afterAll(async () => {
    if (serve.child.exitCode === null) serve.child.kill('SIGTERM');
    await serve.done;
  });

  let uploaded: Promise<{ auditId: string; status: string }> | undefined;
  /**
   * The example's documents, then its audit.json, uploaded once for the file (by the first test that
   * needs them) as any S3 client would; resolves with the audit the upload started once it succeeded.
   */
  const uploadedAudit = () =>
    (uploaded ??= (async () => {
      await upload(info, EXAMPLE, `cases/local/${CASE_ID}/documents/`, ['audit.json', 'README.md']);
      await upload(info, join(EXAMPLE, 'audit.json'), `cases/local/${CASE_ID}/audit.json`);
      return eventually(async () => {
        const body = (await (await api('/audits')).json()) as { audits: Array<{ auditId: string; status: string }> };
        return body.audits.find((a) => a.status === 'SUCCEEDED');
      }, 'the audit to succeed');
    })());

  it('prints one JSON line with everything a client needs', () => {
    expect(Object.keys(info).sort()).toEqual(['accessKeyId', 'api', 'bucket', 'owner', 'region', 's3', 'secretAccessKey', 'token']);
    expect(info.api).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.owner).toBe('local');
  });

  it('refuses a request without the bearer token (401)', async () => {
    const r = await api('/audits', {}, null);
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ error: 'Unauthorized' });
  });

  it('starts exactly one audit when audit.json lands after the documents, and serves its status and report', async () => {
    const audit = await uploadedAudit();
    await new Promise((r) => setTimeout(r, 1500)); // several more scans of the bucket
    const all = (await (await api(`/audits?caseId=${CASE_ID}`)).json()) as { audits: unknown[] };
    expect(all.audits).toHaveLength(1);

    const status = (await (await api(`/audits/${audit.auditId}`)).json()) as { workflowType: string; progress: { percentage: number } };
    expect(status).toMatchObject({ workflowType: 'document-list', progress: { percentage: 100 } });
    const report = (await (await api(`/audits/${audit.auditId}/report`)).json()) as { url: string };
    const markdown = await (await fetch(report.url)).text();
    expect(markdown.startsWith('> **Disclaimer.**')).toBe(true);
  });

  it('answers 404 for an audit that is not the caller’s, and 400 naming the field of a bad body', async () => {
    expect((await api('/audits/aud-01abcdefghjkmnpqrstv')).status).toBe(404);
    expect((await api('/audits/..%2F..%2Fetc')).status).toBe(400);
    const bad = await api('/audits', { method: 'POST', body: JSON.stringify({ caseId: CASE_ID, workflowType: 'nope' }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: ['workflowType'] });
  });

  it('stops cleanly on SIGTERM, and the audit is still there for the next command', async () => {
    await uploadedAudit();
    serve.child.kill('SIGTERM');
    expect((await serve.done).code).toBe(0);
    const listed = cli(['list', '--json'], { home });
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ caseId: CASE_ID, status: 'SUCCEEDED' })]);
  });
});
