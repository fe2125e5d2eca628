import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderCredentials } from '../../../local/auth/localCredentials';
import { startEmulators, type Emulators } from '../../../local/emulators';
import { uploadCaseFiles } from '../../../local/run/uploadCaseFiles';
import { readHostRecord } from '../../../local/dataFolder/hostRecord';
import { signer } from '../storage/signedHttp';
import { sendRaw } from '../storage/signedHttp';
import { startHostProcess } from '../storage/emulatorHostProcess';

const TARGET = { owner: 'local', caseId: 'case-1' };
const MAX_BYTES = 50 * 1024 * 1024;

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(dir.length + 1))
    .sort();
}

/** Waits until `condition` holds (checked every 20 ms): tests wait on what happens, never on time. */
async function until(condition: () => boolean | Promise<boolean>, what: string, limitMs = 60_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A case document on disk, as `case-audit run` finds it. */
function caseFile(dir: string, name: string, bytes: Buffer) {
  writeFileSync(join(dir, name), bytes);
  return { path: join(dir, name), name, size: bytes.length };
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/**
 * Starts a PUT of `total` bytes and sends only `sent` of them, leaving the connection open: the
 * state a host is in when it is killed or its client goes away mid-upload.
 */
async function startPartialPut(endpoint: string, credentials: { accessKeyId: string; secretAccessKey: string }, path: string, body: Buffer, sent: number) {
  const { hostname, port } = new URL(endpoint);
  const signed = await signer(credentials).sign({
    method: 'PUT',
    protocol: 'http:',
    hostname,
    port: Number(port),
    path,
    headers: { host: `${hostname}:${port}`, 'content-length': String(body.length), 'x-amz-content-sha256': sha256(body) },
  });
  const req = request({ hostname, port, path, method: 'PUT', headers: signed.headers });
  req.on('error', () => undefined); // the connection is cut on purpose
  req.write(body.subarray(0, sent));
  return req;
}

describe('objects are never half-written, and a damaged copy never poisons a case', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'case-audit-halfwritten-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const objectFiles = (home: string) => filesUnder(join(home, 's3')).filter((f) => f.endsWith('._S3rver_object'));
  const partialFiles = (home: string) => filesUnder(join(home, 's3')).filter((f) => f.endsWith('.partial'));

  describe('with the host in this process', () => {
    let e: Emulators;
    let home: string;
    let caseDir: string;
    beforeEach(async () => {
      home = join(root, 'data');
      caseDir = join(root, 'case');
      mkdirSync(caseDir);
      e = await startEmulators({ dataFolder: home });
    });
    afterEach(() => e.stop());

    it('replaces a stored copy left cut short by an earlier crash, so the next audit reads the whole document', async () => {
      const bytes = randomBytes(200_000);
      const file = caseFile(caseDir, 'passport.pdf', bytes);
      const [first] = await uploadCaseFiles(e.blobs, TARGET, [file], MAX_BYTES);
      // What s3rver's in-place write left when the host died mid-write: the first half at the key.
      const [stored] = objectFiles(home);
      truncateSync(join(home, 's3', stored), 100_000);
      rmSync(join(home, 's3', `${stored}.md5`), { force: true });

      const [again] = await uploadCaseFiles(e.blobs, TARGET, [file], MAX_BYTES);
      expect(again).toEqual(first);
      const read = await e.blobs.get(again.key ?? '');
      expect(read.byteLength).toBe(bytes.length);
      expect(sha256(read)).toBe(again.sha256);
    });

    it('replaces a stored copy whose metadata file was left empty (a full disk), instead of failing with an unknown error', async () => {
      const bytes = Buffer.from('%PDF-1.4 bank statement');
      const file = caseFile(caseDir, 'statement.pdf', bytes);
      const [entry] = await uploadCaseFiles(e.blobs, TARGET, [file], MAX_BYTES);
      const metadata = filesUnder(join(home, 's3')).find((f) => f.endsWith('._S3rver_metadata.json')) ?? '';
      writeFileSync(join(home, 's3', metadata), '');
      await expect(e.blobs.get(entry.key ?? '')).rejects.toThrow(/damaged/);

      await uploadCaseFiles(e.blobs, TARGET, [file], MAX_BYTES);
      expect(Buffer.from(await e.blobs.get(entry.key ?? ''))).toEqual(bytes);
    });

    it('keeps an intact stored copy as it is (no second write)', async () => {
      const file = caseFile(caseDir, 'letter.txt', Buffer.from('a letter'));
      const [entry] = await uploadCaseFiles(e.blobs, TARGET, [file], MAX_BYTES);
      const path = join(home, 's3', objectFiles(home)[0]);
      const before = statSync(path).ino;
      expect((await e.blobs.putUnlessIntact(entry.key ?? '', Buffer.from('a letter'))).written).toBe(false);
      expect(statSync(path).ino).toBe(before);
    });

    it('leaves nothing at the key when an upload is cut off mid-body, and keeps the copy that was there', async () => {
      const key = 'cases/local/case-1/documents/aaaaaaaaaaaaaaaa/scan.pdf';
      await e.blobs.put(key, 'the earlier, whole copy');
      const newKey = 'cases/local/case-1/documents/bbbbbbbbbbbbbbbb/scan.pdf';
      for (const k of [key, newKey]) {
        const body = randomBytes(300_000);
        const req = await startPartialPut(e.endpoints.s3, e.credentials, `/${e.bucket}/${k}`, body, 100_000);
        await until(() => partialFiles(home).length === 1, 'the upload is being written');
        req.destroy();
        await until(() => partialFiles(home).length === 0, 'the cut-off upload is cleaned up');
      }
      expect(await e.blobs.getText(key)).toBe('the earlier, whole copy');
      expect(await e.blobs.exists(newKey)).toBe(false);
      expect(objectFiles(home)).toHaveLength(1);
    });

    it('refuses a body that does not match its declared SHA-256 or MD5, and stores nothing', async () => {
      const key = 'cases/local/case-1/documents/cccccccccccccccc/id.pdf';
      await e.blobs.put(key, 'original');
      const signedFor = Buffer.from('expected');
      const sha = await sendRaw(e.endpoints.s3, e.credentials, {
        method: 'PUT',
        path: `/${e.bucket}/${key}`,
        body: signedFor,
        tamper: (r) => void (r.body = Buffer.from('tampered')), // same length, other bytes
      });
      expect(sha.status).toBe(400);
      expect(sha.body).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
      const md5 = await sendRaw(e.endpoints.s3, e.credentials, {
        method: 'PUT',
        path: `/${e.bucket}/${key}`,
        body: 'tampered',
        headers: { 'content-md5': createHash('md5').update('expected').digest('base64') },
      });
      expect(md5.status).toBe(400);
      expect(md5.body).toContain('<Code>BadDigest</Code>');
      expect(await e.blobs.getText(key)).toBe('original');
      expect(partialFiles(home)).toEqual([]);
    });
  });

  it('leaves no object when the host is killed (SIGKILL) mid-write, and the next host stores it whole', async () => {
    const home = join(root, 'data');
    const caseDir = join(root, 'case');
    mkdirSync(caseDir);
    const bytes = randomBytes(400_000);
    const file = caseFile(caseDir, 'passport.pdf', bytes);
    const key = `cases/local/case-1/documents/${sha256(bytes).slice(0, 16)}/passport.pdf`;

    const host = await startHostProcess(home);
    const record = await readHostRecord(home);
    const req = await startPartialPut(record?.endpoints.s3 ?? '', await folderCredentials(home), `/case-audit-local/${key}`, bytes, 200_000);
    await until(() => partialFiles(home).length === 1, 'the upload is being written');
    host.child.kill('SIGKILL');
    await host.exited;
    req.destroy();
    expect(partialFiles(home)).toHaveLength(1); // what the killed host left behind
    expect(objectFiles(home)).toEqual([]);

    const e = await startEmulators({ dataFolder: home });
    try {
      expect(partialFiles(home)).toEqual([]);
      expect(await e.blobs.exists(key)).toBe(false);
      const [entry] = await uploadCaseFiles(e.blobs, TARGET, [file], MAX_BYTES);
      expect(entry.key).toBe(key);
      expect(sha256(await e.blobs.get(key))).toBe(sha256(bytes));
    } finally {
      await e.stop();
    }
  });

  // A tiny disk needs a private mount namespace (user namespaces, or root).
  const canMount = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'true']).status === 0;
  (canMount ? it : it.skip)('answers a full disk with "disk full while storing <file>", keeps nothing partial, and stores the file once space is freed', async () => {
    const home = join(root, 'data');
    const caseDir = join(root, 'case');
    mkdirSync(join(home, 's3'), { recursive: true, mode: 0o700 });
    mkdirSync(caseDir);
    const tinyDisk = ['unshare', '--user', '--map-root-user', '--mount', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs "$0/s3" && exec "$@"', home];
    const host = await startHostProcess(home, tinyDisk);
    // The host's view of its tiny disk (its mount namespace), from outside.
    const disk = join('/proc', String(host.pid), 'root', home, 's3');
    const e = await startEmulators({ dataFolder: home }); // attaches to that host
    try {
      writeFileSync(join(disk, 'filler'), Buffer.alloc(800 * 1024));
      const bytes = randomBytes(300 * 1024);
      const file = caseFile(caseDir, 'passport scan.pdf', bytes);

      await expect(uploadCaseFiles(e.blobs, TARGET, [file], MAX_BYTES)).rejects.toMatchObject({
        name: 'BlobStorageFull',
        message: expect.stringMatching(/^disk full while storing passport scan\.pdf: nothing was stored/),
      });
      expect(filesUnder(disk).filter((f) => f.endsWith('.partial') || f.endsWith('._S3rver_object'))).toEqual([]);
      expect(await e.blobs.list('cases/')).toEqual([]); // the host still answers

      rmSync(join(disk, 'filler'));
      const [entry] = await uploadCaseFiles(e.blobs, TARGET, [file], MAX_BYTES);
      expect(sha256(await e.blobs.get(entry.key ?? ''))).toBe(sha256(bytes));
    } finally {
      await e.stop();
      await host.stop();
    }
  });
});
