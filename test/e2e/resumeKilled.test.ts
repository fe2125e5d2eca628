import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAi, type FakeModelServer } from '../integration/model/fakeModelServers';
import { wellBehaved } from '../integration/model/modelAuditFixtures';
import { auditIdFrom, CLI, ROOT, startCli, workFolder, type CliResult } from './support/cliHarness';
import { startHoldingProxy, type HoldingProxy } from './support/holdingProxy';

jest.setTimeout(240_000);

const EXAMPLE = join(ROOT, 'examples/spousal-sponsorship-risk-audit');
const work = workFolder('resume-killed');
const home = join(work, '.case-audit');

interface Bundle {
  outputs: { verifier?: { checked: Array<{ citation: string; foundIn: string; verdict: string; issue?: string }> } };
  stageTimings: Record<string, { startedAt: string; endedAt?: string }>;
  transparencyLog: Array<{ at: string; type: string; stage?: string; detail?: Record<string, unknown> }>;
}

/** What the audit concluded: what must not depend on whether its process was killed and resumed. */
function conclusion(result: Record<string, any>, bundle: Bundle) {
  return {
    status: result.status,
    applicationType: result.applicationType,
    defensibilityScore: result.defensibilityScore,
    decision: result.decision,
    verdict: result.verdict,
    verification: result.verification,
    citations: (bundle.outputs.verifier?.checked ?? []).map((c) => ({ citation: c.citation, foundIn: c.foundIn, verdict: c.verdict, issue: c.issue })),
    refusalTriggers: result.refusalTriggers,
    injectionAttempts: result.injectionAttempts,
    documents: result.documents,
    stageStatus: result.stageStatus,
  };
}

describe('an audit whose process is killed mid-audit', () => {
  let fake: FakeModelServer;
  let proxy: HoldingProxy;
  let model: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi(wellBehaved);
    proxy = await startHoldingProxy(fake);
    model = `openai:${proxy.url}#gpt-4o-mini`;
  });
  afterAll(async () => {
    await proxy.close();
    await fake.close();
  });

  // The CLI calls the model endpoint this process serves: never block this process while it runs.
  const caseAudit = (...args: string[]): Promise<CliResult> => startCli(process.execPath, [CLI, ...args], { home, cwd: work }).done;
  const bundleOf = (result: { reports: { bundle: string } }): Bundle => JSON.parse(readFileSync(result.reports.bundle, 'utf8')) as Bundle;

  it('resumes from the session state, without re-running finished stages, to the result of an uninterrupted run', async () => {
    const uninterrupted = await caseAudit('run', EXAMPLE, '--review', 'off', '--model', model, '--json', '--out', join(work, 'out-uninterrupted'));
    expect(uninterrupted.code).toBe(0);
    const expected = JSON.parse(uninterrupted.stdout);
    expect(expected).toMatchObject({ status: 'SUCCEEDED', workflowType: 'risk-audit' });

    // Killed (SIGKILL: no handler runs, nothing is cleaned up) while the strategist waits for the model.
    const inStrategist = proxy.holdNext('record_score_review');
    const killed = startCli(process.execPath, [CLI, 'run', EXAMPLE, '--review', 'off', '--model', model, '--json', '--out', join(work, 'out-killed')], { home, cwd: work });
    const auditId = auditIdFrom(await killed.stderrLine(/^Audit aud-\w+ started/));
    await inStrategist;
    killed.child.kill('SIGKILL');
    const ended = await killed.done;
    expect(ended.code).toBeNull();
    expect(ended.stdout).toBe('');

    const stopped = JSON.parse((await caseAudit('status', auditId, '--json')).stdout);
    expect(stopped).toMatchObject({ auditId, status: 'INTERRUPTED', defensibilityScore: null });
    expect(Object.keys(stopped.stageStatus)).toEqual(['intake', 'detective']);

    const requestsBefore = proxy.tools.length;
    const resumed = await caseAudit('resume', auditId, '--json', '--out', join(work, 'out-resumed'));
    expect({ code: resumed.code, stderr: resumed.stderr }).toEqual({ code: 0, stderr: expect.stringContaining(`Audit ${auditId} resumed: 2 stage(s) already done`) });
    const result = JSON.parse(resumed.stdout);
    expect(result.auditId).toBe(auditId);
    expect(conclusion(result, bundleOf(result))).toEqual(conclusion(expected, bundleOf(expected)));

    // Intake and detective ran once, before the kill; the strategist again, from the stored session.
    const log = bundleOf(result).transparencyLog;
    const starts = log.filter((e) => e.type === 'stage-started').map((e) => e.stage);
    expect(starts).toEqual(['intake', 'detective', 'strategist', 'strategist', 'gatekeeper', 'verifier', 'judge', 'reporter']);
    const resumedAt = log.find((e) => e.type === 'audit-resumed')!.at;
    const timings = bundleOf(result).stageTimings;
    expect(Date.parse(timings.intake.endedAt!)).toBeLessThan(Date.parse(resumedAt));
    expect(Date.parse(timings.detective.endedAt!)).toBeLessThan(Date.parse(resumedAt));
    expect(log.find((e) => e.type === 'stage-retried')).toMatchObject({ stage: 'strategist', detail: { reason: 'rerun' } });
    // The model was asked again only for what the resumed stages needed: no new intake request.
    expect(proxy.tools.slice(requestsBefore)).toEqual(['record_score_review', 'record_proposition_checks', 'record_rationale', 'record_overview']);

    const after = JSON.parse((await caseAudit('status', auditId, '--json')).stdout);
    expect(after).toMatchObject({ auditId, status: 'SUCCEEDED' });
  });
});
