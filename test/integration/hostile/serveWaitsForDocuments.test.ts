import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { watchUploads } from '../../../local/serve/uploadWatcher';
import { pendingUploadEvents } from '../../../local/dataFolder/uploadJournal';
import type { UploadStartDeps, UploadStartOutcome } from '../../../lambdas/core/audit/uploadStart';
import { UploadStartRecords } from '../../../lambdas/core/audit/uploadStartRecords';
import { auditRequestKey } from '../../../lambdas/core/storage/objectKeys';
import { STUDY_PERMIT_DOCUMENTS, uploadDocuments } from '../trigger/caseUpload';

const OWNER = 'local';

/** Issue 32: `case-audit serve` waits for the documents an audit.json lists, as the start-audit Lambda does. */
describe('the upload trigger of case-audit serve and a case uploaded out of order', () => {
  let dataFolder: string;
  let rt: LocalRuntime;

  beforeEach(async () => {
    dataFolder = await mkdtemp(join(tmpdir(), 'case-audit-complete-uploads-'));
    rt = await startLocalRuntime({ dataFolder, host: 'in-process' });
  });
  afterEach(async () => {
    await rt.stop();
    await rm(dataFolder, { recursive: true, force: true });
  });

  it('keeps the upload event while a listed document is missing and starts the audit once it lands, with every document', async () => {
    const seen: UploadStartOutcome[] = [];
    const deps: UploadStartDeps = {
      store: rt.emulators.store,
      blobs: rt.emulators.blobs,
      starter: rt,
      records: new UploadStartRecords(rt.emulators.clients.ddb, rt.emulators.tableName),
      defaults: {},
      claimLeaseMs: 60_000,
      readiness: { maxWaitMs: 300_000, settleMs: 0 },
    };
    const w = watchUploads({ dataFolder, bucket: rt.emulators.bucket, owner: OWNER, deps, intervalMs: 3_600_000, onOutcome: (_key, outcome) => seen.push(outcome) });
    // audit.json first (as `aws s3 sync` may order it), naming both documents; one document so far.
    await uploadDocuments(rt.emulators.blobs, OWNER, 'out-of-order', { 'imm1294.txt': STUDY_PERMIT_DOCUMENTS['imm1294.txt'] });
    await rt.emulators.blobs.put(auditRequestKey(OWNER, 'out-of-order'), JSON.stringify({ workflowType: 'document-list', documents: ['imm1294.txt', 'acceptance.txt'] }), 'application/json');

    await w.scan();
    expect(seen.map((o) => o.outcome)).toEqual(['waiting']);
    expect(await pendingUploadEvents(dataFolder)).toHaveLength(1);

    await uploadDocuments(rt.emulators.blobs, OWNER, 'out-of-order', { 'acceptance.txt': STUDY_PERMIT_DOCUMENTS['acceptance.txt'] });
    await w.scan();
    await w.stop();
    expect(seen.map((o) => o.outcome)).toEqual(['waiting', 'started']);
    expect(await pendingUploadEvents(dataFolder)).toHaveLength(0);
    const auditId = (seen[1] as { auditId: string }).auditId;
    expect((await rt.emulators.store.get(auditId)).manifest?.documents).toBe(2);
    expect((await rt.wait(auditId)).status).toBe('SUCCEEDED');
  });
});
