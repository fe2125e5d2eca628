import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { timedRun } from './cliRun';

const ROOT = resolve(__dirname, '..');
const CLI = join(ROOT, 'bin/case-audit.js');
/** The heaviest bundled example: 20-odd documents through every stage of a risk audit, rules only. */
const HEAVY = 'examples/spousal-sponsorship-risk-audit';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long `case-audit status` takes while the data folder's host runs a CPU-heavy audit for
 * another command (issue 28 item 13), beside the same command on an idle host. Before the hosted
 * audits moved to a worker thread they ran on the thread serving the emulators and the control
 * channel, and `status` waited for the audit's CPU bursts.
 */
export async function benchHostedStatusLatency(rounds = 3): Promise<Record<string, number>> {
  const home = mkdtempSync(join(tmpdir(), 'case-audit-bench-status-'));
  const env = { ...process.env, CASE_AUDIT_HOME: join(home, '.case-audit'), CASE_AUDIT_HOST_IDLE_MS: '60000' };
  // Starts the host (this first audit runs in the command itself) and lets it load its code.
  const first = timedRun(process.execPath, [CLI, 'run', join(ROOT, HEAVY), '--json', '--out', join(home, 'out-first')], env, [0, 3]);
  // `status` of that finished audit: the same small answer each time, read through the host.
  const status = ['status', (JSON.parse(first.stdout) as { auditId: string }).auditId];
  await sleep(3000);
  const idle = Array.from({ length: 5 }, () => timedRun(process.execPath, [CLI, ...status], env, [0, 3]).ms);

  const during: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const hosted = spawn(process.execPath, [CLI, 'run', join(ROOT, HEAVY), '--json', '--out', join(home, `out-${round}`)], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let finished = false;
    let started = false;
    hosted.stderr.on('data', (d: Buffer) => (started ||= /Audit aud-\w+ started/.test(d.toString())));
    const closed = new Promise<void>((done) => hosted.on('close', () => ((finished = true), done())));
    while (!started && !finished) await sleep(20);
    while (!finished) {
      const r = timedRun(process.execPath, [CLI, ...status], env, [0, 3]);
      if (!finished) during.push(r.ms);
      await sleep(50); // lets the close event of the audit's command arrive
    }
    await closed;
  }
  try {
    process.kill((JSON.parse(readFileSync(join(home, '.case-audit', 'runtime.json'), 'utf8')) as { pid: number }).pid, 'SIGTERM');
  } catch {
    // the host already stopped
  }
  return {
    idleStatusMedianMs: Math.round(median(idle)),
    statusSamplesDuringAudit: during.length,
    statusDuringAuditMedianMs: Math.round(median(during)),
    statusDuringAuditMaxMs: Math.round(Math.max(...during)),
  };
}

if (require.main === module) {
  benchHostedStatusLatency().then((r) => console.log(JSON.stringify(r, null, 2)));
}
