import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const CLI = join(ROOT, 'bin/case-audit.js');

/** GNU time, when installed, reports a child's peak resident memory (`%M`, KiB) on its last stderr line. */
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Timed {
  ms: number;
  peakRssMb?: number;
  stdout: string;
}

/** Runs a command to completion: wall time, and peak RSS where GNU time is available. */
export function timedRun(command: string, args: string[], env: NodeJS.ProcessEnv, okCodes = [0]): Timed {
  const [file, argv] = GNU_TIME ? [GNU_TIME, ['-f', 'peak-rss-kib %M', command, ...args]] : [command, args];
  const started = process.hrtime.bigint();
  const r = spawnSync(file, argv, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (!okCodes.includes(r.status ?? -1)) throw new Error(`${command} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  const rss = /peak-rss-kib (\d+)\s*$/.exec(r.stderr);
  return { ms, stdout: r.stdout, ...(rss ? { peakRssMb: Math.round(Number(rss[1]) / 1024) } : {}) };
}

const benchEnv = (home: string): NodeJS.ProcessEnv => ({ ...process.env, CASE_AUDIT_HOME: join(home, '.case-audit'), CASE_AUDIT_HOST_IDLE_MS: '2000' });

/**
 * One run. `own`: with a setting that differs from the host's (a proxy exception), so the command
 * runs the audit in its own process instead of handing it to the data folder's host.
 */
function runOnce(example: string, home: string, via: 'node' | 'npx' = 'node', own = false): Timed & { documents: number } {
  const args = ['run', join(ROOT, example), '--json', '--out', join(home, 'out')];
  const env = { ...benchEnv(home), ...(own ? { NO_PROXY: 'bench.invalid' } : {}) };
  const r = via === 'node' ? timedRun(process.execPath, [CLI, ...args], env) : timedRun('npx', ['--no-install', 'case-audit', ...args], env);
  return { ...r, documents: (JSON.parse(r.stdout) as { documents: unknown[] }).documents.length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Peak resident memory of the data folder's host (it runs the audits handed to it), from /proc. */
export function hostPeakRssMb(home: string): number | undefined {
  try {
    const { pid } = JSON.parse(readFileSync(join(home, '.case-audit', 'runtime.json'), 'utf8')) as { pid: number };
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return hwm ? Math.round(Number(hwm[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}
const newHome = () => mkdtempSync(join(tmpdir(), 'case-audit-bench-'));

/** Wall time of five runs started together on one data folder. */
async function concurrentRuns(example: string, count: number): Promise<number> {
  const home = newHome();
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      new Promise<void>((done, fail) => {
        const child = spawn(process.execPath, [CLI, 'run', join(ROOT, example), '--json', '--out', join(home, `out-${i}`)], {
          env: { ...process.env, CASE_AUDIT_HOME: join(home, '.case-audit'), CASE_AUDIT_HOST_IDLE_MS: '2000' },
          stdio: 'ignore',
        });
        child.on('close', (code) => (code === 0 ? done() : fail(new Error(`concurrent run ${i} exited ${code}`))));
      }),
    ),
  );
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * Wall time of `case-audit run <example> --json`: with a fresh data folder each time (the folder's
 * background host starts too), back to back on one folder (the host is already up and runs the audit,
 * with its code loaded), the same with the audit run in the command's own process, and five at once.
 */
/** Waits until the hosts of these data folders have stopped (each removes its runtime.json). */
async function hostsGone(homes: readonly string[], timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && homes.some((h) => existsSync(join(h, '.case-audit', 'runtime.json')))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function benchCliRun(example = 'examples/study-permit-document-list', runs = 5): Promise<Record<string, number | string>> {
  const coldHomes = Array.from({ length: runs }, () => newHome());
  const cold = coldHomes.map((home) => runOnce(example, home));
  // The cold runs' hosts linger and load the audit code: let them go, so they take no core from what follows.
  await hostsGone(coldHomes);
  const shared = newHome();
  const warmRuns = Array.from({ length: runs + 1 }, () => runOnce(example, shared)).slice(1);
  const warm = warmRuns.map((r) => r.ms);
  const hostRss = hostPeakRssMb(shared);
  const ownProcess = Array.from({ length: runs }, () => runOnce(example, shared, 'node', true));
  const viaNpx = Array.from({ length: 3 }, () => runOnce(example, shared, 'npx').ms);
  const workflows = Array.from({ length: runs }, () => timedRun(process.execPath, [CLI, 'workflows'], benchEnv(shared)).ms);
  // What starting Node itself costs on this machine right now: the floor under every command's time.
  const nodeStart = Array.from({ length: runs }, () => timedRun(process.execPath, ['-e', '0'], benchEnv(shared)).ms);
  const rss = warmRuns.map((r) => r.peakRssMb).filter((m): m is number => m !== undefined);
  return {
    example,
    documents: cold[0].documents,
    coldHostFirstMs: Math.round(cold[0].ms),
    coldHostMedianMs: Math.round(median(cold.map((c) => c.ms))),
    warmHostMedianMs: Math.round(median(warm)),
    ...(rss.length ? { warmPeakRssMedianMb: median(rss) } : {}),
    ...(hostRss !== undefined ? { hostPeakRssMb: hostRss } : {}),
    ownProcessWarmHostMedianMs: Math.round(median(ownProcess.map((r) => r.ms))),
    ownProcessPeakRssMedianMb: median(ownProcess.map((r) => r.peakRssMb ?? 0)),
    npxWarmHostMedianMs: Math.round(median(viaNpx)),
    workflowsCommandMedianMs: Math.round(median(workflows)),
    nodeStartMedianMs: Math.round(median(nodeStart)),
    maxMs: Math.round(Math.max(...cold.map((c) => c.ms), ...warm)),
    fiveConcurrentWallMs: Math.round(await concurrentRuns(example, 5)),
    caseFiles: readdirSync(join(ROOT, example)).length,
  };
}

if (require.main === module) {
  benchCliRun().then((r) => console.log(JSON.stringify(r, null, 2)));
}
