import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { registerLocalHandler, type LambdaHandler } from '../../../local/handlerRegistry';
import { startAudit } from '../../../lambdas/core/audit/startAudit';
import { createStageHandler } from '../../../lambdas/core/stage/createStageHandler';
import type { Agent, AgentContext } from '../../../lambdas/core/stage/stageContract';
import { documentsPrefix, reportPrefix } from '../../../lambdas/core/storage/objectKeys';
import { gatekeeperAgent } from '../../../lambdas/agents/gatekeeper/gatekeeperAgent';
import type { GatekeeperOutput } from '../../../lambdas/contracts/gatekeeperOutput';
import { reporterAgent } from '../../../lambdas/agents/reporter/reporterAgent';
import { GATE_RESULT_EVENT } from '../../../lambdas/core/gates/gateLog';
import type { GateIssue, GateResult } from '../../../lambdas/core/gates/gateSchema';

const EXAMPLE = join(__dirname, '../../../examples/study-permit-document-list');

/** A refusal trigger whose provision is written as prose, not as a canonical id: an error for the gatekeeper's gate. */
const NON_CANONICAL_TRIGGER = { provision: 'section 40 of the Act', severity: 'high', summary: 'Possible misrepresentation.', evidence: [], source: 'test:crafted' };
/** A canonical id the bundled statute index does not hold: only a warning. */
const UNKNOWN_PROVISION_TRIGGER = { ...NON_CANONICAL_TRIGGER, provision: 'IRPA 999(1)' };

interface Call {
  feedback?: GateIssue[];
}

/**
 * The real gatekeeper, with `trigger` added to its output on the calls `bad(n)` selects (1-based).
 * Records what each call received as feedback.
 */
function gatekeeperProducing(trigger: object, bad: (call: number) => boolean, calls: Call[]): LambdaHandler {
  // A deliberately malformed trigger: the output no longer matches GatekeeperOutput, which is the point.
  const agent: Agent<Omit<GatekeeperOutput, 'refusalTriggers'> & { refusalTriggers: object[] }> = {
    name: 'gatekeeper',
    gate: gatekeeperAgent.gate,
    async run(ctx: AgentContext) {
      calls.push({ feedback: ctx.feedback });
      const real = await gatekeeperAgent.run(ctx);
      return bad(calls.length) ? { ...real, output: { ...real.output, refusalTriggers: [trigger] } } : real;
    },
    fallback: gatekeeperAgent.fallback,
  };
  return createStageHandler(agent as Agent) as LambdaHandler;
}

describe('verification gates through the local runtime (document-list: intake → gatekeeper → reporter)', () => {
  let rt: LocalRuntime;
  let unregister: (() => void) | undefined;

  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
  });
  afterEach(() => {
    unregister?.();
    unregister = undefined;
  });
  afterAll(async () => {
    await rt.stop();
  });

  async function audit(caseId: string, gateMode: 'live' | 'demo', workflowType: 'document-list' | 'client-guidance' = 'document-list') {
    for (const name of readdirSync(EXAMPLE)) {
      if (name === 'audit.json' || name === 'README.md') continue;
      await rt.emulators.blobs.put(`${documentsPrefix('local', caseId)}${name}`, readFileSync(join(EXAMPLE, name)));
    }
    const started = await startAudit({ store: rt.emulators.store, blobs: rt.emulators.blobs, starter: rt }, { caseId, workflowType, tier: 'pro', model: 'none', gateMode, owner: 'local' });
    const outcome = await rt.wait(started.auditId);
    const session = await rt.emulators.store.get(started.auditId);
    const events = await rt.emulators.store.listEvents(started.auditId);
    const gates = events.filter((e) => e.type === GATE_RESULT_EVENT).map((e) => e.detail as unknown as GateResult);
    return { outcome, session, events, gates };
  }

  const bundleOf = (caseId: string, auditId: string) => rt.emulators.blobs.getJson<{ gates: GateResult[]; transparencyLog: Array<{ type: string }> }>(`${reportPrefix('local', caseId, auditId)}bundle.json`);
  const summary = (gates: GateResult[]) => gates.map((g) => `${g.stage}#${g.attempt}:${g.status}`);

  it('passes every gate of an untouched audit and puts all of them, the reporter’s included, in bundle.json', async () => {
    const { outcome, session, gates } = await audit('gates-clean', 'live');
    expect(outcome.status).toBe('SUCCEEDED');
    expect(summary(gates)).toEqual(['intake#1:PASS', 'gatekeeper#1:PASS', 'reporter#1:PASS']);
    for (const g of gates) expect(g.elapsedMs).toBeGreaterThanOrEqual(0);
    const bundle = await bundleOf('gates-clean', session.auditId);
    expect(summary(bundle.gates)).toEqual(['intake#1:PASS', 'gatekeeper#1:PASS', 'reporter#1:PASS']);
    expect(session.retries).toEqual({});
  });

  it('passes the gates of an untouched client-guidance audit (intake → reporter)', async () => {
    const { outcome, session, gates } = await audit('gates-guidance', 'live', 'client-guidance');
    expect(outcome.status).toBe('SUCCEEDED');
    expect(summary(gates)).toEqual(['intake#1:PASS', 'reporter#1:PASS']);
    expect(session.stageStatus.reporter).toBe('ok');
  });

  it('live: re-runs a stage whose output fails its gate exactly once, with the issues as feedback, then goes on', async () => {
    const calls: Call[] = [];
    unregister = registerLocalHandler('Gatekeeper', gatekeeperProducing(NON_CANONICAL_TRIGGER, (n) => n === 1, calls));
    const { outcome, session, events, gates } = await audit('gates-retry', 'live');

    expect(outcome.status).toBe('SUCCEEDED');
    expect(calls).toHaveLength(2);
    expect(calls[0].feedback).toBeUndefined();
    expect(calls[1].feedback).toEqual([expect.objectContaining({ code: 'gatekeeper.provision-not-canonical', severity: 'error', suggestedFix: expect.any(String) })]);
    expect(summary(gates)).toEqual(['intake#1:PASS', 'gatekeeper#1:FAIL', 'gatekeeper#2:PASS', 'reporter#1:PASS']);
    expect(events.filter((e) => e.type === 'stage-retried')).toEqual([expect.objectContaining({ stage: 'gatekeeper', detail: { reason: 'gate', attempt: 2, issues: ['gatekeeper.provision-not-canonical'] } })]);
    expect(session.retries).toEqual({ gatekeeper: 1 });
    expect(session.stageStatus.gatekeeper).toMatch(/gate PASS after 1 retry$/);
    expect(session.completedStages).toEqual(['intake', 'gatekeeper', 'reporter']);

    const bundle = await bundleOf('gates-retry', session.auditId);
    expect(summary(bundle.gates)).toEqual(['intake#1:PASS', 'gatekeeper#1:FAIL', 'gatekeeper#2:PASS', 'reporter#1:PASS']);
  });

  it('live: stops the audit with GateFailed when the retried output fails its gate again', async () => {
    const calls: Call[] = [];
    unregister = registerLocalHandler('Gatekeeper', gatekeeperProducing(NON_CANONICAL_TRIGGER, () => true, calls));
    const { outcome, session, events, gates } = await audit('gates-stop', 'live');

    expect(outcome.status).toBe('FAILED');
    expect(calls).toHaveLength(2);
    expect(session.status).toBe('FAILED');
    expect(session.failure).toMatchObject({ stage: 'gatekeeper', error: 'GateFailed' });
    expect(session.stageStatus.gatekeeper).toMatch(/^failed:GateFailed:gatekeeper\.provision-not-canonical: the provision at refusalTriggers\[0\]\.provision is not a canonical provision id/);
    expect(session.completedStages).toEqual(['intake']);
    expect(summary(gates)).toEqual(['intake#1:PASS', 'gatekeeper#1:FAIL', 'gatekeeper#2:FAIL']);
    const failedEvent = events.find((e) => e.type === 'stage-failed');
    expect(failedEvent).toMatchObject({ stage: 'gatekeeper', detail: { error: 'GateFailed' } });
    // The log tells the whole story in order: both gate results, then the stop.
    const order = events.map((e) => e.type).filter((t) => [GATE_RESULT_EVENT, 'stage-retried', 'stage-failed', 'audit-failed'].includes(t));
    expect(order).toEqual([GATE_RESULT_EVENT, GATE_RESULT_EVENT, 'stage-retried', GATE_RESULT_EVENT, 'stage-failed', 'audit-failed']);
    expect(await rt.emulators.blobs.exists(`${reportPrefix('local', 'gates-stop', session.auditId)}report.md`)).toBe(false);
  });

  it('demo: records a failed gate, never retries, and finishes the audit with the failure noted', async () => {
    const calls: Call[] = [];
    unregister = registerLocalHandler('Gatekeeper', gatekeeperProducing(NON_CANONICAL_TRIGGER, () => true, calls));
    const { outcome, session, gates } = await audit('gates-demo', 'demo');

    expect(outcome.status).toBe('SUCCEEDED');
    expect(session.status).toBe('SUCCEEDED');
    expect(calls).toHaveLength(1);
    expect(session.stageStatus.gatekeeper).toMatch(/^ok:.*gate FAIL \(1 issue\)$/);
    expect(session.completedStages).toEqual(['intake', 'gatekeeper', 'reporter']);
    expect(summary(gates)).toEqual(['intake#1:PASS', 'gatekeeper#1:FAIL', 'reporter#1:PASS']);

    const bundle = await bundleOf('gates-demo', session.auditId);
    const gatekeeper = bundle.gates.find((g) => g.stage === 'gatekeeper')!;
    expect(gatekeeper).toMatchObject({ status: 'FAIL', attempt: 1, issues: [expect.objectContaining({ code: 'gatekeeper.provision-not-canonical' })] });
    expect(bundle.transparencyLog.filter((e) => e.type === GATE_RESULT_EVENT)).toHaveLength(2);
    expect(summary(bundle.gates)).toEqual(['intake#1:PASS', 'gatekeeper#1:FAIL', 'reporter#1:PASS']);
  });

  it('live: a WARN is recorded and noted but never retried', async () => {
    const calls: Call[] = [];
    unregister = registerLocalHandler('Gatekeeper', gatekeeperProducing(UNKNOWN_PROVISION_TRIGGER, () => true, calls));
    const { outcome, session, gates } = await audit('gates-warn', 'live');

    expect(outcome.status).toBe('SUCCEEDED');
    expect(calls).toHaveLength(1);
    expect(summary(gates)).toEqual(['intake#1:PASS', 'gatekeeper#1:WARN', 'reporter#1:PASS']);
    expect(session.stageStatus.gatekeeper).toMatch(/gate WARN \(1 issue\)$/);
    expect(session.retries).toEqual({});
  });

  it('live: re-runs the critical reporter once when its report does not open with the disclaimer', async () => {
    let calls = 0;
    unregister = registerLocalHandler(
      'Reporter',
      createStageHandler({
        name: 'reporter',
        gate: reporterAgent.gate,
        async run(ctx) {
          calls += 1;
          const result = await reporterAgent.run(ctx);
          if (calls === 1) {
            const report = await ctx.blobs.getText(result.output.reports.markdown);
            await ctx.blobs.put(result.output.reports.markdown, report.replace(/^> \*\*Disclaimer\.\*\*[^\n]*\n\n/, ''), 'text/markdown');
          }
          return result;
        },
      }) as LambdaHandler,
    );
    const { outcome, session, gates } = await audit('gates-reporter', 'live');

    expect(outcome.status).toBe('SUCCEEDED');
    expect(calls).toBe(2);
    expect(summary(gates)).toEqual(['intake#1:PASS', 'gatekeeper#1:PASS', 'reporter#1:FAIL', 'reporter#2:PASS']);
    expect(gates[2].issues.map((i) => i.code)).toEqual(['reporter.disclaimer-missing']);
    const bundle = await bundleOf('gates-reporter', session.auditId);
    expect(summary(bundle.gates)).toEqual(['intake#1:PASS', 'gatekeeper#1:PASS', 'reporter#1:FAIL', 'reporter#2:PASS']);
  });
});
