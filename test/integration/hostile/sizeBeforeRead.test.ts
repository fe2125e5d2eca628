import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { startAudit } from '../../../lambdas/core/audit/startAudit';
import { pinCaseDocuments, TooManyDocuments } from '../../../lambdas/core/audit/documentManifest';
import type { IntakeOutput } from '../../../lambdas/contracts/intakeOutput';
import { BlobTooLarge } from '../../../lambdas/core/storage/blobErrors';
import { documentsPrefix } from '../../../lambdas/core/storage/objectKeys';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { STUDY_PERMIT_DOCUMENTS, uploadDocuments } from '../trigger/caseUpload';

/**
 * Objects far larger than one buffer can hold (4 GiB and up) in a case in the local S3 (s3rver).
 * They are made sparse: a small object is put, then its file in s3rver's folder is stretched with
 * truncate, so s3rver lists and serves 5 GiB of zeros while the disk holds almost nothing. Before
 * sizes were checked, pinning read each whole object into one buffer and died with
 * `RangeError: Invalid typed array length`, taking `serve` down on every restart.
 */
const OWNER = 'local';
const GIB = 1024 ** 3;

describe('document sizes are checked before any object is read', () => {
  let home: string;
  let rt: LocalRuntime;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'case-audit-size-'));
    rt = await startLocalRuntime({ dataFolder: home, persist: true });
  });
  afterAll(async () => {
    await rt.stop();
    await closePdfWorkers();
    rmSync(home, { recursive: true, force: true });
  });

  /** Puts a one-byte object at `key`, then stretches its stored file to `size` bytes (sparse). */
  async function putSparseObject(key: string, size: number): Promise<void> {
    await rt.emulators.blobs.put(key, new Uint8Array([0x25]));
    const parts = key.split('/');
    const dir = join(home, 's3', rt.emulators.bucket, ...parts.slice(0, -1));
    const file = `${parts[parts.length - 1]}._S3rver_object`;
    if (!readdirSync(dir).includes(file)) throw new Error(`s3rver stored no file for ${key} in ${dir}`);
    truncateSync(join(dir, file), size);
    expect((await rt.emulators.blobs.list(key))[0].size).toBe(size);
  }

  it('pins a 5 GiB document as too-large with its size, without reading it, and hashes the others by streaming', async () => {
    const caseId = 'huge-scan';
    await uploadDocuments(rt.emulators.blobs, OWNER, caseId);
    await putSparseObject(`${documentsPrefix(OWNER, caseId)}passport-scan.pdf`, 5 * GIB);

    const manifest = await pinCaseDocuments(rt.emulators.blobs, OWNER, caseId);

    const byName = Object.fromEntries(manifest.documents.map((d) => [d.name, d]));
    expect(byName['passport-scan.pdf']).toMatchObject({
      size: 5 * GIB,
      problem: { status: 'too-large', detail: expect.stringMatching(/^file is 5 GB, over the 50 MB limit for one document/) },
    });
    expect(byName['passport-scan.pdf'].sha256).toBeUndefined();
    for (const [name, bytes] of Object.entries(STUDY_PERMIT_DOCUMENTS)) {
      expect(byName[name]).toMatchObject({ size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') });
      expect(byName[name].problem).toBeUndefined();
    }
  });

  it('runs the audit of a case holding a 5 GiB document to its end, the document reported too-large and the others read', async () => {
    const caseId = 'huge-scan-audit';
    await uploadDocuments(rt.emulators.blobs, OWNER, caseId);
    await putSparseObject(`${documentsPrefix(OWNER, caseId)}bank-statements.pdf`, 5 * GIB);
    const { store, blobs } = rt.emulators;

    // No manifest given: the audit pins the case's objects itself, as `serve` and the Lambdas do.
    const started = await startAudit({ store, blobs, starter: rt }, { caseId, workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner: OWNER });
    expect((await rt.wait(started.auditId)).status).toBe('SUCCEEDED');

    const intake = (await store.readOutput<IntakeOutput>(await store.get(started.auditId), 'intake'))!;
    const byName = Object.fromEntries(intake.documents.map((d) => [d.name, d]));
    expect(byName['bank-statements.pdf']).toMatchObject({ status: 'too-large', statusDetail: expect.stringContaining('file is 5 GB, over the 50 MB limit') });
    expect(byName['imm1294.txt']).toMatchObject({ status: 'ok', type: 'imm-1294' });
    expect(byName['acceptance.txt'].status).toBe('ok');
  });

  it('refuses a bounded read of an object over the limit with BlobTooLarge naming its size, and reads one within it', async () => {
    const key = 'limits/over-4gib.bin';
    await putSparseObject(key, 4 * GIB + 1);
    const err = await rt.emulators.blobs.get(key, undefined, { maxBytes: 50 * 1024 * 1024 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlobTooLarge);
    expect(err).toMatchObject({ key, size: 4 * GIB + 1, maxBytes: 50 * 1024 * 1024 });

    await rt.emulators.blobs.put('limits/small.txt', 'twelve bytes');
    expect(new TextDecoder().decode(await rt.emulators.blobs.get('limits/small.txt', undefined, { maxBytes: 12 }))).toBe('twelve bytes');
    await expect(rt.emulators.blobs.get('limits/small.txt', undefined, { maxBytes: 11 })).rejects.toBeInstanceOf(BlobTooLarge);
  });

  it('hashes an object by streaming it: the digest is the SHA-256 of its bytes', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => (i * 31) % 251);
    await rt.emulators.blobs.put('limits/streamed.bin', bytes);
    expect(await rt.emulators.blobs.digest('limits/streamed.bin')).toEqual({ sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength });
  });

  it('refuses to pin a case holding more documents than the limit, naming the limit and the count, instead of cutting it', async () => {
    const caseId = 'too-many';
    await uploadDocuments(rt.emulators.blobs, OWNER, caseId, Object.fromEntries(['a', 'b', 'c', 'passport'].map((n) => [`${n}.txt`, new TextEncoder().encode(n)])));
    const err = await pinCaseDocuments(rt.emulators.blobs, OWNER, caseId, { maxDocuments: 3 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooManyDocuments);
    expect((err as Error).message).toMatch(/^the case holds 4 documents, over the limit of 3 for one audit/);
    expect((await pinCaseDocuments(rt.emulators.blobs, OWNER, caseId, { maxDocuments: 4 })).documents.map((d) => d.name)).toContain('passport.txt');
  });
});
