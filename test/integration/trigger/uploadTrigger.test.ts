import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import type { UploadStartDeps } from '../../../lambdas/core/audit/uploadStart';
import { UploadStartRecords, uploadIdOf } from '../../../lambdas/core/audit/uploadStartRecords';
import { auditIdFromSeed } from '../../../lambdas/core/audit/auditId';
import { processUploadMessages } from '../../../lambdas/trigger/processUploadMessages';
import { objectCreatedEvent, sqsBatch, uploadAuditRequest, uploadDocuments } from './caseUpload';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the upload trigger (S3 → EventBridge → SQS → start-audit), through the local runtime', () => {
  let rt: LocalRuntime;
  let deps: UploadStartDeps;
  let records: UploadStartRecords;
  /** Every execution the trigger asked for, by audit id. */
  const started: string[] = [];

  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
    records = new UploadStartRecords(rt.emulators.clients.ddb, rt.emulators.tableName);
    deps = {
      store: rt.emulators.store,
      blobs: rt.emulators.blobs,
      starter: {
        start: async (session: Session) => {
          started.push(session.auditId);
          return rt.start(session);
        },
      },
      records,
      defaults: { tier: 'pro' },
      claimLeaseMs: 60_000,
    };
  });
  afterAll(async () => {
    await rt.stop();
  });

  const bucket = () => rt.emulators.bucket;
  const process = (...bodies: string[]) => processUploadMessages(deps, sqsBatch(...bodies), quiet);

  it('starts one audit for an uploaded audit.json, owned by the owner in the key, however often the event is delivered', async () => {
    await uploadDocuments(rt.emulators.blobs, 'alice', 'study-1');
    const key = await uploadAuditRequest(rt.emulators.blobs, 'alice', 'study-1', { caseId: 'study-1', workflowType: 'document-list' });
    const event = objectCreatedEvent(bucket(), key, { sequencer: '0001' });

    // S3 delivers at least once: the same event twice in one batch, then once more later.
    const first = await process(event, event);
    const again = await process(event);

    expect(first.batchItemFailures).toEqual([]);
    expect(first.processed.map((p) => p.result.outcome)).toEqual(['started', 'duplicate']);
    expect(again.processed.map((p) => p.result.outcome)).toEqual(['duplicate']);
    const auditId = (first.processed[0].result as { auditId: string }).auditId;
    expect(started.filter((id) => id === auditId)).toHaveLength(1);

    const audits = await rt.emulators.store.listByOwner('alice', { caseId: 'study-1' });
    expect(audits.map((s) => s.auditId)).toEqual([auditId]);
    expect(audits[0]).toMatchObject({ owner: 'alice', caseId: 'study-1', workflowType: 'document-list', tier: 'pro', model: 'none', gateMode: 'live' });
    expect((await rt.wait(auditId)).status).toBe('SUCCEEDED');
    expect((await rt.emulators.store.get(auditId)).status).toBe('SUCCEEDED');
  });

  it('starts exactly one audit when two deliveries of one upload race each other', async () => {
    await uploadDocuments(rt.emulators.blobs, 'alice', 'study-2');
    const key = await uploadAuditRequest(rt.emulators.blobs, 'alice', 'study-2', { workflowType: 'client-guidance' });
    const event = objectCreatedEvent(bucket(), key, { sequencer: '0002' });

    const [a, b] = await Promise.all([process(event), process(event)]);
    const outcomes = [...a.processed, ...b.processed].map((p) => p.result.outcome).sort();
    // The loser either saw the finished start (duplicate) or the claim in progress (retried later).
    expect(outcomes[0]).toMatch(/^(duplicate|failed)$/);
    expect(outcomes[1]).toBe('started');
    const retried = await process(event);
    expect(retried.processed.map((p) => p.result.outcome)).toEqual(['duplicate']);

    const audits = await rt.emulators.store.listByOwner('alice', { caseId: 'study-2' });
    expect(audits).toHaveLength(1);
    expect(started.filter((id) => id === audits[0].auditId)).toHaveLength(1);
    await rt.wait(audits[0].auditId);
  });

  it('starts a new audit for a new upload of the same key', async () => {
    // The key's first upload, already audited.
    await uploadDocuments(rt.emulators.blobs, 'alice', 'study-3');
    const firstKey = await uploadAuditRequest(rt.emulators.blobs, 'alice', 'study-3', { workflowType: 'client-guidance' });
    const first = await process(objectCreatedEvent(bucket(), firstKey, { sequencer: '0002' }));
    expect(first.processed[0].result.outcome).toBe('started');
    await rt.wait((first.processed[0].result as { auditId: string }).auditId);

    const key = await uploadAuditRequest(rt.emulators.blobs, 'alice', 'study-3', { workflowType: 'document-list', tier: 'guest' });
    expect(key).toBe(firstKey);
    const result = await process(objectCreatedEvent(bucket(), key, { sequencer: '0003' }));
    expect(result.processed[0].result.outcome).toBe('started');
    const audits = await rt.emulators.store.listByOwner('alice', { caseId: 'study-3' });
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ workflowType: 'document-list', tier: 'guest' });
    await rt.wait(audits[0].auditId);
  });

  it('takes over an upload whose first delivery died after claiming it, and continues the same audit', async () => {
    await uploadDocuments(rt.emulators.blobs, 'carol', 'visit-1');
    const key = await uploadAuditRequest(rt.emulators.blobs, 'carol', 'visit-1', { workflowType: 'client-guidance' });
    const upload = { bucket: bucket(), key, sequencer: '0004' };
    const uploadId = uploadIdOf(upload);
    const auditId = auditIdFromSeed(uploadId, new Date('2026-03-02T15:04:05Z'));
    // A delivery claimed the upload an hour ago and was never heard of again.
    await records.claim({ uploadId, bucket: upload.bucket, key, owner: 'carol', caseId: 'visit-1', auditId, claimedAt: new Date(Date.now() - 3_600_000).toISOString() });

    const result = await process(objectCreatedEvent(bucket(), key, { sequencer: '0004' }));
    expect(result.processed[0].result).toEqual({ outcome: 'started', auditId, executionArn: expect.stringContaining(auditId) });
    expect(await records.get(uploadId)).toMatchObject({ state: 'STARTED', auditId });
    await rt.wait(auditId);
  });

  it('asks for a later delivery while another delivery’s claim is fresh', async () => {
    const key = await uploadAuditRequest(rt.emulators.blobs, 'carol', 'visit-1', { workflowType: 'client-guidance' });
    const upload = { bucket: bucket(), key, sequencer: '0005' };
    const uploadId = uploadIdOf(upload);
    await records.claim({ uploadId, bucket: upload.bucket, key, owner: 'carol', caseId: 'visit-1', auditId: auditIdFromSeed(uploadId, new Date()), claimedAt: new Date().toISOString() });

    const result = await process(objectCreatedEvent(bucket(), key, { sequencer: '0005' }));
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: result.processed[0].messageId }]);
    expect(result.processed[0].result).toEqual({ outcome: 'failed', error: expect.stringMatching(/^StartInProgress: /) });
  });

  it('rejects an unusable audit.json once, naming the field, and never retries it', async () => {
    await uploadDocuments(rt.emulators.blobs, 'dave', 'work-1');
    const key = await uploadAuditRequest(rt.emulators.blobs, 'dave', 'work-1', { workflowType: 'risk-audit', tier: 'gold' });
    const event = objectCreatedEvent(bucket(), key, { sequencer: '0006' });

    const result = await process(event);
    expect(result.batchItemFailures).toEqual([]);
    expect(result.processed[0].result).toEqual({ outcome: 'rejected', auditId: expect.any(String), reason: 'invalid audit.json: tier must be one of guest, pro, ultra' });
    expect((await process(event)).processed[0].result).toMatchObject({ outcome: 'duplicate', state: 'REJECTED' });
    expect(await rt.emulators.store.listByOwner('dave')).toEqual([]);
  });

  it('rejects a request whose caseId is not its folder, and a case with no documents', async () => {
    const mismatch = await uploadAuditRequest(rt.emulators.blobs, 'dave', 'work-2', { caseId: 'someone-elses-case', workflowType: 'document-list' });
    const mismatched = await process(objectCreatedEvent(bucket(), mismatch, { sequencer: '0007' }));
    expect(mismatched.processed[0].result).toMatchObject({ outcome: 'rejected', reason: expect.stringContaining('caseId must be the name of the case folder') });

    const empty = await uploadAuditRequest(rt.emulators.blobs, 'dave', 'work-3', { workflowType: 'document-list' });
    const none = await process(objectCreatedEvent(bucket(), empty, { sequencer: '0008' }));
    expect(none.processed[0].result).toMatchObject({ outcome: 'rejected', reason: expect.stringContaining('upload the documents first, then audit.json') });
    expect(await rt.emulators.store.listByOwner('dave')).toEqual([]);
  });

  it('ignores objects that are not a case’s audit.json, and reports messages that are not S3 events as failures', async () => {
    const other = await process(objectCreatedEvent(bucket(), 'cases/alice/study-1/documents/audit.json'));
    expect(other.processed[0].result).toMatchObject({ outcome: 'ignored' });
    const junk = await process('{"hello":"world"}', 'not json');
    expect(junk.batchItemFailures).toHaveLength(2);
    expect(junk.processed.map((p) => p.result)).toEqual([
      { outcome: 'failed', error: expect.stringMatching(/^NotAnObjectCreatedEvent: the message is not an S3 Object Created event/) },
      { outcome: 'failed', error: 'NotAnObjectCreatedEvent: the message body is not JSON' },
    ]);
  });

  it('reads URL-encoded keys as S3 sends them', async () => {
    await uploadDocuments(rt.emulators.blobs, 'erin@example.ca', 'study-9');
    const key = await uploadAuditRequest(rt.emulators.blobs, 'erin@example.ca', 'study-9', { workflowType: 'client-guidance' });
    const result = await process(objectCreatedEvent(bucket(), key.replace('@', '%40'), { sequencer: '0009' }));
    expect(result.processed[0].result).toMatchObject({ outcome: 'started' });
    const [audit] = await rt.emulators.store.listByOwner('erin@example.ca');
    expect(audit.owner).toBe('erin@example.ca');
    await rt.wait(audit.auditId);
  });

  it('starts the audit of an AWS principal’s drop under cases/iam/<aws:userid>/, owned by iam/<aws:userid>, with its report under reports/iam/<aws:userid>/', async () => {
    const owner = 'iam/AROAEXAMPLEROLEID:paralegal@firm.ca';
    await uploadDocuments(rt.emulators.blobs, owner, 'study-iam');
    const key = await uploadAuditRequest(rt.emulators.blobs, owner, 'study-iam', { workflowType: 'document-list' });
    expect(key).toBe('cases/iam/AROAEXAMPLEROLEID:paralegal@firm.ca/study-iam/audit.json');
    const outcome = (await process(objectCreatedEvent(bucket(), key, { sequencer: '0901' }))).processed[0].result;
    expect(outcome.outcome).toBe('started');
    const [audit] = await rt.emulators.store.listByOwner(owner);
    expect(audit).toMatchObject({ owner, caseId: 'study-iam' });
    expect((await rt.wait(audit.auditId)).status).toBe('SUCCEEDED');
    const reports = await rt.emulators.blobs.list(`reports/${owner}/study-iam/`);
    expect(reports.map((r) => r.key)).toContain(`reports/${owner}/study-iam/${audit.auditId}/report.md`);
  });

  it('never reads the reserved owner "iam" as a Cognito user’s folder', async () => {
    await rt.emulators.blobs.put('cases/iam/study-x/documents/a.txt', 'x');
    const key = 'cases/iam/study-x/audit.json';
    await rt.emulators.blobs.put(key, JSON.stringify({ workflowType: 'document-list' }), 'application/json');
    const outcome = (await process(objectCreatedEvent(bucket(), key, { sequencer: '0902' }))).processed[0].result;
    expect(outcome).toMatchObject({ outcome: 'ignored', reason: expect.stringContaining('reserved') });
  });
});
