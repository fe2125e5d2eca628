import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { longPdf } from '../fixtures/documents/pdfFixtures';
import { auditIdFrom, cli, CLI, ROOT, startCli, workFolder, writeCase } from './support/cliHarness';
import { startFakeOpenAi } from '../integration/model/fakeModelServers';
import { wellBehaved } from '../integration/model/modelAuditFixtures';

jest.setTimeout(120_000);

const work = workFolder('hosted-runs');
const home = join(work, '.case-audit');
const SPOUSAL = join(ROOT, 'examples/spousal-sponsorship-risk-audit');
const hostLog = () => readFileSync(join(home, 'host.log'), 'utf8');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The host lingers long enough for every command of a test, whatever the machine's load. */
const LINGER = { CASE_AUDIT_HOST_IDLE_MS: '60000' };

afterAll(() => {
  try {
    process.kill((JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { pid: number }).pid, 'SIGTERM');
  } catch {
    // no host left
  }
});

/** What an audit concluded, without what differs from run to run (ids, times, paths). */
function conclusions(stdout: string) {
  const r = JSON.parse(stdout);
  return {
    status: r.status,
    applicationType: r.applicationType,
    defensibilityScore: r.defensibilityScore,
    decision: r.decision,
    verification: r.verification,
    refusalTriggers: r.refusalTriggers,
    injectionAttempts: r.injectionAttempts,
    documents: r.documents,
    stageStatus: r.stageStatus,
  };
}

/**
 * Makes sure the data folder's host is up, lingering, and runs this file's LINGER commands: one small
 * audit with those settings starts it (the command that starts the host runs its own audit) or, when
 * it is already up, is hosted by it.
 */
function hostUp(): void {
  const warm = cli(['run', writeCase(join(work, 'warm-up'), { 'letter.txt': 'LETTER OF ACCEPTANCE\n' }), '--workflow', 'document-list', '--json', '--out', join(work, 'out-warm-up')], { home, env: LINGER });
  expect({ code: warm.code, stderr: warm.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
}

describe('audits run by the data folder\'s host for the commands attached to it', () => {
  it('runs the audit in the host when it has the command\'s build, with the same result as the command\'s own process', () => {
    // The command that starts the host runs its audit itself, while the host loads its code.
    const first = cli(['run', join(ROOT, 'examples/study-permit-document-list'), '--json', '--out', join(work, 'out-first')], { home, env: LINGER });
    expect(first.code).toBe(0);
    expect(hostLog()).not.toContain(JSON.parse(first.stdout).auditId);

    const hosted = cli(['run', SPOUSAL, '--review', 'off', '--json', '--out', join(work, 'out-hosted')], { home, env: LINGER });
    expect(hosted.code).toBe(0);
    const hostedId = JSON.parse(hosted.stdout).auditId as string;
    expect(hosted.stderr).toContain(`Audit ${hostedId} started`);
    expect(hostLog()).toContain(`"auditId":"${hostedId}"`);

    // Logs asked for on the command's terminal: the command runs the audit itself.
    const own = cli(['run', SPOUSAL, '--review', 'off', '--json', '--out', join(work, 'out-own')], { home, env: { ...LINGER, CASE_AUDIT_LOG_LEVEL: 'ERROR' } });
    expect(own.code).toBe(0);
    const ownId = JSON.parse(own.stdout).auditId as string;
    expect(hostLog()).not.toContain(ownId);

    expect(conclusions(hosted.stdout)).toEqual(conclusions(own.stdout));
    expect(conclusions(hosted.stdout)).toMatchObject({ status: 'SUCCEEDED', decision: 'HIGH-RISK' });
    for (const out of ['out-hosted', 'out-own']) expect(readFileSync(join(work, out, 'report.md'), 'utf8')).toContain('Decision');
  });

  it('runs an audit with a model in the host, with the model settings the command sent with the job', async () => {
    hostUp();
    const server = await startFakeOpenAi(wellBehaved);
    try {
      const run = startCli(process.execPath, [CLI, 'run', SPOUSAL, '--review', 'off', '--model', `openai:${server.url}#gpt-4o-mini`, '--json', '--out', join(work, 'out-model')], {
        home,
        env: { ...LINGER, CASE_AUDIT_OPENAI_API_KEY: 'sk-from-the-command' },
      });
      const { code, stdout } = await run.done;
      expect(code).toBe(0);
      const result = JSON.parse(stdout);
      expect(hostLog()).toContain(`"auditId":"${result.auditId}"`);
      expect(result.usage.modelCalls).toBeGreaterThan(0);
      // The host's own environment has no key: every call carried the command's.
      expect(server.requests.length).toBeGreaterThan(0);
      expect(server.requests.every((r) => r.authorization === 'Bearer sk-from-the-command' && r.modelId === 'gpt-4o-mini')).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('keeps usage errors the command\'s own: a missing folder and a bad --out exit 2 with one line', () => {
    const missing = cli(['run', join(work, 'no-such-case')], { home });
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toEqual([`case-audit: case folder '${join(work, 'no-such-case')}' does not exist or is not a folder`]);
    writeFileSync(join(work, 'a-file'), '');
    const badOut = cli(['run', 'examples/study-permit-document-list', '--out', join(work, 'a-file')], { home, cwd: ROOT });
    expect(badOut.code).toBe(2);
    expect(badOut.stderr).toContain(`--out '${join(work, 'a-file')}' is a file, not a folder`);
  });

  it('resolves relative paths from the folder the command was typed in', () => {
    const r = cli(['run', 'examples/study-permit-document-list', '--json', '--out', 'relative-out'], { home, cwd: ROOT === work ? work : ROOT });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).reports.markdown).toBe(join(ROOT, 'relative-out', 'report.md'));
    require('node:fs').rmSync(join(ROOT, 'relative-out'), { recursive: true, force: true });
  });

  it('stops a killed command\'s audit in the host: the stage it was in records nothing, and resume finishes it', async () => {
    hostUp();
    const statement = await longPdf(300);
    const slow = writeCase(join(work, 'slow-case'), { 'letter-of-acceptance.txt': 'LETTER OF ACCEPTANCE\n' });
    for (let i = 1; i <= 6; i++) writeFileSync(join(slow, `bank-statement-${i}.pdf`), statement);

    const run = startCli(process.execPath, [CLI, 'run', slow, '--workflow', 'document-list', '--json'], { home, env: LINGER });
    const auditId = auditIdFrom(await run.stderrLine(/^Audit aud-\w+ started/));
    expect(hostLog()).toContain(`"auditId":"${auditId}"`);
    run.child.kill('SIGKILL');
    await run.done;

    const status = () => JSON.parse(cli(['status', auditId, '--json'], { home }).stdout) as { status: string; stageStatus: Record<string, string> };
    expect(status().status).toBe('INTERRUPTED');
    await sleep(4_000); // long enough for the interrupted intake to have finished, had it gone on
    expect(status()).toMatchObject({ status: 'INTERRUPTED', stageStatus: {} });

    const resumed = cli(['resume', auditId, '--json', '--out', join(work, 'out-resumed')], { home });
    expect({ code: resumed.code, stderr: resumed.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    expect(JSON.parse(resumed.stdout)).toMatchObject({ auditId, status: 'SUCCEEDED', stageStatus: { intake: expect.stringMatching(/^ok/), gatekeeper: expect.stringMatching(/^ok/), reporter: 'ok' } });
  });
});
