import { createHash } from 'node:crypto';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import type { ApiDeps } from '../../../lambdas/api/apiDeps';
import { S3UrlSigner } from '../../../lambdas/api/s3UrlSigner';
import { loadManifest } from '../../../lambdas/core/audit/documentManifest';
import { apiCaller } from '../api/apiRequests';
import { expectedSignature } from '../api/presignedUrlCheck';

/**
 * Two owners on one deployment (Cognito subs, as API Gateway passes them) and the real S3 emulator.
 *
 * What the emulator can and cannot show: s3rver 3.7.1 does not verify SigV4 signatures at all (its
 * authentication middleware says "Signature version 4 calculation is unimplemented" and accepts
 * any request signed with a known access key id, or with no signature). So the refusal of a
 * tampered presigned URL is shown the way S3 decides it: by recomputing the signature from the
 * URL as received (presignedUrlCheck.ts), after checking that this recomputation reproduces the
 * signature of every untampered URL. Everything the emulator can decide — which keys the API hands
 * out, what lands where when those URLs are used — is exercised through it.
 */
const ALICE = '0a1b2c3d-2222-4c5d-8e9f-aaaaaaaaaaa1';
const BOB = '9f8e7d6c-3333-4d4c-9b8a-bbbbbbbbbbb2';
const ALICE_CASE = 'spousal-7';
const ALICE_OTHER_CASE = 'visitor-3';
const BOB_CASE = 'work-5';

const ALICE_DOCUMENTS: Record<string, string> = {
  'imm1344.txt': 'APPLICATION TO SPONSOR (IMM 1344)\nFamily name: Oyelaran-Beck\nGiven name(s): Tolulope\nDate of birth: 1990-05-14\n',
  'marriage/certificate.txt': 'CERTIFICATE OF MARRIAGE\nRegistry No.: 2024-0000-0999\nHusband: Tolulope Oyelaran-Beck\n',
};
const BOB_DOCUMENTS: Record<string, string> = {
  'imm1295.txt': 'APPLICATION FOR WORK PERMIT MADE OUTSIDE OF CANADA (IMM 1295)\nFamily name: Castellanos\nGiven name(s): Iker\n',
  'job-offer.txt': 'OFFER OF EMPLOYMENT\nPosition: Welder (NOC 72106)\nWage: CAD 32.00 per hour\n',
};

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

interface SignedUpload {
  name: string;
  key: string;
  url: string;
  headers: Record<string, string>;
}

describe('tenant isolation: a second owner cannot read, list, start, upload to or download another owner’s case, audit or report', () => {
  let rt: LocalRuntime;
  let call: ReturnType<typeof apiCaller>;
  let secret: string;
  let aliceAudit: string;
  let aliceOtherAudit: string;
  let bobAudit: string;

  /** The keys and contents under a prefix, as the emulator holds them. */
  const snapshot = async (prefix: string) => {
    const out: Record<string, string> = {};
    for (const o of await rt.emulators.blobs.list(prefix)) out[o.key] = sha256(await rt.emulators.blobs.get(o.key));
    return out;
  };

  /** Uploads a case's documents through the presigned URLs the API hands its owner, as a browser would. */
  const uploadThroughApi = async (owner: string, caseId: string, files: Record<string, string>) => {
    const reply = await call('createUploads', { sub: owner, pathParameters: { caseId }, body: { files: Object.keys(files).map((name) => ({ name, size: Buffer.byteLength(files[name]), contentType: 'text/plain' })) } });
    expect(reply.status).toBe(200);
    for (const upload of reply.body.uploads as SignedUpload[]) {
      const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: files[upload.name] });
      expect(put.status).toBe(200);
    }
  };

  const startAndFinish = async (owner: string, caseId: string): Promise<string> => {
    const reply = await call('createAudit', { sub: owner, body: { caseId, workflowType: 'document-list' } });
    expect(reply.status).toBe(201);
    expect((await rt.wait(reply.body.auditId)).status).toBe('SUCCEEDED');
    return reply.body.auditId;
  };

  const reportUrl = async (owner: string, auditId: string, format: 'md' | 'json' | 'pdf' = 'md'): Promise<URL> => {
    const reply = await call('getReport', { sub: owner, pathParameters: { id: auditId }, query: { format } });
    expect(reply.status).toBe(200);
    return new URL(reply.body.url);
  };

  /** A copy of a URL with its path (the bucket and key) replaced. */
  const pointedAt = (url: URL, key: string) => {
    const copy = new URL(url);
    copy.pathname = `/${rt.emulators.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
    return copy;
  };
  const signatureOf = (url: URL) => url.searchParams.get('X-Amz-Signature');

  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
    secret = rt.emulators.credentials.secretAccessKey;
    const deps: ApiDeps = {
      store: rt.emulators.store,
      blobs: rt.emulators.blobs,
      starter: rt,
      signer: new S3UrlSigner(rt.emulators.clients.s3, rt.emulators.bucket),
      defaults: { gateMode: 'live' },
      uploadUrlSeconds: 900,
      downloadUrlSeconds: 300,
    };
    call = apiCaller(() => deps);

    await uploadThroughApi(ALICE, ALICE_CASE, ALICE_DOCUMENTS);
    await uploadThroughApi(ALICE, ALICE_OTHER_CASE, { 'imm5257.txt': 'APPLICATION FOR TEMPORARY RESIDENT VISA (IMM 5257)\nFamily name: Oyelaran-Beck\n' });
    await uploadThroughApi(BOB, BOB_CASE, BOB_DOCUMENTS);
    aliceAudit = await startAndFinish(ALICE, ALICE_CASE);
    aliceOtherAudit = await startAndFinish(ALICE, ALICE_OTHER_CASE);
    bobAudit = await startAndFinish(BOB, BOB_CASE);
  });
  afterAll(async () => {
    await rt.stop();
  });

  describe('presigned URLs', () => {
    it('are checked here as S3 checks them: recomputing the signature from an untampered URL gives back the one in it', async () => {
      for (const format of ['md', 'json', 'pdf'] as const) {
        const url = await reportUrl(ALICE, aliceAudit, format);
        expect(expectedSignature(url, 'GET', secret)).toBe(signatureOf(url));
        expect((await fetch(url)).status).toBe(200);
      }
      const uploads = await call('createUploads', { sub: ALICE, pathParameters: { caseId: ALICE_CASE }, body: { files: [{ name: 'later.txt', size: 10, contentType: 'text/plain' }], auditRequest: { size: 60 } } });
      for (const upload of [...uploads.body.uploads, uploads.body.auditRequest] as SignedUpload[]) {
        const url = new URL(upload.url);
        expect(expectedSignature(url, 'PUT', secret, upload.headers)).toBe(signatureOf(url));
      }
    });

    it('is refused by the local S3 emulator itself when pointed at another owner\'s report (the emulator checks SigV4 as S3 does), while the untouched URL works', async () => {
      const alices = await reportUrl(ALICE, aliceAudit);
      const bobsKey = decodeURIComponent((await reportUrl(BOB, bobAudit)).pathname).slice(`/${rt.emulators.bucket}/`.length);
      const tampered = await fetch(pointedAt(alices, bobsKey));
      expect(tampered.status).toBe(403);
      expect(await tampered.text()).toContain('SignatureDoesNotMatch');
      expect((await fetch(alices)).status).toBe(200);
    });

    it('a report download URL of one owner, pointed at the other owner’s report, at any other object, or given a longer life, no longer matches its signature', async () => {
      const alices = await reportUrl(ALICE, aliceAudit);
      const bobs = await reportUrl(BOB, bobAudit);
      const keyOf = (url: URL) => decodeURIComponent(url.pathname).slice(`/${rt.emulators.bucket}/`.length);
      expect(keyOf(alices)).toBe(`reports/${ALICE}/${ALICE_CASE}/${aliceAudit}/report.md`);
      expect(keyOf(bobs)).toBe(`reports/${BOB}/${BOB_CASE}/${bobAudit}/report.md`);

      const targets = [
        keyOf(bobs), // the other owner's report
        `reports/${BOB}/${BOB_CASE}/${bobAudit}/bundle.json`,
        `cases/${BOB}/${BOB_CASE}/documents/imm1295.txt`, // the other owner's documents
        `sessions/${bobAudit}/manifest.json`, // system objects
        `reports/${ALICE}/${ALICE_OTHER_CASE}/${aliceOtherAudit}/report.md`, // even the same owner's other report
      ];
      for (const [from, to] of [...targets.map((t) => [alices, t] as const), [bobs, keyOf(alices)] as const]) {
        const tampered = pointedAt(from, to);
        expect(expectedSignature(tampered, 'GET', secret)).not.toBe(signatureOf(from));
      }
      const longer = new URL(alices);
      longer.searchParams.set('X-Amz-Expires', '604800');
      expect(expectedSignature(longer, 'GET', secret)).not.toBe(signatureOf(alices));
      // A download URL is no upload URL: the method is signed too.
      expect(expectedSignature(alices, 'PUT', secret)).not.toBe(signatureOf(alices));
    });

    it('an upload URL of one owner cannot write under the other owner’s prefix, nor start an audit there through audit.json', async () => {
      const reply = await call('createUploads', { sub: ALICE, pathParameters: { caseId: ALICE_CASE }, body: { files: [{ name: 'extra.txt', size: 10, contentType: 'text/plain' }], auditRequest: { size: 60 } } });
      const document = reply.body.uploads[0] as SignedUpload;
      const request = reply.body.auditRequest as SignedUpload;
      for (const upload of [document, request]) {
        const url = new URL(upload.url);
        for (const target of [`cases/${BOB}/${BOB_CASE}/documents/extra.txt`, `cases/${BOB}/${BOB_CASE}/audit.json`, `reports/${BOB}/${BOB_CASE}/${bobAudit}/report.md`]) {
          expect(expectedSignature(pointedAt(url, target), 'PUT', secret, upload.headers)).not.toBe(signatureOf(url));
        }
        // Nor read what it may write.
        expect(expectedSignature(url, 'GET', secret)).not.toBe(signatureOf(url));
      }
    });
  });

  describe('the API', () => {
    it('hands the second owner upload URLs for his own prefix only, even for the first owner’s caseId and crafted names, and using them all leaves her case as it was', async () => {
      const before = await snapshot(`cases/${ALICE}/`);
      expect(Object.keys(before)).toHaveLength(3);
      const crafted = [
        'imm1344.txt', // the same name as one of hers
        `x/%2E%2E%2F%2E%2E%2F%2E%2E%2F${ALICE}%2F${ALICE_CASE}%2Fdocuments%2Fimm1344.txt`, // encoded dots and separators stay literal
        `${ALICE}\u2215${ALICE_CASE}\u2215imm1344.txt`, // division slash: not a separator
        `\uff0e\uff0e\uff0f${ALICE}\uff0fimm1344.txt`, // fullwidth dots and slash
        'cases%2Fowner.txt',
      ];
      const requestBody = JSON.stringify({ caseId: ALICE_CASE, workflowType: 'document-list' });
      const documentBody = 'written by the second owner';
      const reply = await call('createUploads', {
        sub: BOB,
        pathParameters: { caseId: ALICE_CASE },
        body: { files: crafted.map((name) => ({ name, size: Buffer.byteLength(documentBody), contentType: 'text/plain' })), auditRequest: { size: Buffer.byteLength(requestBody) } },
      });
      expect(reply.status).toBe(200);
      expect(reply.body.documentsPrefix).toBe(`cases/${BOB}/${ALICE_CASE}/documents/`);
      const uploads = [...reply.body.uploads, reply.body.auditRequest] as SignedUpload[];
      expect(uploads.map((u) => u.key)).toEqual([...crafted.map((name) => `cases/${BOB}/${ALICE_CASE}/documents/${name}`), `cases/${BOB}/${ALICE_CASE}/audit.json`]);

      for (const upload of uploads) {
        const body = upload.name === 'audit.json' ? requestBody : documentBody;
        expect((await fetch(upload.url, { method: 'PUT', headers: upload.headers, body })).status).toBe(200);
      }
      expect(await snapshot(`cases/${ALICE}/`)).toEqual(before);
      // Every object landed at exactly the key it was signed for, under his prefix.
      expect(Object.keys(await snapshot(`cases/${BOB}/${ALICE_CASE}/`)).sort()).toEqual(uploads.map((u) => u.key).sort());
    });

    it('answers 400 when the second owner tries to name the owner in the request body', async () => {
      const uploads = await call('createUploads', { sub: BOB, pathParameters: { caseId: ALICE_CASE }, body: { files: [{ name: 'a.txt', size: 1 }], owner: ALICE } });
      expect(uploads).toMatchObject({ status: 400, body: { fields: ['owner'] } });
      const audit = await call('createAudit', { sub: BOB, body: { caseId: ALICE_CASE, workflowType: 'document-list', owner: ALICE } });
      expect(audit).toMatchObject({ status: 400, body: { fields: ['owner'] } });
    });

    it('never starts an audit of the first owner’s documents for the second owner: with none of his own it is a 409, with his own it pins only his', async () => {
      const aliceSessions = (await rt.emulators.store.listByOwner(ALICE)).map((s) => s.auditId).sort();

      const none = await call('createAudit', { sub: BOB, body: { caseId: ALICE_OTHER_CASE, workflowType: 'document-list' } });
      expect(none.status).toBe(409);
      expect(none.body.error).toBe('CaseHasNoDocuments');
      expect(await rt.emulators.store.listByOwner(BOB, { caseId: ALICE_OTHER_CASE })).toEqual([]);

      // His own documents under the same caseId as her first case (the same key and bytes the upload test above puts there).
      await uploadThroughApi(BOB, ALICE_CASE, { 'imm1344.txt': 'written by the second owner' });
      const own = await call('createAudit', { sub: BOB, body: { caseId: ALICE_CASE, workflowType: 'document-list' } });
      expect(own.status).toBe(201);
      await rt.wait(own.body.auditId);
      const session = await rt.emulators.store.get(own.body.auditId);
      expect(session.owner).toBe(BOB);
      const manifest = await loadManifest(rt.emulators.blobs, session.auditId, session.manifest);
      expect(manifest.documents.length).toBeGreaterThan(0);
      expect(manifest.documents.every((d) => d.key!.startsWith(`cases/${BOB}/${ALICE_CASE}/documents/`))).toBe(true);
      const hersHashes = new Set(Object.values(ALICE_DOCUMENTS).map(sha256));
      expect(manifest.documents.filter((d) => hersHashes.has(d.sha256!))).toEqual([]);

      expect((await rt.emulators.store.listByOwner(ALICE)).map((s) => s.auditId).sort()).toEqual(aliceSessions);
    });

    it('answers the second owner about the first owner’s audit exactly as about one that does not exist, on every read route and report format', async () => {
      const missing = 'aud-00000000000000000000';
      for (const [route, query] of [['getAudit', undefined], ['getReport', { format: 'md' }], ['getReport', { format: 'json' }], ['getReport', { format: 'pdf' }]] as const) {
        const hers = await call(route, { sub: BOB, pathParameters: { id: aliceAudit }, ...(query ? { query } : {}) });
        const none = await call(route, { sub: BOB, pathParameters: { id: missing }, ...(query ? { query } : {}) });
        expect(hers.status).toBe(404);
        expect(hers.body).toEqual({ ...none.body, message: none.body.message.replace(missing, aliceAudit) });
        expect(JSON.stringify(hers)).not.toContain('X-Amz-Signature');
      }
    });

    it('lists to each owner only their own audits, whatever the filter', async () => {
      const aliceIds = (await rt.emulators.store.listByOwner(ALICE)).map((s) => s.auditId);
      const bobIds = (await rt.emulators.store.listByOwner(BOB)).map((s) => s.auditId);
      expect(aliceIds).toEqual(expect.arrayContaining([aliceAudit, aliceOtherAudit]));
      expect(bobIds).toContain(bobAudit);

      const listed = async (sub: string, query?: Record<string, string>) => {
        const reply = await call('listAudits', { sub, ...(query ? { query } : {}) });
        expect(reply.status).toBe(200);
        return (reply.body.audits as Array<{ auditId: string }>).map((a) => a.auditId);
      };
      const queries: Array<Record<string, string> | undefined> = [undefined, { limit: '100' }, { caseId: ALICE_CASE }, { caseId: ALICE_OTHER_CASE }];
      for (const query of queries) {
        const bobs = await listed(BOB, query);
        expect(bobs.filter((id) => aliceIds.includes(id))).toEqual([]);
        const alices = await listed(ALICE, query);
        expect(alices.filter((id) => bobIds.includes(id))).toEqual([]);
      }
      expect((await listed(BOB, { limit: '100' })).sort()).toEqual([...bobIds].sort());
      expect((await listed(ALICE, { limit: '100' })).sort()).toEqual([...aliceIds].sort());
      expect(await listed(BOB, { caseId: ALICE_OTHER_CASE })).toEqual([]);
    });
  });
});
