import { startEmulators, type Emulators } from '../../../local/emulators';
import { recordExecutionEnd, ExecutionEndedEvent } from '../../../lambdas/recordFailure/recordExecutionEnd';
import { recordFailure } from '../../../lambdas/recordFailure/recordFailure';
import { newSession, steppingClock } from '../storage/sessionFixtures';

/** An execution stopped, timed out or failed outside its Catch: what the EventBridge rule hands the failure recorder. */
const ended = (auditId: string, status: 'FAILED' | 'TIMED_OUT' | 'ABORTED') =>
  ExecutionEndedEvent.parse({ auditId, executionEnded: { status, executionArn: `arn:aws:states:ca-central-1:000000000000:execution:CaseAudit-risk-audit:${auditId}` } });

describe('an audit execution that ended without recording its end', () => {
  let emu: Emulators;
  beforeAll(async () => {
    emu = await startEmulators();
  });
  afterAll(async () => {
    await emu.stop();
  });

  it.each([
    ['ABORTED', 'ExecutionAborted', /was stopped before the audit finished/],
    ['TIMED_OUT', 'ExecutionTimedOut', /timed out before the audit finished/],
    ['FAILED', 'ExecutionFailed', /failed before the audit could record why/],
  ] as const)('marks a RUNNING audit FAILED when its execution ends %s, naming the stage it was in', async (status, error, message) => {
    const created = await emu.store.create(newSession());
    await emu.store.update(created.auditId, (s) => ({ ...s, currentStage: 'detective', completedStages: ['intake'] }));

    const outcome = await recordExecutionEnd(emu.store, ended(created.auditId, status), steppingClock());

    expect(outcome).toEqual({ auditId: created.auditId, recorded: true, status: 'FAILED' });
    const session = await emu.store.get(created.auditId);
    expect(session.status).toBe('FAILED');
    expect(session.failure).toMatchObject({ stage: 'detective', error });
    expect(session.failure?.message).toMatch(message);
    expect(session.stageStatus.detective).toMatch(new RegExp(`^failed:${error}:`));
    expect(session.completedAt).toBe('2025-03-01T10:00:00.000Z');
    const events = await emu.store.listEvents(created.auditId);
    expect(events.map((e) => e.type)).toContain('audit-failed');
  });

  it('leaves an audit whose Catch already recorded the failure as it was (the usual FAILED execution)', async () => {
    const created = await emu.store.create(newSession());
    await recordFailure(emu.store, { auditId: created.auditId, error: { Error: 'GateFailed', Cause: JSON.stringify({ errorType: 'GateFailed', errorMessage: 'intake gate failed' }) } });
    const before = await emu.store.get(created.auditId);

    const outcome = await recordExecutionEnd(emu.store, ended(created.auditId, 'FAILED'));

    expect(outcome).toEqual({ auditId: created.auditId, recorded: false, reason: 'the audit already ended FAILED' });
    expect(await emu.store.get(created.auditId)).toEqual(before);
  });

  it('leaves a finished audit alone', async () => {
    const created = await emu.store.create(newSession());
    const done = await emu.store.update(created.auditId, (s) => ({ ...s, status: 'SUCCEEDED', completedAt: '2025-03-01T11:00:00.000Z' }));

    expect((await recordExecutionEnd(emu.store, ended(created.auditId, 'ABORTED'))).recorded).toBe(false);
    expect(await emu.store.get(created.auditId)).toEqual(done);
  });

  it('ignores an execution whose audit it does not know', async () => {
    await expect(recordExecutionEnd(emu.store, ended('no-such-audit', 'TIMED_OUT'))).resolves.toEqual({ auditId: 'no-such-audit', recorded: false, reason: 'no such audit' });
  });

  it('refuses an event of another shape, naming the field', () => {
    expect(() => ExecutionEndedEvent.parse({ auditId: 'a', executionEnded: { status: 'SUCCEEDED' } })).toThrow(/status/);
  });
});
