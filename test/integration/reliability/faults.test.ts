import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { startAudit } from '../../../lambdas/core/audit/startAudit';
import type { UploadStartDeps } from '../../../lambdas/core/audit/uploadStart';
import { UploadStartRecords, uploadIdOf } from '../../../lambdas/core/audit/uploadStartRecords';
import { auditIdFromSeed } from '../../../lambdas/core/audit/auditId';
import { processUploadMessages } from '../../../lambdas/trigger/processUploadMessages';
import { disposeModelRuntime } from '../../../lambdas/core/model/modelRuntime';
import type { ModelCallRecord } from '../../../lambdas/core/model/modelSession';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import { documentsPrefix } from '../../../lambdas/core/storage/objectKeys';
import { intakeAgent } from '../../../lambdas/agents/intake/intakeAgent';
import type { StageResult } from '../../../lambdas/core/stage/stageContract';
import { objectCreatedEvent, sqsBatch, uploadAuditRequest, uploadDocuments } from '../trigger/caseUpload';
import { startFakeBedrock, type FakeModelServer } from '../model/fakeModelServers';
import { wellBehaved } from '../model/modelAuditFixtures';
import { startCaseLawMcpServer, type CaseLawMcpServer } from '../research/caseLawMcpServer';
import { auditExample, conclusionOf, EXAMPLE, expectEveryStageOutput, finish, startsByStage, uploadExample, type AuditConclusion, type ExampleName } from './faultsFixtures';
import { injectFault, replaceAgent, transientError } from './faultsHandlers';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('S3 events for new versions of one audit.json, duplicated and out of order', () => {
  let rt: LocalRuntime;
  let deps: UploadStartDeps;
  let records: UploadStartRecords;
  /** Every execution the trigger asked for. */
  const started: string[] = [];

  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
    records = new UploadStartRecords(rt.emulators.clients.ddb, rt.emulators.tableName);
    deps = {
      store: rt.emulators.store,
      blobs: rt.emulators.blobs,
      starter: { start: async (session: Session) => (started.push(session.auditId), rt.start(session)) },
      records,
      defaults: { tier: 'pro' },
      claimLeaseMs: 60_000,
    };
  });
  afterAll(async () => {
    await rt.stop();
  });

  /** One delivery of a batch: each message's outcome, and the bodies SQS would deliver again (the failed ones). */
  async function deliverOnce(...bodies: string[]): Promise<{ outcomes: string[]; again: string[] }> {
    const batch = sqsBatch(...bodies);
    const { batchItemFailures, processed } = await processUploadMessages(deps, batch, quiet);
    const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
    return { outcomes: processed.map((p) => p.result.outcome), again: batch.Records.filter((r) => failed.has(r.messageId)).map((r) => r.body) };
  }

  /** A batch no other delivery races: nothing may be left to deliver again. */
  async function deliver(...bodies: string[]): Promise<string[]> {
    const { outcomes, again } = await deliverOnce(...bodies);
    expect(again).toEqual([]);
    return outcomes;
  }

  it('starts exactly one audit per upload, the newer first when its event comes first, and loses none', async () => {
    const { blobs, bucket } = rt.emulators;
    const owner = 'olivia';
    const caseId = 'reordered-1';
    await uploadDocuments(blobs, owner, caseId);
    // Three writes of the same key. Each event names its write by S3's per-key sequencer (in AWS
    // also by the version id; the local bucket keeps no versions, so every audit reads the last write).
    const writes = [
      { request: { workflowType: 'document-list', tier: 'guest' }, sequencer: '0066F1A2B3C4D5E601', time: '2026-03-02T15:04:05Z' },
      { request: { workflowType: 'document-list', tier: 'pro' }, sequencer: '0066F1A2B3C4D5E602', time: '2026-03-02T15:04:07Z' },
      { request: { workflowType: 'client-guidance', tier: 'pro' }, sequencer: '0066F1A2B3C4D5E603', time: '2026-03-02T15:04:09Z' },
    ];
    let key = '';
    for (const write of writes) key = await uploadAuditRequest(blobs, owner, caseId, write.request);
    const [v1, v2, v3] = writes.map(({ sequencer, time }) => objectCreatedEvent(bucket, key, { sequencer, time }));

    // The newer upload's event arrives first, twice in one batch; the older one's after it, then both again.
    expect(await deliver(v2, v2)).toEqual(['started', 'duplicate']);
    expect(await deliver(v1)).toEqual(['started']);
    expect(await deliver(v1, v2, v1)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    // The newest and duplicates of all three, from three pollers at once. A delivery that finds
    // another one's start in progress fails and is delivered again later, when it sees it done.
    const racing = await Promise.all([deliverOnce(v3, v1), deliverOnce(v2, v3), deliverOnce(v3)]);
    const raced = racing.flatMap((r) => r.outcomes);
    expect(raced.filter((o) => o === 'started')).toHaveLength(1);
    expect(raced.filter((o) => o !== 'started' && o !== 'duplicate' && o !== 'failed')).toEqual([]);
    const redelivered = racing.flatMap((r) => r.again);
    expect(redelivered).toHaveLength(raced.filter((o) => o === 'failed').length);
    expect(await deliver(...redelivered)).toEqual(redelivered.map(() => 'duplicate'));

    const audits = await rt.emulators.store.listByOwner(owner, { caseId });
    expect(audits).toHaveLength(3);
    expect(new Set(started).size).toBe(started.length);
    expect([...started].sort()).toEqual(audits.map((a) => a.auditId).sort());
    // Each upload is tied to its own audit, named after the upload itself.
    for (const write of writes) {
      const uploadId = uploadIdOf({ bucket, key, sequencer: write.sequencer });
      const record = await records.get(uploadId);
      expect(record).toMatchObject({ state: 'STARTED', auditId: auditIdFromSeed(uploadId, new Date(write.time)) });
      expect(audits.map((a) => a.auditId)).toContain(record!.auditId);
    }
    for (const audit of audits) {
      expect((await rt.wait(audit.auditId)).status).toBe('SUCCEEDED');
      await expectEveryStageOutput(rt.emulators.store, await rt.emulators.store.get(audit.auditId));
    }
  });
});

describe('Amazon Bedrock throttling 30% of the model calls', () => {
  const MODEL_ENV = {
  // The fake Bedrock's region and keys, named as the audit's Bedrock settings (the user's own AWS settings in real use).
  CASE_AUDIT_BEDROCK_REGION: 'ca-central-1',
  CASE_AUDIT_BEDROCK_ACCESS_KEY_ID: 'AKIDFAKEBEDROCK',
  CASE_AUDIT_BEDROCK_SECRET_ACCESS_KEY: 'fake-bedrock-secret',
    CASE_AUDIT_MODEL_RETRY_BASE_MS: '1',
    CASE_AUDIT_MODEL_RETRY_CAP_MS: '5',
    CASE_AUDIT_MODEL_MAX_ATTEMPTS: '4',
    CASE_AUDIT_MODEL_BREAKER_THRESHOLD: '5',
  };
  const examples: ExampleName[] = [EXAMPLE.spousal, EXAMPLE.refusal, EXAMPLE.workPermit];
  let rt: LocalRuntime;
  let bedrock: FakeModelServer;
  let throttled = 0;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    // Three of every ten requests, by arrival: a fixed pattern, never more than three in a row.
    bedrock = await startFakeBedrock((request, index) => {
      if (index % 10 < 3) {
        throttled += 1;
        return { error: { status: 429, type: 'ThrottlingException' } };
      }
      return wellBehaved(request);
    });
    for (const [k, v] of Object.entries({ ...MODEL_ENV, AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.url })) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    disposeModelRuntime();
    rt = await startLocalRuntime({ persist: false });
  });
  afterAll(async () => {
    await rt.stop();
    disposeModelRuntime();
    await bedrock.close();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('finishes every audit of several run at once as its rules decide, with the retries in the usage and the log', async () => {
    const rulesOnly = await Promise.all(examples.map((example) => auditExample(rt, example, { model: 'none' })));
    expect(bedrock.requests).toHaveLength(0);

    const runs = await Promise.all(examples.map((example) => auditExample(rt, example, { model: 'bedrock' })));

    const calls: ModelCallRecord[] = [];
    for (const [i, run] of runs.entries()) {
      const rules = rulesOnly[i].summary;
      expect(run.outcome.status).toBe('SUCCEEDED');
      expect(rules.status).toMatch(/^(SUCCEEDED|INCOMPLETE)$/);
      expect({ example: examples[i], status: run.summary.status, decision: run.summary.decision, verdict: run.summary.verdict }).toEqual({
        example: examples[i],
        status: rules.status,
        decision: rules.decision,
        verdict: rules.verdict,
      });
      await expectEveryStageOutput(rt.emulators.store, run.session);
      const own = (await rt.emulators.store.listEvents(run.session.auditId)).filter((e) => e.type === 'model-call').map((e) => e.detail as unknown as ModelCallRecord);
      expect(own.length).toBeGreaterThan(0);
      // The session's usage counts the answers its calls were billed for, however many attempts they took.
      expect(run.session.usage.modelCalls).toBe(own.reduce((n, c) => n + c.answers, 0));
      calls.push(...own);
    }
    // Every request the fake saw is an attempt some audit logged; every throttled one, an attempt without an answer.
    expect(throttled).toBeGreaterThanOrEqual(3);
    expect(calls.reduce((n, c) => n + c.attempts, 0)).toBe(bedrock.requests.length);
    expect(calls.reduce((n, c) => n + c.attempts - c.answers, 0)).toBe(throttled);
    expect(calls.filter((c) => c.attempts > 1).length).toBeGreaterThan(0);
    expect(runs.reduce((n, r) => n + r.session.usage.modelCalls, 0)).toBe(bedrock.billed.answers);
  });
});

describe('a Lambda task that fails', () => {
  let rt: LocalRuntime;
  let baseline: AuditConclusion;
  let fault: { restore(): void } | undefined;

  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
    const clean = await auditExample(rt, EXAMPLE.studyList);
    baseline = await conclusionOf(rt.emulators.store, clean.summary, clean.session);
  });
  afterEach(() => {
    fault?.restore();
    fault = undefined;
  });
  afterAll(async () => {
    await rt.stop();
  });

  it('is retried once when its first attempt throws an ordinary error mid-stage, and the audit finishes with the same result', async () => {
    let runs = 0;
    const intake = replaceAgent('Intake', {
      ...intakeAgent,
      async run(ctx) {
        runs += 1;
        if (runs === 1) throw transientError('reading the pinned documents');
        return intakeAgent.run(ctx);
      },
    });
    fault = intake;
    const { outcome, session, summary } = await auditExample(rt, EXAMPLE.studyList);

    expect(outcome.status).toBe('SUCCEEDED');
    expect(intake.calls()).toBe(2);
    expect(await conclusionOf(rt.emulators.store, summary, session)).toEqual(baseline);
    await expectEveryStageOutput(rt.emulators.store, session);
    expect(session.retries).toEqual({ intake: 1 });
    const events = await rt.emulators.store.listEvents(session.auditId);
    expect(startsByStage(events)).toEqual({ intake: 2, gatekeeper: 1, reporter: 1 });
    const story = events.filter((e) => e.stage === 'intake' && ['stage-started', 'stage-failed', 'stage-retried', 'stage-completed'].includes(e.type));
    expect(story.map((e) => e.type)).toEqual(['stage-started', 'stage-failed', 'stage-retried', 'stage-started', 'stage-completed']);
    expect(story[1].detail).toMatchObject({ error: 'Error' });
    expect(story[2].detail).toMatchObject({ reason: 'rerun' });
  });

  it('is retried without running the stage again when the stage finished but its response was lost', async () => {
    const gatekeeper = injectFault('Gatekeeper', { after: (call) => (call === 1 ? transientError('returning the result') : undefined) });
    fault = gatekeeper;
    const { outcome, session, summary } = await auditExample(rt, EXAMPLE.studyList);

    expect(outcome.status).toBe('SUCCEEDED');
    expect(gatekeeper.calls()).toBe(2);
    expect(await conclusionOf(rt.emulators.store, summary, session)).toEqual(baseline);
    expect(startsByStage(await rt.emulators.store.listEvents(session.auditId))).toEqual({ intake: 1, gatekeeper: 1, reporter: 1 });
    expect(session.retries).toEqual({});
  });

  it('is retried once and then recorded on the session, naming the stage, when the error persists', async () => {
    const reporter = injectFault('Reporter', { before: () => transientError('writing the report') });
    fault = reporter;
    const { outcome, session } = await auditExample(rt, EXAMPLE.studyList);

    expect(outcome.status).toBe('FAILED');
    expect(reporter.calls()).toBe(2);
    expect(session).toMatchObject({ status: 'FAILED', completedStages: ['intake', 'gatekeeper'], failure: { stage: 'reporter', error: 'Error' } });
    expect(session.failure!.message).toContain('ECONNRESET');
    expect(session.stageStatus.reporter).toMatch(/^failed:Error:writing the report: read ECONNRESET/);
    expect(session.outputs.reporter).toBeUndefined();
  });

  it('fails at once, without a retry, on a deterministic error: pinned documents that changed (PinnedDocumentsChanged)', async () => {
    const intake = injectFault('Intake', {});
    fault = intake;
    const caseId = 'fault-pinned-changed';
    await uploadExample(rt.emulators.blobs, 'local', caseId, EXAMPLE.studyList);
    // The session pins the documents; one of them is replaced before its execution starts.
    const session = await startAudit(
      { store: rt.emulators.store, blobs: rt.emulators.blobs, starter: { start: async () => ({ executionArn: 'not-yet' }) } },
      { caseId, workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner: 'local' },
    );
    await rt.emulators.blobs.put(`${documentsPrefix('local', caseId)}gic-certificate.txt`, 'a different certificate');
    await rt.start(session);
    const { outcome, session: failed } = await finish(rt, session.auditId);

    expect(outcome.status).toBe('FAILED');
    expect(intake.calls()).toBe(1);
    expect(failed).toMatchObject({ status: 'FAILED', completedStages: [], failure: { stage: 'intake', error: 'PinnedDocumentsChanged' } });
    expect(failed.stageStatus.intake).toMatch(/^failed:PinnedDocumentsChanged:/);
    expect((await rt.emulators.store.listEvents(session.auditId)).map((e) => e.type)).toContain('audit-failed');
  });

  describe('at the verifier, after it completed and sent the audit back for another pass', () => {
    let mcp: CaseLawMcpServer;
    beforeAll(async () => {
      // An external source that offers a decision which does not exist: the verifier fails it and loops back.
      mcp = await startCaseLawMcpServer([
        {
          citation: '2021 FC 9999',
          name: 'Quillfeather v. Canada (Citizenship and Immigration)',
          summary: 'genuine marriage relationship bad faith primary purpose spousal sponsorship misrepresentation refusal',
          topics: ['spousal-bona-fides'],
        },
      ]);
      process.env.CASE_AUDIT_MCP_URL = mcp.url;
    });
    afterAll(async () => {
      delete process.env.CASE_AUDIT_MCP_URL;
      await mcp.close();
    });

    it('returns the same loop-back to the retry, and the audit loops and passes as it would have', async () => {
      const results: StageResult[] = [];
      const verifier = injectFault('Verifier', {
        after: (call, result) => {
          results.push(result as StageResult);
          return call === 1 && (result as StageResult).verification?.loopBack ? transientError('returning the verification') : undefined;
        },
      });
      fault = verifier;
      const { outcome, session } = await auditExample(rt, EXAMPLE.spousal);

      expect(results[0].verification).toMatchObject({ loopBack: true, iteration: 1 });
      expect(results[1]).toEqual(results[0]);
      expect(outcome.status).toBe('SUCCEEDED');
      expect(verifier.calls()).toBe(3);
      expect(session.verificationIterations).toBe(2);
      expect(session.status).toBe('SUCCEEDED');
      expect(session.outputs['verifier@1']).toBeDefined();
      await expectEveryStageOutput(rt.emulators.store, session);
      expect(startsByStage(await rt.emulators.store.listEvents(session.auditId))).toMatchObject({ detective: 2, strategist: 2, gatekeeper: 2, verifier: 2 });
    });
  });
});

