/** Faults of the storage itself: one session item under 100 concurrent writers, and emulators stopped mid-audit (with a redrive). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { startEmulators, type Emulators } from '../../../local/emulators';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import { strategistAgent } from '../../../lambdas/agents/strategist/strategistAgent';
import { CLI, startCli } from '../../e2e/support/cliHarness';
import { newSession } from '../storage/sessionFixtures';
import { auditExample, conclusionOf, EXAMPLE, expectEveryStageOutput, finish, startExample, startsByStage, type AuditConclusion } from './faultsFixtures';
import { replaceAgent } from './faultsHandlers';

describe('100 concurrent conflicting writers on one session', () => {
  let emu: Emulators;
  beforeAll(async () => {
    emu = await startEmulators();
  });
  afterAll(async () => {
    await emu.stop();
  });

  it('loses no update: every writer lands its own entry, each as its own version', async () => {
    const initial = await emu.store.create(newSession());
    const writers = Array.from({ length: 100 }, (_, i) => `writer-${String(i).padStart(3, '0')}`);

    const settled = await Promise.allSettled(writers.map((id) => emu.store.update(initial.auditId, (s) => ({ ...s, retries: { ...s.retries, [id]: 1 } }))));
    expect(settled.filter((r) => r.status === 'rejected')).toEqual([]);
    const written = settled.map((r) => (r as PromiseFulfilledResult<Session>).value);

    const final = await emu.store.get(initial.auditId);
    expect(Object.keys(final.retries).sort()).toEqual(writers);
    expect(final.version).toBe(initial.version + 100);
    // Optimistic locking serialised them: each write produced a distinct version and saw every earlier one.
    expect(written.map((s) => s.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => initial.version + i + 1));
    for (const s of written) expect(Object.keys(s.retries)).toHaveLength(s.version - initial.version);
  });

  it('still gives up, with the last VersionConflict, once its time budget is spent', async () => {
    const { auditId } = await emu.store.create(newSession());
    // Every attempt is overtaken by another write made from inside the mutation.
    const overtaken = emu.store.update(
      auditId,
      async (s) => {
        await emu.store.update(auditId, (t) => ({ ...t, verificationIterations: t.verificationIterations + 1 }));
        return { ...s, currentStage: 'never-written' };
      },
      { retryForMs: 30 },
    );
    await expect(overtaken).rejects.toMatchObject({ name: 'VersionConflict', auditId });
    const final = await emu.store.get(auditId);
    expect(final.currentStage).toBeNull();
    expect(final.verificationIterations).toBeGreaterThanOrEqual(1);
    expect(final.version).toBe(final.verificationIterations);
  });
});

describe('a persisted local runtime: emulators restarted mid-audit, and a failed audit redriven', () => {
  const work = mkdtempSync(join(tmpdir(), 'case-audit-faults-'));
  const home = join(work, '.case-audit');
  let rt: LocalRuntime;
  let baseline: AuditConclusion;
  let fault: { restore(): void } | undefined;

  /** `case-audit <args>` against this data folder: it attaches to this process's emulators. */
  async function caseAudit(...args: string[]) {
    const run = startCli(process.execPath, [CLI, ...args], { home });
    return run.done;
  }

  /** The audit resumed by the CLI's resume command, and its JSON result. */
  async function resume(auditId: string, label: string) {
    const r = await caseAudit('resume', auditId, '--json', '--out', join(work, `out-${label}`));
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: expect.stringContaining(`Audit ${auditId} resumed`) });
    const summary = JSON.parse(r.stdout);
    const session = await rt.emulators.store.get(auditId);
    return { summary, session, conclusion: await conclusionOf(rt.emulators.store, summary, session) };
  }

  beforeAll(async () => {
    rt = await startLocalRuntime({ dataFolder: home, persist: true });
    const clean = await auditExample(rt, EXAMPLE.spousal);
    expect(clean.summary.status).toBe('SUCCEEDED');
    baseline = await conclusionOf(rt.emulators.store, clean.summary, clean.session);
  });
  afterEach(() => {
    fault?.restore();
    fault = undefined;
  });
  afterAll(async () => {
    await rt.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('never marks the audit finished when DynamoDB and S3 stop in a middle stage; after the restart it is INTERRUPTED and resume completes it', async () => {
    const first = rt;
    let stopped = false;
    fault = replaceAgent('Strategist', {
      ...strategistAgent,
      async run(ctx) {
        if (!stopped) {
          stopped = true;
          await first.emulators.stop(); // both servers go away while the stage runs
        }
        return strategistAgent.run(ctx);
      },
    });
    const started = await startExample(first, EXAMPLE.spousal);
    const outcome = await first.wait(started.auditId);
    expect(stopped).toBe(true);
    expect(outcome.status).toBe('FAILED');
    await first.stop();
    fault.restore();

    // Restarted on the same folder: what was written before the stop is all there, and nothing claims the audit finished.
    rt = await startLocalRuntime({ dataFolder: home, persist: true });
    const after = await rt.emulators.store.get(started.auditId);
    expect(after).toMatchObject({ status: 'RUNNING', currentStage: 'strategist', completedStages: ['intake', 'detective'] });
    expect(after.outputs.strategist).toBeUndefined();
    expect(after.completedAt).toBeUndefined();
    const status = await caseAudit('status', started.auditId, '--json');
    expect(JSON.parse(status.stdout)).toMatchObject({ auditId: started.auditId, status: 'INTERRUPTED' });

    const resumed = await resume(started.auditId, 'restarted');
    expect(resumed.summary.status).toBe('SUCCEEDED');
    expect(resumed.conclusion).toEqual(baseline);
    await expectEveryStageOutput(rt.emulators.store, resumed.session);
    // The stages that had finished before the stop were not run again.
    expect(resumed.session.stageTimings.intake).toEqual(after.stageTimings.intake);
    expect(resumed.session.stageTimings.detective).toEqual(after.stageTimings.detective);
    const events = await rt.emulators.store.listEvents(started.auditId);
    expect(startsByStage(events)).toEqual({ intake: 1, detective: 1, strategist: 2, gatekeeper: 1, verifier: 1, judge: 1, reporter: 1 });
    expect(events.find((e) => e.type === 'stage-retried')).toMatchObject({ stage: 'strategist', detail: { reason: 'rerun' } });
  });

  it('stops at once on a deterministic error in a middle stage (GateFailed), records it, and is redriven from that stage to the same result', async () => {
    let runs = 0;
    const strategist = replaceAgent('Strategist', {
      ...strategistAgent,
      async run(ctx) {
        runs += 1;
        // A rubric score its own factors do not give, on every run: the gate fails it twice.
        const real = await strategistAgent.run(ctx);
        const wrong = real.output.rubricScore === 0 ? 1 : real.output.rubricScore - 1;
        return { ...real, output: { ...real.output, rubricScore: wrong, defensibilityScore: wrong } };
      },
    });
    fault = strategist;
    const started = await startExample(rt, EXAMPLE.spousal);
    const { outcome, session: failed } = await finish(rt, started.auditId);

    expect(outcome.status).toBe('FAILED');
    expect(strategist.calls()).toBe(1); // GateFailed is not retried by the state machine
    expect(runs).toBe(2); // the gate's own retry with feedback
    expect(failed).toMatchObject({ status: 'FAILED', completedStages: ['intake', 'detective'], failure: { stage: 'strategist', error: 'GateFailed' } });
    expect(failed.stageStatus.strategist).toMatch(/^failed:GateFailed:strategist\.rubric-score-mismatch: /);
    expect(JSON.parse((await caseAudit('status', started.auditId, '--json')).stdout)).toMatchObject({ status: 'FAILED', error: { stage: 'strategist', error: 'GateFailed' } });

    // The cause is fixed (the real strategist is back): resume redrives the audit from the failed stage.
    strategist.restore();
    const redriven = await resume(started.auditId, 'redriven');
    expect(redriven.summary.status).toBe('SUCCEEDED');
    expect(redriven.conclusion).toEqual(baseline);
    await expectEveryStageOutput(rt.emulators.store, redriven.session);
    expect(redriven.session.stageTimings.intake).toEqual(failed.stageTimings.intake);
    expect(redriven.session.stageTimings.detective).toEqual(failed.stageTimings.detective);
    expect(redriven.session.outputs.intake).toEqual(failed.outputs.intake);
    expect(redriven.session.outputs.detective).toEqual(failed.outputs.detective);
    const events = await rt.emulators.store.listEvents(started.auditId);
    const afterResume = events.slice(events.findIndex((e) => e.type === 'audit-resumed'));
    expect(afterResume.filter((e) => e.type === 'stage-started').map((e) => e.stage)).toEqual(['strategist', 'gatekeeper', 'verifier', 'judge', 'reporter']);
    expect(events.filter((e) => e.type === 'stage-retried' && e.stage === 'strategist').map((e) => e.detail.reason)).toEqual(['gate', 'rerun']);
  });
});
