import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { longPdf } from '../../fixtures/documents/pdfFixtures';
import { auditIdFrom, cli, CLI, ROOT, startCli, workFolder, writeCase } from '../support/cliHarness';

jest.setTimeout(240_000);

/**
 * Issue 28 item 13: the host ran hosted audits on the thread that serves the emulators and the
 * control channel, so `status`, `list` and `report` in another terminal waited for the audit's CPU
 * bursts. Hosted audits now run on the host's audit worker thread; here, while one is in the middle
 * of its stages, other commands are answered (and see it running under its command's claim), and
 * the audit then finishes normally. The order of events is asserted, not how long anything took.
 */
const work = workFolder('hosted-off-main');
const home = join(work, '.case-audit');
const LINGER = { CASE_AUDIT_HOST_IDLE_MS: '60000' };
const hostLog = () => readFileSync(join(home, 'host.log'), 'utf8');

afterAll(() => {
  try {
    process.kill((JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { pid: number }).pid, 'SIGTERM');
  } catch {
    // no host left
  }
});

describe('commands while the host runs a CPU-heavy audit for another command', () => {
  it('answers status and list while a hosted audit is mid-stage, showing it running, and the audit then ends normally', async () => {
    // Starts the host (the command that starts it runs its own audit).
    const warm = cli(['run', writeCase(join(work, 'warm-up'), { 'letter.txt': 'LETTER OF ACCEPTANCE\n' }), '--workflow', 'document-list', '--json', '--out', join(work, 'out-warm')], { home, env: LINGER });
    expect(warm.code).toBe(0);

    // The heaviest example, with 300 pages of bank statements added: several stages of CPU work.
    const heavy = join(work, 'heavy');
    cpSync(join(ROOT, 'examples/spousal-sponsorship-risk-audit'), heavy, { recursive: true });
    writeFileSync(join(heavy, 'bank-statements-2019-2025.pdf'), await longPdf(300));
    const run = startCli(process.execPath, [CLI, 'run', heavy, '--review', 'off', '--json', '--out', join(work, 'out-heavy')], { home, env: LINGER });
    let runEnded = false;
    void run.done.then(() => (runEnded = true));
    const auditId = auditIdFrom(await run.stderrLine(/^Audit aud-\w+ started/));

    // Ask until an answer shows the audit inside a stage, and note that the audit had not ended then.
    const answeredMidStage: Array<{ code: number | null; status: string; runEndedBefore: boolean }> = [];
    while (!runEnded) {
      const status = cli(['status', auditId, '--json'], { home });
      const endedBefore = runEnded;
      if (status.code !== 0) throw new Error(`status failed: ${status.stderr}`);
      const parsed = JSON.parse(status.stdout) as { status: string; progress: string };
      if (parsed.status === 'RUNNING' && !endedBefore) {
        answeredMidStage.push({ code: status.code, status: parsed.status, runEndedBefore: endedBefore });
        const list = cli(['list', '--json'], { home });
        expect(list.code).toBe(0);
        const listed = (JSON.parse(list.stdout) as Array<{ auditId: string; status: string }>).find((a) => a.auditId === auditId);
        // Running under its command's claim (not INTERRUPTED): the claim made from the worker holds.
        if (!runEnded) expect(listed?.status).toBe('RUNNING');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answeredMidStage).toEqual([{ code: 0, status: 'RUNNING', runEndedBefore: false }]);

    const result = await run.done;
    expect([0, 3]).toContain(result.code);
    expect((JSON.parse(result.stdout) as { auditId: string }).auditId).toBe(auditId);
    // The host ran it, on its audit worker thread.
    expect(hostLog()).toMatch(new RegExp(`"running an audit for an attached command","auditId":"${auditId}".*"on":"audit worker thread"`));
  });
});
