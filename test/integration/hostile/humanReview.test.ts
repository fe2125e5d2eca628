import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { startAudit } from '../../../lambdas/core/audit/startAudit';
import { documentsPrefix, reportPrefix } from '../../../lambdas/core/storage/objectKeys';
import { decideAndContinue, finishOverdueReview } from '../../../local/review/localReview';
import { decideReview } from '../../../lambdas/review/reviewSteps';
import { REVIEW_HEADING, NOT_REVIEWED } from '../../../lambdas/agents/reporter/sections/reviewSection';

/**
 * Issue 33: a lawyer in the loop. Audits run through the committed state machines in the embedded
 * interpreter against dynalite and s3rver; the review clock is injected (no sleeps).
 */
jest.setTimeout(300_000);

const EXAMPLE = join(__dirname, '../../../examples/spousal-sponsorship-risk-audit');

describe('human review through the local state machine', () => {
  let rt: LocalRuntime;
  let clockMs = Date.parse('2026-03-02T09:00:00Z');
  const now = () => new Date(clockMs);
  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
    // The spousal file: a critical IRPA 40(1)(a) trigger, which the default review policy holds.
    for (const name of readdirSync(EXAMPLE).filter((n) => n !== 'audit.json' && n !== 'README.md')) {
      await rt.emulators.blobs.put(`${documentsPrefix('local', 'spousal')}${name}`, readFileSync(join(EXAMPLE, name)));
    }
  });
  afterAll(async () => {
    await rt.stop();
  });

  async function start(reviewMode: 'policy' | 'off' | undefined) {
    const session = await startAudit(
      { store: rt.emulators.store, blobs: rt.emulators.blobs, starter: { start: (s) => rt.startWith(s, { now }) } },
      { caseId: 'spousal', workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner: 'local', ...(reviewMode ? { reviewMode } : {}) },
    );
    return session.auditId;
  }
  const report = async (auditId: string) => new TextDecoder().decode(await rt.emulators.blobs.get(`${reportPrefix('local', 'spousal', auditId)}report.md`));

  async function awaitingAudit(): Promise<string> {
    const auditId = await start('policy');
    expect((await rt.wait(auditId)).status).toBe('AWAITING_REVIEW');
    const s = await rt.emulators.store.get(auditId);
    expect(s.status).toBe('AWAITING_REVIEW');
    expect(s.completedStages).toEqual(['intake', 'gatekeeper']);
    expect(s.review).toMatchObject({ round: 1, state: 'awaiting', reason: expect.stringMatching(/critical finding/) });
    expect(s.review?.taskToken).toMatch(/^local-/);
    expect(Date.parse(s.review!.deadline) - clockMs).toBe(7 * 24 * 3600 * 1000);
    return auditId;
  }

  it('holds an audit whose outcome matches the policy at AWAITING_REVIEW, with no report, until a reviewer approves it', async () => {
    const auditId = await awaitingAudit();
    await expect(rt.emulators.blobs.get(`${reportPrefix('local', 'spousal', auditId)}report.md`)).rejects.toThrow();
    await decideAndContinue(rt, auditId, { decision: 'approve', reviewer: 'lawyer-1' }, { now });
    expect((await rt.wait(auditId)).status).toBe('SUCCEEDED');
    const done = await rt.emulators.store.get(auditId);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.review).toMatchObject({ state: 'decided', decision: { decision: 'approve', reviewer: 'lawyer-1' } });
    const md = await report(auditId);
    expect(md).toContain(`## ${REVIEW_HEADING}`);
    expect(md).toMatch(/Approved by lawyer-1 on 2026-03-02 09:00 UTC\./);
    expect(md).not.toContain("Reviewer's note");
  });

  it("puts an approving reviewer's note, name and time in the report", async () => {
    const auditId = await awaitingAudit();
    clockMs += 3600_000;
    await decideAndContinue(rt, auditId, { decision: 'approve', note: 'Discussed the 2023 refusal with the client; disclose it in IMM 5669.', reviewer: 'lawyer-2' }, { now });
    expect((await rt.wait(auditId)).status).toBe('SUCCEEDED');
    const md = await report(auditId);
    expect(md).toContain("> Reviewer's note: Discussed the 2023 refusal with the client; disclose it in IMM 5669.");
    expect(md).toMatch(/Approved by lawyer-2 on \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
  });

  it('re-runs a returned stage with the note as feedback, holds the audit for review again, and refuses a second return', async () => {
    const auditId = await awaitingAudit();
    const firstGatekeeperRun = (await rt.emulators.store.get(auditId)).stageTimings.gatekeeper.startedAt;
    clockMs += 60_000;
    await decideAndContinue(rt, auditId, { decision: 'return', stage: 'gatekeeper', note: 'Check the background declaration against the refusal letter again.', reviewer: 'lawyer-3' }, { now });
    expect((await rt.wait(auditId)).status).toBe('AWAITING_REVIEW');
    const again = await rt.emulators.store.get(auditId);
    expect(again.stageTimings.gatekeeper.startedAt).not.toBe(firstGatekeeperRun);
    expect(again.review).toMatchObject({ round: 2, state: 'awaiting', reason: 'returned by the reviewer for changes', history: [expect.objectContaining({ decision: 'return', stage: 'gatekeeper' })] });
    const started = (await rt.emulators.store.listEvents(auditId)).filter((e) => e.type === 'stage-started' && e.stage === 'gatekeeper');
    expect(started.map((e) => e.detail.feedback)).toEqual([undefined, ['review.returned']]);

    await expect(decideReview({ store: rt.emulators.store, now }, auditId, { decision: 'return', stage: 'gatekeeper', reviewer: 'lawyer-3' })).rejects.toMatchObject({
      name: 'SecondReturnRefused',
      message: expect.stringContaining('already returned once'),
    });
    await expect(decideReview({ store: rt.emulators.store, now }, auditId, { decision: 'return', stage: 'judge', reviewer: 'lawyer-3' })).rejects.toMatchObject({ name: 'UnknownReturnStage' });
    expect((await rt.emulators.store.get(auditId)).status).toBe('AWAITING_REVIEW'); // a refused decision changes nothing

    await decideAndContinue(rt, auditId, { decision: 'approve', reviewer: 'lawyer-3' }, { now });
    expect((await rt.wait(auditId)).status).toBe('SUCCEEDED');
    const md = await report(auditId);
    expect(md).toContain('Returned to the gatekeeper stage by lawyer-3');
    expect(md).toContain("> Reviewer's instructions: Check the background declaration against the refusal letter again.");
  });

  it('ends an audit nobody reviewed in time as REVIEW_EXPIRED with its draft report marked not reviewed, and refuses a late decision', async () => {
    const auditId = await awaitingAudit();
    clockMs += 7 * 24 * 3600 * 1000 - 1;
    expect(await finishOverdueReview(rt, auditId, { now })).toBe(false); // one millisecond left
    clockMs += 1;
    await expect(decideReview({ store: rt.emulators.store, now }, auditId, { decision: 'approve', reviewer: 'late' })).rejects.toMatchObject({ name: 'ReviewPeriodExpired' });
    expect(await finishOverdueReview(rt, auditId, { now })).toBe(true);
    expect((await rt.wait(auditId)).status).toBe('SUCCEEDED');
    const done = await rt.emulators.store.get(auditId);
    expect(done.status).toBe('REVIEW_EXPIRED');
    expect(done.completedStages).toContain('reporter');
    expect(await report(auditId)).toContain(`**${NOT_REVIEWED}.**`);
    await expect(decideReview({ store: rt.emulators.store, now }, auditId, { decision: 'approve', reviewer: 'late' })).rejects.toMatchObject({ name: 'NotAwaitingReview' });
  });

  it('never holds an audit started with review off', async () => {
    const auditId = await start('off');
    expect((await rt.wait(auditId)).status).toBe('SUCCEEDED');
    const done = await rt.emulators.store.get(auditId);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.review).toBeUndefined();
    expect(await report(auditId)).not.toContain(REVIEW_HEADING);
  });
});
