import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import type { ApiDeps } from '../../../lambdas/api/apiDeps';
import { S3UrlSigner } from '../../../lambdas/api/s3UrlSigner';
import { handleApiRequest } from '../../../lambdas/api/routes';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import { uploadDocuments } from '../trigger/caseUpload';
import { apiCaller, type ApiReply } from './apiRequests';
import { expectedSignature } from './presignedUrlCheck';

const ALICE = '4f1c2d3e-0000-4a5b-8c9d-aaaaaaaaaaaa';
const BOB = '7e6d5c4b-1111-4b2a-9c8d-bbbbbbbbbbbb';
const quiet = { warn: () => undefined, error: () => undefined };
/** Alice's two documents for case study-1, as the upload test puts them through its signed URLs. */
const STUDY_1_FORM = 'APPLICATION FOR STUDY PERMIT MADE OUTSIDE OF CANADA (IMM 1294)\nFamily name: Mensah\n';
const STUDY_1_LETTER = 'LETTER OF ACCEPTANCE\nDesignated Learning Institution number: O000000000001\n';

describe('the API handlers, through the local runtime (Cognito claims as API Gateway passes them)', () => {
  let rt: LocalRuntime;
  let deps: ApiDeps;
  let call: ReturnType<typeof apiCaller>;
  const started: string[] = [];

  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
    deps = {
      store: rt.emulators.store,
      blobs: rt.emulators.blobs,
      starter: {
        start: async (session: Session) => {
          started.push(session.auditId);
          return rt.start(session);
        },
      },
      signer: new S3UrlSigner(rt.emulators.clients.s3, rt.emulators.bucket),
      defaults: { gateMode: 'live' },
      uploadUrlSeconds: 900,
      downloadUrlSeconds: 300,
    };
    call = apiCaller(() => deps);
  });
  afterAll(async () => {
    delete process.env.CORS_ALLOWED_ORIGINS;
    await rt.stop();
  });

  let aliceAudit: Promise<ApiReply> | undefined;
  /**
   * Alice's audit of study-1: started once for the file, by whichever test needs it first, and
   * finished; the reply to its POST /audits. Her documents are put first, the same keys and bytes
   * the upload test puts, so each test that needs the audit stands alone.
   */
  function aliceStudy1Audit(): Promise<ApiReply> {
    aliceAudit ??= (async () => {
      const prefix = `cases/${ALICE}/study-1/documents/`;
      await rt.emulators.blobs.put(`${prefix}imm1294.txt`, STUDY_1_FORM, 'text/plain');
      await rt.emulators.blobs.put(`${prefix}letters/acceptance.txt`, STUDY_1_LETTER);
      const reply = await call('createAudit', { sub: ALICE, body: { caseId: 'study-1', workflowType: 'document-list' } });
      if (reply.status === 201) await rt.wait(reply.body.auditId).catch(() => undefined); // the tests assert the outcome
      return reply;
    })();
    return aliceAudit;
  }

  describe('POST /cases/{caseId}/uploads', () => {
    it('signs PUT URLs under the caller’s own prefix, which upload the documents', async () => {
      const reply = await call('createUploads', {
        sub: ALICE,
        pathParameters: { caseId: 'study-1' },
        body: { files: [{ name: 'imm1294.txt', size: Buffer.byteLength(STUDY_1_FORM), contentType: 'text/plain' }, { name: 'letters/acceptance.txt', size: Buffer.byteLength(STUDY_1_LETTER) }], auditRequest: { size: 64 } },
      });
      expect(reply.status).toBe(200);
      expect(reply.body.documentsPrefix).toBe(`cases/${ALICE}/study-1/documents/`);
      expect(reply.body.uploads.map((u: { key: string }) => u.key)).toEqual([`cases/${ALICE}/study-1/documents/imm1294.txt`, `cases/${ALICE}/study-1/documents/letters/acceptance.txt`]);
      expect(reply.body.auditRequest).toMatchObject({ key: `cases/${ALICE}/study-1/audit.json`, headers: { 'content-type': 'application/json', 'content-length': '64' } });
      for (const upload of reply.body.uploads) {
        const url = new URL(upload.url);
        expect(url.pathname).toBe(`/${rt.emulators.bucket}/${upload.key}`);
        expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
        expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      }

      const [form, letter] = reply.body.uploads;
      const put = (u: { url: string; headers: Record<string, string> }, body: string) => fetch(u.url, { method: 'PUT', headers: u.headers, body });
      expect((await put(form, STUDY_1_FORM)).status).toBe(200);
      expect((await put(letter, STUDY_1_LETTER)).status).toBe(200);
      expect((await rt.emulators.blobs.list(`cases/${ALICE}/study-1/documents/`)).map((o) => o.key)).toHaveLength(2);
    });

    it('cannot be bent to another owner’s prefix: the signature covers the key', async () => {
      const reply = await call('createUploads', { sub: BOB, pathParameters: { caseId: 'study-1' }, body: { files: [{ name: 'evil.txt', size: 4, contentType: 'text/plain' }] } });
      const upload = reply.body.uploads[0];
      const url = new URL(upload.url);
      expect(url.pathname).toBe(`/${rt.emulators.bucket}/cases/${BOB}/study-1/documents/evil.txt`);
      const secret = rt.emulators.credentials.secretAccessKey;
      // S3 recomputes the signature from the request: the URL as issued matches it…
      expect(expectedSignature(url, 'PUT', secret, upload.headers)).toBe(url.searchParams.get('X-Amz-Signature'));
      // …and the same URL pointed at Alice's prefix, or with another content type, does not.
      const tampered = new URL(url);
      tampered.pathname = `/${rt.emulators.bucket}/cases/${ALICE}/study-1/documents/evil.txt`;
      expect(expectedSignature(tampered, 'PUT', secret, upload.headers)).not.toBe(url.searchParams.get('X-Amz-Signature'));
      expect(expectedSignature(url, 'PUT', secret, { 'content-type': 'text/html' })).not.toBe(url.searchParams.get('X-Amz-Signature'));
    });

    it.each([
      [{ files: [{ name: '../../bob/x.pdf', size: 1 }] }, ['files[0].name'], /files\[0\]\.name: name must be a relative path without empty, "\." or "\.\." parts/],
      [{ files: [{ name: '.hidden', size: 1 }] }, ['files[0].name'], /files\[0\]\.name: name must not have hidden \(dot\) parts/],
      [{ files: [{ name: 'a.pdf', size: 1, contentType: 'pdf' }] }, ['files[0].contentType'], /files\[0\]\.contentType: contentType must be a media type/],
      [{ files: [] }, ['files'], /files: list at least one file, or ask for the auditRequest upload/],
      [{ files: [{ name: 'a.pdf', size: 1 }], owner: BOB }, ['owner'], /unknown field "owner"/],
      [{ files: [{ name: 'a.pdf', size: 1 }, { name: 'a.pdf', size: 1 }] }, ['files[1].name'], /files\[1\]\.name: "a\.pdf" is listed twice/],
      ['not json', ['body'], /the request body is not valid JSON/],
    ])('answers 400 naming the field for %j', async (body, fields, message) => {
      const reply = await call('createUploads', { sub: ALICE, pathParameters: { caseId: 'study-1' }, body });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('InvalidRequest');
      expect(reply.body.fields).toEqual(fields);
      expect(reply.body.message).toMatch(message);
    });

    it('signs each upload for the length declared, so S3 refuses a larger body; sizes over the limits are refused before signing', async () => {
      const reply = await call('createUploads', { sub: ALICE, pathParameters: { caseId: 'study-cap' }, body: { files: [{ name: 'small.txt', size: 5, contentType: 'text/plain' }] } });
      const [upload] = reply.body.uploads;
      expect(upload.headers).toEqual({ 'content-length': '5', 'content-type': 'text/plain' });
      const put = (body: string) => fetch(upload.url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body });
      const larger = await put('a much longer body than was declared');
      expect(larger.status).toBe(403);
      expect(await larger.text()).toContain('SignatureDoesNotMatch');
      expect((await put('hello')).status).toBe(200);

      const tooLarge = await call('createUploads', { sub: ALICE, pathParameters: { caseId: 'study-cap' }, body: { files: [{ name: 'scan.pdf', size: 300 * 1024 * 1024 }] } });
      expect(tooLarge).toMatchObject({ status: 400, body: { fields: ['files[0].size'], message: expect.stringContaining('size 300 MB is over the 50 MB limit for one document') } });
      const noSize = await call('createUploads', { sub: ALICE, pathParameters: { caseId: 'study-cap' }, body: { files: [{ name: 'scan.pdf' }] } });
      expect(noSize).toMatchObject({ status: 400, body: { fields: ['files[0].size'], message: expect.stringContaining("size (the file's length in bytes) is required") } });
      const bigRequest = await call('createUploads', { sub: ALICE, pathParameters: { caseId: 'study-cap' }, body: { auditRequest: { size: 2 * 1024 * 1024 } } });
      expect(bigRequest).toMatchObject({ status: 400, body: { fields: ['auditRequest.size'], message: expect.stringContaining('over the 1 MB limit for an audit.json') } });
    });

    it('answers 400 for a caseId that cannot be a key segment', async () => {
      const reply = await call('createUploads', { sub: ALICE, pathParameters: { caseId: '..' }, body: { files: [{ name: 'a.pdf', size: 1 }] } });
      expect(reply).toMatchObject({ status: 400, body: { fields: ['caseId'], message: expect.stringContaining('caseId may use letters') } });
    });
  });

  describe('POST /audits', () => {
    it.each([
      [{ caseId: 'study-1', workflowType: 'document-list', tier: 'gold' }, ['tier'], 'invalid request body: tier must be one of guest, pro, ultra'],
      [{ caseId: 'study-1' }, ['workflowType'], 'invalid request body: workflowType is missing: set it in request body'],
      [{ caseId: 'study-1', workflowType: 'document-list', teir: 'pro' }, ['teir'], 'invalid request body: unknown key "teir" (did you mean "tier"?)'],
      [{ caseId: 'a/b', workflowType: 'document-list' }, ['caseId'], 'invalid request body: caseId may use letters, digits, ".", "_" and "-" only (at most 128 characters)'],
      [[], ['body'], 'invalid request body: expected a JSON object like {"caseId": "...", "workflowType": "document-list", "tier": "guest"}, found an array'],
    ])('answers 400 naming the field for %j', async (body, fields, message) => {
      const reply = await call('createAudit', { sub: ALICE, body });
      expect(reply).toEqual({ status: 400, headers: expect.any(Object), body: { error: 'InvalidRequest', message, fields } });
    });

    it('answers 409 when the caller has uploaded no documents for the case', async () => {
      const reply = await call('createAudit', { sub: BOB, body: { caseId: 'study-1', workflowType: 'document-list' } });
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ error: 'CaseHasNoDocuments', message: expect.stringContaining('upload them first') });
    });

    it('starts an audit of the caller’s documents (201) with the deployment’s defaults', async () => {
      const reply = await aliceStudy1Audit();
      expect(reply.status).toBe(201);
      const auditId = reply.body.auditId;
      expect(reply.headers.location).toBe(`/audits/${auditId}`);
      expect(reply.body).toMatchObject({ caseId: 'study-1', workflowType: 'document-list', tier: 'guest', status: 'RUNNING', documents: 2 });
      expect(started).toEqual([auditId]);
      expect((await rt.wait(auditId)).status).toBe('SUCCEEDED');
    });
  });

  describe('reading audits', () => {
    /** Alice's finished audit, shared by the read tests. */
    let auditId: string;
    beforeAll(async () => {
      auditId = (await aliceStudy1Audit()).body.auditId;
    });

    it('GET /audits/{id} shows the owner status, progress, stage status, the console link and the result', async () => {
      const reply = await call('getAudit', { sub: ALICE, pathParameters: { id: auditId } });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        auditId,
        status: 'SUCCEEDED',
        completedStages: ['intake', 'gatekeeper', 'reporter'],
        progress: { completed: 3, total: 3, percentage: 100 },
        stageStatus: { intake: expect.stringMatching(/^ok/), gatekeeper: expect.stringMatching(/^ok/), reporter: expect.stringMatching(/^ok/) },
        consoleUrl: expect.stringMatching(/^https:\/\/ca-central-1\.console\.aws\.amazon\.com\/states\/home\?region=ca-central-1#\/v2\/executions\/details\/arn%3Aaws%3Astates/),
        result: expect.objectContaining({ applicationType: 'study-permit', checklist: expect.any(Object), documents: expect.any(Array) }),
        links: { self: `/audits/${auditId}`, report: `/audits/${auditId}/report` },
      });
      expect(reply.body.result.reports).toBeUndefined();
    });

    it('answers another owner exactly as for an audit that does not exist (404)', async () => {
      const others = await call('getAudit', { sub: BOB, pathParameters: { id: auditId } });
      const missing = await call('getAudit', { sub: BOB, pathParameters: { id: 'aud-00000000000000000000' } });
      expect(others.status).toBe(404);
      expect(others.body).toEqual({ error: 'NotFound', message: `audit ${auditId} not found` });
      expect(missing).toMatchObject({ status: 404, body: { error: 'NotFound' } });
      expect((await call('getReport', { sub: BOB, pathParameters: { id: auditId } })).status).toBe(404);
    });

    it('answers 400 for an id that is not an audit id', async () => {
      const reply = await call('getAudit', { sub: ALICE, pathParameters: { id: 'DROP TABLE' } });
      expect(reply).toMatchObject({ status: 400, body: { fields: ['id'] } });
    });

    it('GET /audits lists only the caller’s audits, newest first, filtered by caseId', async () => {
      await uploadDocuments(rt.emulators.blobs, ALICE, 'study-2');
      const second = await call('createAudit', { sub: ALICE, body: { caseId: 'study-2', workflowType: 'client-guidance' } });
      await rt.wait(second.body.auditId);

      const all = await call('listAudits', { sub: ALICE });
      expect(all.body.audits.map((a: { auditId: string }) => a.auditId)).toEqual([second.body.auditId, auditId]);
      const filtered = await call('listAudits', { sub: ALICE, query: { caseId: 'study-1' } });
      expect(filtered.body.audits.map((a: { auditId: string }) => a.auditId)).toEqual([auditId]);
      expect((await call('listAudits', { sub: ALICE, query: { limit: '1' } })).body.audits).toHaveLength(1);
      expect((await call('listAudits', { sub: BOB })).body).toEqual({ audits: [] });
    });

    it('answers 400 naming the query parameter at fault', async () => {
      expect((await call('listAudits', { sub: ALICE, query: { limit: '0' } })).body).toEqual({ error: 'InvalidRequest', message: 'invalid query: limit: limit must be a number from 1 to 100', fields: ['limit'] });
      expect((await call('listAudits', { sub: ALICE, query: { owner: BOB } })).body.fields).toEqual(['owner']);
      expect((await call('getReport', { sub: ALICE, pathParameters: { id: auditId }, query: { format: 'docx' } })).body).toMatchObject({ fields: ['format'], message: expect.stringContaining('format must be one of md, json, pdf') });
    });

    it('GET /audits/{id}/report signs a short-lived download of the owner’s report', async () => {
      const reply = await call('getReport', { sub: ALICE, pathParameters: { id: auditId } });
      expect(reply.status).toBe(200);
      const url = new URL(reply.body.url);
      expect(url.pathname).toBe(`/${rt.emulators.bucket}/reports/${ALICE}/study-1/${auditId}/report.md`);
      expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
      const download = await fetch(url);
      expect(download.status).toBe(200);
      expect(await download.text()).toContain('Disclaimer');

      const bundle = await call('getReport', { sub: ALICE, pathParameters: { id: auditId }, query: { format: 'json' } });
      expect(new URL(bundle.body.url).pathname).toMatch(/\/bundle\.json$/);
      const pdf = await call('getReport', { sub: ALICE, pathParameters: { id: auditId }, query: { format: 'pdf' } });
      expect(pdf.status).toBe(200);
      expect(new URL(pdf.body.url).pathname).toMatch(/\/report\.pdf$/);
      expect(Buffer.from(await (await fetch(new URL(pdf.body.url))).arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  it('answers 401 when the request carries no verified caller', async () => {
    const reply: ApiReply = await call('listAudits', {});
    expect(reply).toMatchObject({ status: 401, body: { error: 'Unauthenticated' } });
  });

  it('echoes an allowed Origin for CORS and no other', async () => {
    process.env.CORS_ALLOWED_ORIGINS = 'https://portal.example-law.ca';
    const allowed = await call('listAudits', { sub: ALICE, headers: { Origin: 'https://portal.example-law.ca' } });
    const other = await call('listAudits', { sub: ALICE, headers: { Origin: 'https://evil.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example-law.ca');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(allowed.headers['cache-control']).toBe('no-store');
  });

  it('routes plain requests the same way for a local server (case-audit serve)', async () => {
    const { auditId } = (await aliceStudy1Audit()).body;
    const plain = { headers: {}, query: {}, body: undefined, owner: ALICE };
    const got = await handleApiRequest(deps, { ...plain, method: 'GET', path: `/audits/${auditId}` }, quiet);
    expect(got).toMatchObject({ statusCode: 200, body: { auditId } });
    expect(await handleApiRequest(deps, { ...plain, owner: BOB, method: 'GET', path: `/audits/${auditId}` }, quiet)).toMatchObject({ statusCode: 404 });
    expect(await handleApiRequest(deps, { ...plain, method: 'DELETE', path: `/audits/${auditId}` }, quiet)).toMatchObject({ statusCode: 405 });
    expect(await handleApiRequest(deps, { ...plain, method: 'GET', path: '/nothing' }, quiet)).toMatchObject({ statusCode: 404, body: { error: 'RouteNotFound' } });
  });
});
