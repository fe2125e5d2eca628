import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { startAudit } from '../../../lambdas/core/audit/startAudit';
import { documentsPrefix, reportPrefix } from '../../../lambdas/core/storage/objectKeys';
import { disclaimerFor } from '../../../lambdas/agents/reporter/disclaimer';
import { handler as intakeHandler } from '../../../lambdas/agents/intake/handler';
import { localContext, loadHandler, registerLocalHandler } from '../../../local/handlerRegistry';

const text = (s: string) => new TextEncoder().encode(s);

const STUDY_PERMIT_FILE: Record<string, Uint8Array> = {
  'imm1294.txt': text(
    'APPLICATION FOR STUDY PERMIT MADE OUTSIDE OF CANADA (IMM 1294)\nFamily name: Mensah\nGiven name(s): Ama\nDate of birth: 2001-04-12\nCountry of citizenship: Ghana\n',
  ),
  'acceptance.txt': text(
    'LETTER OF ACCEPTANCE\nDesignated Learning Institution number: O000000000001\nWe are pleased to confirm your admission to the Diploma in Business Administration. Tuition for the first year: CAD 15,200.\n',
  ),
  'passport.txt': text('PASSPORT\nSurname: MENSAH\nGiven names: AMA\nP<GHAMENSAH<<AMA<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\n'),
  'statement.pdf': text('%PDF-1.7\n1 0 obj garbage that is not a pdf'),
};

describe('document-list workflow through the local runtime', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
  });
  afterAll(async () => {
    await rt.stop();
  });

  async function uploadCase(caseId: string, files: Record<string, Uint8Array>) {
    for (const [name, bytes] of Object.entries(files)) await rt.emulators.blobs.put(`${documentsPrefix('local', caseId)}${name}`, bytes);
  }

  it('runs intake → gatekeeper → reporter and writes report.md and bundle.json', async () => {
    await uploadCase('case-study-1', STUDY_PERMIT_FILE);
    const session = await startAudit({ store: rt.emulators.store, blobs: rt.emulators.blobs, starter: rt }, { caseId: 'case-study-1', workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner: 'local' });
    const outcome = await rt.wait(session.auditId);
    expect(outcome.status).toBe('SUCCEEDED');

    const done = await rt.emulators.store.get(session.auditId);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.completedStages).toEqual(['intake', 'gatekeeper', 'reporter']);
    expect(done.executionArn).toContain(session.auditId);

    const prefix = reportPrefix('local', 'case-study-1', session.auditId);
    const report = new TextDecoder().decode(await rt.emulators.blobs.get(`${prefix}report.md`));
    expect(report.startsWith(`> **Disclaimer.** ${disclaimerFor('document-list')}`)).toBe(true);
    expect(report).toContain('## Document checklist');
    expect(report).toMatch(/Family information form[^\n]*required/);

    const bundle = await rt.emulators.blobs.getJson<{ stageStatus: Record<string, string>; stageTimings: Record<string, unknown>; outputs: Record<string, any>; transparencyLog: Array<{ type: string }> }>(`${prefix}bundle.json`);
    expect(Object.keys(bundle.stageStatus)).toEqual(['intake', 'gatekeeper', 'reporter']);
    expect(bundle.stageStatus.intake).toMatch(/^ok:1 of 4 documents could not be read$/);
    expect(Object.keys(bundle.stageTimings)).toEqual(expect.arrayContaining(['intake', 'gatekeeper']));
    const checklist = bundle.outputs.gatekeeper.checklist;
    expect(checklist.applicationType).toBe('study-permit');
    expect(checklist.present.map((p: { item: string }) => p.item)).toEqual(expect.arrayContaining(['application-form', 'letter-of-acceptance', 'passport']));
    expect(checklist.missing.map((p: { item: string }) => p.item)).toContain('family-information');
    expect(checklist.problem).toEqual([expect.objectContaining({ item: 'proof-of-funds', documents: ['statement.pdf'] })]);
    expect(bundle.transparencyLog.map((e) => e.type)).toEqual(expect.arrayContaining(['audit-started', 'stage-started', 'stage-completed']));
  });

  it('records how long each stage ran, not the distance to the day an audit is run "as of"', async () => {
    await uploadCase('case-as-of', STUDY_PERMIT_FILE);
    const offset = Date.now() - Date.parse('2025-01-15T12:00:00Z');
    const now = () => new Date(Date.now() - offset);
    const session = await startAudit(
      { store: rt.emulators.store, blobs: rt.emulators.blobs, starter: { start: (s) => rt.startWith(s, { now }) }, now },
      { caseId: 'case-as-of', workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner: 'local' },
    );
    expect((await rt.wait(session.auditId)).status).toBe('SUCCEEDED');
    const done = await rt.emulators.store.get(session.auditId);
    expect(done.stageTimings.intake!.startedAt.startsWith('2025-01-15')).toBe(true);
    const completed = (await rt.emulators.store.listEvents(session.auditId)).filter((e) => e.type === 'stage-completed');
    expect(completed.map((e) => e.stage)).toEqual(['intake', 'gatekeeper', 'reporter']);
    // The audit ran for seconds; a duration measured against the injected day would be about two years.
    const oneHour = 3_600_000;
    for (const e of completed) expect((e.detail as { elapsedMs: number }).elapsedMs).toBeLessThan(oneHour);
    for (const timing of Object.values(done.stageTimings)) expect(timing!.elapsedMs).toBeLessThan(oneHour);
  });

  it('fails the audit with a clear reason when the critical intake stage finds no documents', async () => {
    const session = await startAudit({ store: rt.emulators.store, blobs: rt.emulators.blobs, starter: rt }, { caseId: 'case-empty', workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner: 'local' });
    const outcome = await rt.wait(session.auditId);
    expect(outcome.status).toBe('FAILED');
    const failed = await rt.emulators.store.get(session.auditId);
    expect(failed.status).toBe('FAILED');
    expect(failed.failure).toMatchObject({ stage: 'intake', error: 'NoDocuments' });
    expect(failed.failure!.message).toContain('the audit has no documents');
    expect(failed.stageStatus.intake).toMatch(/^failed:NoDocuments:/);
  });

  it('retries a throttled Lambda invocation (Retry with backoff) and the audit still succeeds', async () => {
    await uploadCase('case-throttled', STUDY_PERMIT_FILE);
    const gatekeeper = loadHandler('Gatekeeper');
    let calls = 0;
    const unregister = registerLocalHandler('Gatekeeper', async (event, context) => {
      calls += 1;
      if (calls === 1) throw Object.assign(new Error('Rate exceeded'), { name: 'Lambda.TooManyRequestsException' });
      return gatekeeper(event, context);
    });
    try {
      const session = await startAudit({ store: rt.emulators.store, blobs: rt.emulators.blobs, starter: rt }, { caseId: 'case-throttled', workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner: 'local' });
      expect((await rt.wait(session.auditId)).status).toBe('SUCCEEDED');
      expect(calls).toBe(2);
      expect((await rt.emulators.store.get(session.auditId)).status).toBe('SUCCEEDED');
    } finally {
      unregister();
    }
  });

  it('records an unexpected error in a stage on the session, naming the stage', async () => {
    await uploadCase('case-broken', STUDY_PERMIT_FILE);
    const unregister = registerLocalHandler('Reporter', async () => {
      throw Object.assign(new Error('disk full'), { name: 'ReportWriteFailed' });
    });
    try {
      const session = await startAudit({ store: rt.emulators.store, blobs: rt.emulators.blobs, starter: rt }, { caseId: 'case-broken', workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner: 'local' });
      expect((await rt.wait(session.auditId)).status).toBe('FAILED');
      const failed = await rt.emulators.store.get(session.auditId);
      expect(failed).toMatchObject({ status: 'FAILED', completedStages: ['intake', 'gatekeeper'], failure: { stage: 'reporter', error: 'ReportWriteFailed', message: 'disk full' } });
      expect(failed.stageStatus.reporter).toBe('failed:ReportWriteFailed:disk full');
    } finally {
      unregister();
    }
  });

  it('resumes an interrupted audit from the stored state without re-running completed stages', async () => {
    await uploadCase('case-resume', STUDY_PERMIT_FILE);
    // Create the session without executing, then run intake alone: the "process" stops after it.
    const session = await startAudit(
      { store: rt.emulators.store, blobs: rt.emulators.blobs, starter: { start: async () => ({ executionArn: 'interrupted' }) } },
      { caseId: 'case-resume', workflowType: 'document-list', tier: 'pro', model: 'none', gateMode: 'live', owner: 'local' },
    );
    await intakeHandler({ auditId: session.auditId, stage: 'intake' }, rt.taskContext('Intake', { timeoutMs: 60_000 }) as never);
    expect((await rt.emulators.store.get(session.auditId)).completedStages).toEqual(['intake']);

    await rt.start(await rt.emulators.store.get(session.auditId));
    expect((await rt.wait(session.auditId)).status).toBe('SUCCEEDED');
    const events = await rt.emulators.store.listEvents(session.auditId);
    expect(events.filter((e) => e.type === 'stage-started' && e.stage === 'intake')).toHaveLength(1);
    expect((await rt.emulators.store.get(session.auditId)).completedStages).toEqual(['intake', 'gatekeeper', 'reporter']);
  });
});
