import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { startApiServer, MAX_BODY_BYTES, type RunningApi } from '../../../local/serve/apiServer';
import { S3UrlSigner } from '../../../lambdas/api/s3UrlSigner';
import { startAuditFromUpload, type UploadStartDeps } from '../../../lambdas/core/audit/uploadStart';
import { UploadStartRecords } from '../../../lambdas/core/audit/uploadStartRecords';
import { formatByteSize, MAX_AUDIT_REQUEST_BYTES } from '../../../lambdas/core/audit/documentLimits';
import { uploadAuditRequest, uploadDocuments } from '../trigger/caseUpload';

/**
 * An audit.json or a POST /audits body whose one unknown key is millions of characters long (issue 28
 * item 14): refused with a message that quotes the key cut short, without a "did you mean" looked for
 * over the whole key, through the upload trigger and through `case-audit serve`'s API, on the real
 * local emulators.
 */

const OWNER = 'local';
const TOKEN = 'hostile-key-token';
const quiet = { warn: () => undefined, error: () => undefined };
/** What a key of `n` x's looks like in a message: its first 40 characters and an ellipsis. */
const QUOTED = `"${'x'.repeat(40)}…"`;

describe('a huge unknown key in an audit request', () => {
  let rt: LocalRuntime;
  let api: RunningApi;
  let deps: UploadStartDeps;

  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
    deps = {
      store: rt.emulators.store,
      blobs: rt.emulators.blobs,
      starter: rt,
      records: new UploadStartRecords(rt.emulators.clients.ddb, rt.emulators.tableName),
      defaults: {},
      claimLeaseMs: 60_000,
    };
    api = await startApiServer({
      deps: { ...deps, signer: new S3UrlSigner(rt.emulators.clients.s3, rt.emulators.bucket), uploadUrlSeconds: 900, downloadUrlSeconds: 900 },
      token: TOKEN,
      owner: OWNER,
      port: 0,
      log: quiet,
    });
  });
  afterAll(async () => {
    await api?.close();
    await rt?.stop();
  });

  const postAudit = (body: string) =>
    fetch(`${api.url}/audits`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body });

  it('refuses an uploaded 10 MB audit.json by its size, before reading it (issue 32: an audit request is at most 1 MB)', async () => {
    await uploadDocuments(rt.emulators.blobs, OWNER, 'huge-file');
    const key = await uploadAuditRequest(rt.emulators.blobs, OWNER, 'huge-file', `{"workflowType": "document-list", "${'x'.repeat(10_000_000)}": 1}`);
    const outcome = await startAuditFromUpload(deps, { bucket: rt.emulators.bucket, key, sequencer: '0001', eventTime: new Date().toISOString() });
    expect(outcome).toMatchObject({ outcome: 'rejected', reason: `audit.json is over the ${formatByteSize(MAX_AUDIT_REQUEST_BYTES)} an audit request may be` });
  });

  it('refuses an audit.json just under 1 MB whose key has a million characters, quoting the key cut to 40 characters', async () => {
    await uploadDocuments(rt.emulators.blobs, OWNER, 'huge-key');
    const key = await uploadAuditRequest(rt.emulators.blobs, OWNER, 'huge-key', `{"workflowType": "document-list", "${'x'.repeat(MAX_AUDIT_REQUEST_BYTES - 100)}": 1}`);
    const outcome = await startAuditFromUpload(deps, { bucket: rt.emulators.bucket, key, sequencer: '0004', eventTime: new Date().toISOString() });
    expect(outcome).toMatchObject({ outcome: 'rejected', reason: `invalid audit.json: unknown key ${QUOTED}` });
    // The reason is kept for the user (the upload's start record): a line, not a megabyte.
    expect((outcome as { reason: string }).reason.length).toBeLessThan(100);
  });

  it('looks for no "did you mean" in a key too long to be a typo, even one that simplifies to a field name', async () => {
    await uploadDocuments(rt.emulators.blobs, OWNER, 'padded-key');
    const padded = `${' '.repeat(MAX_AUDIT_REQUEST_BYTES - 100)}tier`;
    const key = await uploadAuditRequest(rt.emulators.blobs, OWNER, 'padded-key', JSON.stringify({ workflowType: 'document-list', [padded]: 'pro' }));
    const outcome = await startAuditFromUpload(deps, { bucket: rt.emulators.bucket, key, sequencer: '0002', eventTime: new Date().toISOString() });
    expect(outcome).toMatchObject({ outcome: 'rejected', reason: `invalid audit.json: unknown key "${' '.repeat(40)}…"` });
    // A short mistyped key still gets its suggestion.
    await uploadDocuments(rt.emulators.blobs, OWNER, 'typo-key');
    const typo = await uploadAuditRequest(rt.emulators.blobs, OWNER, 'typo-key', JSON.stringify({ workflowType: 'document-list', teir: 'pro' }));
    const typoOutcome = await startAuditFromUpload(deps, { bucket: rt.emulators.bucket, key: typo, sequencer: '0003', eventTime: new Date().toISOString() });
    expect(typoOutcome).toMatchObject({ outcome: 'rejected', reason: 'invalid audit.json: unknown key "teir" (did you mean "tier"?)' });
  });

  it('answers POST /audits with a key just under the 1 MB body limit with a 400 naming the key cut short, and serves the next request', async () => {
    const body = `{"caseId": "huge-key", "workflowType": "document-list", "${'x'.repeat(MAX_BODY_BYTES - 100)}": 1}`;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const reply = await postAudit(body);
    expect(reply.status).toBe(400);
    const text = await reply.text();
    const answer = JSON.parse(text) as { error: string; message: string; fields: string[] };
    expect(answer).toEqual({ error: 'InvalidRequest', message: `invalid request body: unknown key ${QUOTED}`, fields: [`${'x'.repeat(40)}…`] });
    // The key is not echoed back: the answer is a line, not a megabyte.
    expect(text.length).toBeLessThan(300);
    const list = await fetch(`${api.url}/audits`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(list.status).toBe(200);
  });

  it('names at most ten of many unknown keys in a POST /audits answer, each cut short, and counts the rest', async () => {
    const many = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`${'y'.repeat(100)}${i}`, i]));
    const reply = await postAudit(JSON.stringify({ caseId: 'huge-key', workflowType: 'document-list', ...many }));
    expect(reply.status).toBe(400);
    const answer = (await reply.json()) as { message: string; fields: string[] };
    // Ten keys, each cut short, and the body for the rest.
    expect(answer.fields).toEqual([...Array.from({ length: 10 }, () => `${'y'.repeat(40)}…`), 'body']);
    expect(answer.message).toMatch(/; and 4990 more unknown keys$/);
  });
});
