import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAi, type FakeModelServer } from '../../integration/model/fakeModelServers';
import { wellBehaved } from '../../integration/model/modelAuditFixtures';
import { auditIdFrom, CLI, ROOT, startCli, workFolder, writeCase, type CliResult } from '../support/cliHarness';
import { startHoldingProxy, type HoldingProxy } from '../support/holdingProxy';

jest.setTimeout(240_000);

/**
 * The data folder's host killed (SIGKILL: it cleans nothing up) while `case-audit run` waits on an
 * audit (issue 28 item 12): the command says the audit was interrupted because the host stopped,
 * prints the `resume` command, and exits 130 as Ctrl-C does; `resume` then finishes the audit. Both
 * ways a run goes: the command that starts the host runs its audit itself (the emulators are the
 * host's), and a command that finds the host up hands its audit to the host.
 */

const EXAMPLE = join(ROOT, 'examples/spousal-sponsorship-risk-audit');
/** The host lingers for every command of a test, whatever the machine's load (and the run's settings match it). */
const LINGER = { CASE_AUDIT_HOST_IDLE_MS: '60000' };

const hostPid = (home: string): number => (JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { pid: number }).pid;

function stopHost(home: string): void {
  try {
    process.kill(hostPid(home), 'SIGTERM');
  } catch {
    // no host left
  }
}

describe("case-audit run when the data folder's host dies under it", () => {
  let fake: FakeModelServer;
  let proxy: HoldingProxy;
  let model: string;
  const homes: string[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi(wellBehaved);
    proxy = await startHoldingProxy(fake);
    model = `openai:${proxy.url}#gpt-4o-mini`;
  });
  afterAll(async () => {
    for (const home of homes) stopHost(home);
    await proxy.close();
    await fake.close();
  });

  // The CLI calls the model endpoint this process serves: never block this process while it runs.
  const caseAudit = (home: string, work: string, ...args: string[]): Promise<CliResult> => startCli(process.execPath, [CLI, ...args], { home, cwd: work, env: LINGER }).done;

  /**
   * Starts `case-audit run` on the example with the held model, waits until it is inside the strategist
   * (its model call held), kills the host, and returns the audit id, the killed host's pid and how the
   * command ended.
   */
  async function runAndKillHost(home: string, work: string, label: string): Promise<{ auditId: string; pid: number; ended: CliResult }> {
    const inStrategist = proxy.holdNext('record_score_review');
    const run = startCli(process.execPath, [CLI, 'run', EXAMPLE, '--review', 'off', '--model', model, '--json', '--out', join(work, `out-${label}`)], { home, cwd: work, env: LINGER });
    const auditId = auditIdFrom(await run.stderrLine(/^Audit aud-\w+ started/));
    await inStrategist;
    const pid = hostPid(home);
    process.kill(pid, 'SIGKILL');
    return { auditId, pid, ended: await run.done };
  }

  function expectInterrupted({ auditId, pid, ended }: { auditId: string; pid: number; ended: CliResult }): void {
    expect(ended.code).toBe(130);
    expect(ended.stderr).toContain(`case-audit: the data folder's host (process ${pid}) stopped; audit ${auditId} is interrupted — resume it with: case-audit resume ${auditId}\n`);
    expect(ended.stderr).not.toMatch(/ECONNREFUSED|ECONNRESET/);
    expect(JSON.parse(ended.stdout)).toEqual({
      auditId,
      status: 'INTERRUPTED',
      interruptedBy: 'host-stopped',
      message: `the data folder's host (process ${pid}) stopped; the audit is interrupted`,
      resume: `case-audit resume ${auditId}`,
    });
  }

  async function expectResumable(home: string, work: string, auditId: string): Promise<void> {
    const status = await caseAudit(home, work, 'status', auditId, '--json');
    expect(JSON.parse(status.stdout)).toMatchObject({ auditId, status: 'INTERRUPTED' });
    const resumed = await caseAudit(home, work, 'resume', auditId, '--json', '--out', join(work, 'out-resumed'));
    expect({ code: resumed.code, stderr: resumed.stderr }).toEqual({ code: 0, stderr: expect.stringContaining(`Audit ${auditId} resumed`) });
    expect(JSON.parse(resumed.stdout)).toMatchObject({ auditId, status: 'SUCCEEDED' });
  }

  it('stops a run whose own process runs the audit with "interrupted", the resume command and exit 130; resume finishes it', async () => {
    const work = workFolder('host-death-own');
    const home = join(work, '.case-audit');
    homes.push(home);
    // The first command on a fresh folder starts the host and runs its audit itself, on the host's emulators.
    const killed = await runAndKillHost(home, work, 'own');
    expect(readFileSync(join(home, 'host.log'), 'utf8')).not.toContain(killed.auditId);
    expectInterrupted(killed);
    await expectResumable(home, work, killed.auditId);
  });

  it('stops a run handed over to the host with "interrupted", the resume command and exit 130; resume finishes it', async () => {
    const work = workFolder('host-death-hosted');
    const home = join(work, '.case-audit');
    homes.push(home);
    // A host already up, lingering, its code loaded by a first small audit: the run is handed over to it.
    const warmUp = await caseAudit(home, work, 'run', writeCase(join(work, 'warm-up'), { 'letter.txt': 'LETTER OF ACCEPTANCE\n' }), '--workflow', 'document-list', '--out', join(work, 'out-warm-up'));
    expect(warmUp.code).toBe(0);
    const killed = await runAndKillHost(home, work, 'hosted');
    expect(readFileSync(join(home, 'host.log'), 'utf8')).toContain(`"message":"running an audit for an attached command","auditId":"${killed.auditId}"`);
    expectInterrupted(killed);
    await expectResumable(home, work, killed.auditId);
  });
});
