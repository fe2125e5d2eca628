import { createHash } from 'node:crypto';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import type { UploadStartDeps } from '../../../lambdas/core/audit/uploadStart';
import { UploadStartRecords } from '../../../lambdas/core/audit/uploadStartRecords';
import { processUploadMessages } from '../../../lambdas/trigger/processUploadMessages';
import { objectCreatedEvent, sqsBatch, STUDY_PERMIT_DOCUMENTS, uploadAuditRequest, uploadDocuments } from './caseUpload';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const MINUTE = 60_000;

/**
 * `aws s3 sync` and parallel presigned uploads can land audit.json before the documents. The trigger
 * waits for the documents audit.json lists (or for the folder to be quiet) within a bound, instead of
 * auditing a partial case. The clock is the test's.
 */
describe('the upload trigger waits for a complete case', () => {
  let rt: LocalRuntime;
  let clock: Date;
  const started: string[] = [];
  const redelivered: Array<[string, number]> = [];
  let deps: UploadStartDeps;

  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
    deps = {
      store: rt.emulators.store,
      blobs: rt.emulators.blobs,
      starter: { start: async (session: Session) => (started.push(session.auditId), rt.start(session)) },
      records: new UploadStartRecords(rt.emulators.clients.ddb, rt.emulators.tableName),
      defaults: { tier: 'pro' },
      claimLeaseMs: MINUTE,
      readiness: { maxWaitMs: 5 * MINUTE, settleMs: 10_000 },
      now: () => clock,
    };
  });
  afterAll(async () => {
    await rt.stop();
  });

  const deliver = (key: string, uploadedAt: Date, sequencer: string) =>
    processUploadMessages(deps, sqsBatch(objectCreatedEvent(rt.emulators.bucket, key, { sequencer, time: uploadedAt.toISOString() })), quiet, async (receipt, seconds) => {
      redelivered.push([receipt, seconds]);
    });

  it('hands the event back while a listed document is missing, then starts once it lands, with every document pinned', async () => {
    const uploadedAt = new Date();
    clock = uploadedAt;
    await uploadDocuments(rt.emulators.blobs, 'dana', 'listed-1', { 'imm1294.txt': STUDY_PERMIT_DOCUMENTS['imm1294.txt'] });
    const key = await uploadAuditRequest(rt.emulators.blobs, 'dana', 'listed-1', { workflowType: 'document-list', documents: ['imm1294.txt', { name: 'acceptance.txt', size: STUDY_PERMIT_DOCUMENTS['acceptance.txt'].length }] });

    const early = await deliver(key, uploadedAt, '0101');
    expect(early.processed[0].result).toEqual({ outcome: 'waiting', reason: 'waiting for 1 of 2 listed documents', retryAfterSeconds: 15 });
    expect(early.batchItemFailures).toHaveLength(1);
    expect(redelivered.at(-1)![1]).toBe(15);

    clock = new Date(uploadedAt.getTime() + 40_000);
    await uploadDocuments(rt.emulators.blobs, 'dana', 'listed-1', { 'acceptance.txt': STUDY_PERMIT_DOCUMENTS['acceptance.txt'] });
    const later = await deliver(key, uploadedAt, '0101');
    expect(later.processed[0].result.outcome).toBe('started');
    expect(later.batchItemFailures).toEqual([]);
    const auditId = (later.processed[0].result as { auditId: string }).auditId;
    const manifest = JSON.parse(new TextDecoder().decode(await rt.emulators.blobs.get((await rt.emulators.store.get(auditId)).manifest!.s3Key))) as { documents: Array<{ name: string }> };
    expect(manifest.documents.map((d) => d.name).sort()).toEqual(['acceptance.txt', 'imm1294.txt']);
    await rt.wait(auditId);
  });

  it('waits for a listed document still being written (another size), and refuses the start past the bound, naming what is missing', async () => {
    const uploadedAt = new Date();
    clock = uploadedAt;
    await uploadDocuments(rt.emulators.blobs, 'dana', 'listed-2', { 'imm1294.txt': STUDY_PERMIT_DOCUMENTS['imm1294.txt'] });
    const key = await uploadAuditRequest(rt.emulators.blobs, 'dana', 'listed-2', { workflowType: 'document-list', documents: [{ name: 'imm1294.txt', size: 999_999 }, 'passport.pdf'] });
    expect((await deliver(key, uploadedAt, '0201')).processed[0].result.outcome).toBe('waiting');

    clock = new Date(uploadedAt.getTime() + 5 * MINUTE + 1);
    const outcome = (await deliver(key, uploadedAt, '0201')).processed[0].result;
    expect(outcome).toMatchObject({ outcome: 'rejected', reason: expect.stringContaining('documents missing: "imm1294.txt (') });
    expect((outcome as { reason: string }).reason).toContain('"passport.pdf"');
    expect((outcome as { reason: string }).reason).toContain('waited 5 minutes');
    expect(await rt.emulators.store.listByOwner('dana', { caseId: 'listed-2' })).toEqual([]);
  });

  it('refuses a case whose document is not the file the listed sha256 names', async () => {
    const uploadedAt = new Date();
    clock = uploadedAt;
    await uploadDocuments(rt.emulators.blobs, 'dana', 'listed-3');
    const right = createHash('sha256').update(STUDY_PERMIT_DOCUMENTS['imm1294.txt']).digest('hex');
    const key = await uploadAuditRequest(rt.emulators.blobs, 'dana', 'listed-3', { workflowType: 'document-list', documents: [{ name: 'imm1294.txt', sha256: right }, { name: 'acceptance.txt', sha256: '0'.repeat(64) }] });
    const outcome = (await deliver(key, uploadedAt, '0301')).processed[0].result;
    expect(outcome).toMatchObject({ outcome: 'rejected', reason: 'documents differ from the sha256 audit.json lists: "acceptance.txt". Upload the intended files, then audit.json again' });
  });

  it('without a list, waits until no document has landed for the quiet period', async () => {
    const uploadedAt = new Date();
    await uploadDocuments(rt.emulators.blobs, 'dana', 'sync-1');
    const key = await uploadAuditRequest(rt.emulators.blobs, 'dana', 'sync-1', { workflowType: 'document-list' });
    clock = new Date(Date.now() + 3_000);
    const early = (await deliver(key, uploadedAt, '0401')).processed[0].result;
    expect(early).toMatchObject({ outcome: 'waiting', reason: 'waiting for documents still landing' });
    expect((early as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(10);

    clock = new Date(Date.now() + 11_000);
    expect((await deliver(key, uploadedAt, '0401')).processed[0].result.outcome).toBe('started');
  });

  it('waits in place within the delivery’s budget rather than handing the event back', async () => {
    const uploadedAt = new Date();
    clock = uploadedAt;
    await uploadDocuments(rt.emulators.blobs, 'dana', 'listed-4', { 'imm1294.txt': STUDY_PERMIT_DOCUMENTS['imm1294.txt'] });
    const key = await uploadAuditRequest(rt.emulators.blobs, 'dana', 'listed-4', { workflowType: 'document-list', documents: ['imm1294.txt', 'acceptance.txt'] });
    const sleeps: number[] = [];
    const inPlace: UploadStartDeps = {
      ...deps,
      waitInPlaceMs: 60_000,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock = new Date(clock.getTime() + ms);
        // The missing document lands while the delivery waits.
        if (sleeps.length === 2) await uploadDocuments(rt.emulators.blobs, 'dana', 'listed-4', { 'acceptance.txt': STUDY_PERMIT_DOCUMENTS['acceptance.txt'] });
      },
    };
    const result = await processUploadMessages(inPlace, sqsBatch(objectCreatedEvent(rt.emulators.bucket, key, { sequencer: '0501', time: uploadedAt.toISOString() })), quiet);
    expect(sleeps).toEqual([15_000, 15_000]);
    expect(result.processed[0].result.outcome).toBe('started');
    expect((await rt.emulators.store.listByOwner('dana', { caseId: 'listed-4' }))[0].manifest?.documents).toBe(2);
  });

  it('refuses a malformed list with a reason naming the entry', async () => {
    clock = new Date();
    await uploadDocuments(rt.emulators.blobs, 'dana', 'listed-5');
    const key = await uploadAuditRequest(rt.emulators.blobs, 'dana', 'listed-5', { workflowType: 'document-list', documents: ['imm1294.txt', { name: '../x.pdf' }] });
    const outcome = (await deliver(key, clock, '0601')).processed[0].result;
    expect(outcome).toMatchObject({ outcome: 'rejected', reason: expect.stringContaining('documents[1') });
  });
});
