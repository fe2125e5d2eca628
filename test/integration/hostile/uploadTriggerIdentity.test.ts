import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { watchUploads, type UploadWatcher } from '../../../local/serve/uploadWatcher';
import { uploadJournalPath } from '../../../local/dataFolder/uploadJournal';
import type { UploadStartDeps, UploadStartOutcome } from '../../../lambdas/core/audit/uploadStart';
import { UploadStartRecords } from '../../../lambdas/core/audit/uploadStartRecords';
import { auditRequestKey } from '../../../lambdas/core/storage/objectKeys';
import { uploadDocuments } from '../trigger/caseUpload';

/**
 * Issue 28 item 5: the upload trigger of `case-audit serve` used to key a start on the listing's
 * LastModified (one-second resolution) and ETag, so two uploads of one audit.json in the same second,
 * or one overwritten before the next listing, started one audit and lost the other without a word.
 * Now the data folder's host journals every write as an upload event with its own version and bytes.
 */

const OWNER = 'local';

interface Seen {
  key: string;
  outcome: UploadStartOutcome;
  sequence: number;
}

describe('the upload trigger of case-audit serve, keyed on each upload’s identity', () => {
  let dataFolder: string;
  let rt: LocalRuntime;
  let cases = 0;

  const open = async () => {
    rt = await startLocalRuntime({ dataFolder, host: 'in-process' });
  };
  beforeEach(async () => {
    dataFolder = await mkdtemp(join(tmpdir(), 'case-audit-upload-identity-'));
    await open();
  });
  afterEach(async () => {
    await rt.stop();
    await rm(dataFolder, { recursive: true, force: true });
  });

  /** A watcher of the folder that records every outcome and error; scanned by the test, not by its timer. */
  const watcher = () => {
    const seen: Seen[] = [];
    const errors: Error[] = [];
    const records = new UploadStartRecords(rt.emulators.clients.ddb, rt.emulators.tableName);
    const deps: UploadStartDeps = { store: rt.emulators.store, blobs: rt.emulators.blobs, starter: rt, records, defaults: {}, claimLeaseMs: 60_000 };
    const w: UploadWatcher = watchUploads({
      dataFolder,
      bucket: rt.emulators.bucket,
      owner: OWNER,
      deps,
      intervalMs: 3_600_000,
      onOutcome: (key, outcome, event) => seen.push({ key, outcome, sequence: event.sequence }),
      onError: (error) => errors.push(error),
    });
    return { w, seen, errors };
  };

  const newCase = async () => {
    const caseId = `case-${++cases}`;
    await uploadDocuments(rt.emulators.blobs, OWNER, caseId);
    return caseId;
  };
  const putRequest = (caseId: string, body: unknown) => rt.emulators.blobs.put(auditRequestKey(OWNER, caseId), JSON.stringify(body), 'application/json');
  const startedIds = (seen: Seen[]) => seen.flatMap((s) => (s.outcome.outcome === 'started' ? [s.outcome.auditId] : []));
  const tiersOf = async (auditIds: string[]) => Promise.all(auditIds.map(async (id) => (await rt.emulators.store.get(id)).tier));
  const finish = async (auditIds: string[]) => {
    for (const id of auditIds) expect((await rt.wait(id)).status).toBe('SUCCEEDED');
  };

  it('starts one audit per upload of the same audit.json, each from the bytes that upload wrote, however quickly the next overwrites it', async () => {
    const caseId = await newCase();
    // Back to back, well inside one second: a different request, then the same bytes twice.
    await putRequest(caseId, { workflowType: 'document-list', tier: 'guest' });
    await putRequest(caseId, { workflowType: 'document-list', tier: 'pro' });
    await putRequest(caseId, { workflowType: 'document-list', tier: 'pro' });

    const { w, seen, errors } = watcher();
    await w.scan();
    await w.stop();

    expect(errors).toEqual([]);
    expect(seen.map((s) => s.outcome.outcome)).toEqual(['started', 'started', 'started']);
    // In upload order, and the first audit is the guest one although the bucket now holds the pro request.
    expect(seen.map((s) => s.sequence)).toEqual([...seen.map((s) => s.sequence)].sort((a, b) => a - b));
    const ids = startedIds(seen);
    expect(new Set(ids).size).toBe(3);
    expect(await tiersOf(ids)).toEqual(['guest', 'pro', 'pro']);
    await finish(ids);
  });

  it('starts one audit for each of several uploads racing each other to the same key', async () => {
    const caseId = await newCase();
    await Promise.all(['guest', 'pro', 'ultra'].map((tier) => putRequest(caseId, { workflowType: 'document-list', tier })));

    const { w, seen, errors } = watcher();
    await w.scan();
    await w.stop();

    expect(errors).toEqual([]);
    const ids = startedIds(seen);
    expect(ids).toHaveLength(3);
    expect((await tiersOf(ids)).sort()).toEqual(['guest', 'pro', 'ultra']);
    await finish(ids);
  });

  it('never starts an upload twice: not by two watchers at once, nor when its event is handled again after a crash', async () => {
    const caseId = await newCase();
    await putRequest(caseId, { workflowType: 'document-list', tier: 'pro' });
    const events = join(uploadJournalPath(dataFolder), 'events');
    const [name] = await readdir(events);
    const event = await readFile(join(events, name));
    const body = await readFile(join(uploadJournalPath(dataFolder), 'bodies', name.replace(/\.json$/, '.body')));

    // Two serve processes on one folder.
    const [a, b] = [watcher(), watcher()];
    await Promise.all([a.w.scan(), b.w.scan()]);
    await Promise.all([a.w.stop(), b.w.stop()]);
    const ids = [...startedIds(a.seen), ...startedIds(b.seen)];
    expect(ids).toHaveLength(1);
    expect([...a.errors, ...b.errors].every((e) => e.name === 'StartInProgress')).toBe(true);

    // A watcher that started the audit and died before settling the event: the event is still there.
    await writeFile(join(uploadJournalPath(dataFolder), 'bodies', name.replace(/\.json$/, '.body')), body);
    await writeFile(join(events, name), event);
    const again = watcher();
    await again.w.scan();
    await again.w.stop();
    expect(again.errors).toEqual([]);
    expect(again.seen.map((s) => s.outcome)).toEqual([{ outcome: 'duplicate', auditId: ids[0], state: 'STARTED' }]);
    expect(await readdir(events)).toEqual([]);
    expect(await rt.emulators.store.listByOwner(OWNER, { caseId })).toHaveLength(1);
    await finish(ids);
  });

  it('gives every upload an outcome, with the reason when it starts nothing, and none is dropped', async () => {
    const started = await newCase();
    const empty = `case-${++cases}`; // no documents
    await putRequest(started, { workflowType: 'document-list' });
    await rt.emulators.blobs.put(`cases/${OWNER}/${started}/documents/audit.json`, '{"workflowType": "document-list"}'); // misplaced
    await rt.emulators.blobs.put(auditRequestKey('someone-else', started), '{"workflowType": "document-list"}');
    await putRequest(empty, { workflowType: 'document-list' });
    await putRequest(started, { workflowType: 'document-list', teir: 'pro' });

    const { w, seen, errors } = watcher();
    await w.scan();
    await w.stop();

    expect(errors).toEqual([]);
    expect(seen.map((s) => [s.key, s.outcome.outcome, 'reason' in s.outcome ? s.outcome.reason : undefined])).toEqual([
      [auditRequestKey(OWNER, started), 'started', undefined],
      [`cases/${OWNER}/${started}/documents/audit.json`, 'ignored', expect.stringContaining('not an audit request key')],
      [auditRequestKey('someone-else', started), 'ignored', `outside the local user's prefix cases/${OWNER}/`],
      [auditRequestKey(OWNER, empty), 'rejected', expect.stringContaining('the case has no documents')],
      [auditRequestKey(OWNER, started), 'rejected', expect.stringContaining('unknown key "teir"')],
    ]);
    await finish(startedIds(seen));
  });

  it('keeps the upload order across a restart of the host: numbers only grow, and waiting uploads still start', async () => {
    const caseId = await newCase();
    await putRequest(caseId, { workflowType: 'document-list', tier: 'guest' });
    const first = watcher();
    await first.w.scan();
    await first.w.stop();
    await finish(startedIds(first.seen));

    // Uploaded while no serve runs; then the host stops and another hosts the folder.
    await putRequest(caseId, { workflowType: 'document-list', tier: 'ultra' });
    await rt.stop();
    await open();

    const later = watcher();
    await later.w.scan();
    await later.w.stop();
    expect(later.errors).toEqual([]);
    expect(later.seen).toHaveLength(1);
    expect(later.seen[0].sequence).toBeGreaterThan(first.seen[0].sequence);
    const ids = startedIds(later.seen);
    expect(await tiersOf(ids)).toEqual(['ultra']);
    await finish(ids);

    await putRequest(caseId, { workflowType: 'document-list', tier: 'pro' });
    const last = watcher();
    await last.w.scan();
    await last.w.stop();
    expect(last.seen[0].sequence).toBeGreaterThan(later.seen[0].sequence);
    await finish(startedIds(last.seen));
  });
});
