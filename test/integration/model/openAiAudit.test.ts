import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { disposeModelRuntime } from '../../../lambdas/core/model/modelRuntime';
import { costOf } from '../../../lambdas/core/model/accounting/priceTable';
import { startFakeOpenAi, type FakeModelServer } from './fakeModelServers';
import { auditExample, INJECTED_ORDER, SPOUSAL_EXAMPLE, wellBehaved } from './modelAuditFixtures';

jest.setTimeout(180_000);

const ROOT = resolve(__dirname, '../../..');

/** Runs the CLI without blocking this process (the fake endpoint answers from here). */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/case-audit.js'), ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('the model layer against an OpenAI-compatible endpoint', () => {
  let rt: LocalRuntime;
  let server: FakeModelServer;
  const previousKey = process.env.CASE_AUDIT_OPENAI_API_KEY;

  beforeAll(async () => {
    server = await startFakeOpenAi(wellBehaved);
    process.env.CASE_AUDIT_OPENAI_API_KEY = 'sk-test-local';
    rt = await startLocalRuntime({ persist: false });
  });
  afterAll(async () => {
    await rt.stop();
    disposeModelRuntime();
    await server.close();
    if (previousKey === undefined) delete process.env.CASE_AUDIT_OPENAI_API_KEY;
    else process.env.CASE_AUDIT_OPENAI_API_KEY = previousKey;
  });
  beforeEach(() => {
    server.requests.length = 0;
    server.billed = { answers: 0, inputTokens: 0, outputTokens: 0 };
    server.respond = wellBehaved;
  });

  it('runs a whole audit through chat completions, with tokens and cost from the price table in the bundle', async () => {
    const run = await auditExample(rt, { model: `openai:${server.url}#gpt-4o-mini` });

    expect(run.summary.status).toBe('SUCCEEDED');
    expect(server.requests.map((r) => r.toolName)).toEqual(['record_profile_facts', 'record_case_facts', 'record_score_review', 'record_proposition_checks', 'record_rationale', 'record_overview']);
    expect(server.requests.every((r) => r.path === '/v1/chat/completions' && r.modelId === 'gpt-4o-mini' && r.authorization === 'Bearer sk-test-local')).toBe(true);
    expect(server.requests.some((r) => r.rawBody.includes(INJECTED_ORDER))).toBe(false);
    expect(run.session.usage).toMatchObject({ modelCalls: server.billed.answers, inputTokens: server.billed.inputTokens, outputTokens: server.billed.outputTokens });
    expect(run.bundle.usage.estimatedCostUsd).toBeCloseTo(costOf('gpt-4o-mini', server.billed).costUsd, 5);
    expect(run.bundle.modelUsage.calls[1]).toMatchObject({ provider: 'openai', modelId: 'gpt-4o-mini', priced: true });
    expect(run.bundle.analysisMode).toBe(`rules and language model (gpt-4o-mini at ${new URL(server.url).host}, OpenAI-compatible)`);
    expect(run.bundle.outputs.strategist.modelAdjustment.points).toBe(3);
  });

  it('repairs broken function arguments instead of calling again', async () => {
    server.respond = (request) =>
      request.toolName === 'record_score_review'
        ? { rawArguments: "```json\n{points: 2, 'reason': 'The dates of the visits agree across documents.', \"credibilityNotes\": [],}\n```" }
        : wellBehaved(request);
    const run = await auditExample(rt, { model: `openai:${server.url}#llama3.1` });
    expect(run.bundle.outputs.strategist.modelAdjustment.points).toBe(2);
    const call = run.bundle.modelUsage.calls.find((c: { agent: string }) => c.agent === 'strategist');
    expect(call).toMatchObject({ outcome: 'repaired', answers: 1, priced: false, costUsd: 0, repairs: expect.arrayContaining(['code-fence', 'unquoted-keys', 'single-quotes', 'trailing-comma']) });
    expect(server.requests.filter((r) => r.toolName === 'record_score_review')).toHaveLength(1);
  });

  it('is what `case-audit run --model openai:<baseUrl>#<model> --json` uses, with the usage totals in its JSON', async () => {
    const home = mkdtempSync(join(tmpdir(), 'case-audit-model-cli-'));
    const env = { CASE_AUDIT_HOME: join(home, '.case-audit'), CASE_AUDIT_HOST_IDLE_MS: '1000' };
    const r = await cli(['run', SPOUSAL_EXAMPLE, '--review', 'off', '--model', `openai:${server.url}#gpt-4o-mini`, '--json', '--out', join(home, 'out')], env);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.usage).toEqual({ modelCalls: server.billed.answers, inputTokens: server.billed.inputTokens, outputTokens: server.billed.outputTokens, estimatedCostUsd: expect.any(Number) });
    expect(result.usage.modelCalls).toBe(6);
    expect(result.usage.estimatedCostUsd).toBeGreaterThan(0);
    expect(result.stageStatus.strategist).toMatch(/; model: adjusted \+3$/);

    const bad = await cli(['run', SPOUSAL_EXAMPLE, '--review', 'off', '--model', 'openai:localhost:11434', '--json'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/invalid --model: an OpenAI-compatible model is written openai:<baseUrl>#<model>/);
  });
});
