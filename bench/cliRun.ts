import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const CLI = join(ROOT, 'bin/case-audit.js');

function runOnce(example: string, home: string): { ms: number; documents: number } {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CLI, 'run', join(ROOT, example), '--json', '--out', join(home, 'out')], {
    env: { ...process.env, CASE_AUDIT_HOME: join(home, '.case-audit'), CASE_AUDIT_HOST_IDLE_MS: '2000' },
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0) throw new Error(`case-audit run failed (${r.status}): ${r.stderr}`);
  return { ms, documents: (JSON.parse(r.stdout) as { documents: unknown[] }).documents.length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
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
 * background host starts too), back to back on one folder (the host is already up), and five at once.
 */
export async function benchCliRun(example = 'examples/study-permit-document-list', runs = 5): Promise<Record<string, number | string>> {
  const cold = Array.from({ length: runs }, () => runOnce(example, newHome()));
  const shared = newHome();
  const warm = Array.from({ length: runs }, () => runOnce(example, shared).ms);
  return {
    example,
    documents: cold[0].documents,
    coldHostFirstMs: Math.round(cold[0].ms),
    coldHostMedianMs: Math.round(median(cold.map((c) => c.ms))),
    warmHostMedianMs: Math.round(median(warm.slice(1))),
    maxMs: Math.round(Math.max(...cold.map((c) => c.ms), ...warm)),
    fiveConcurrentWallMs: Math.round(await concurrentRuns(example, 5)),
    caseFiles: readdirSync(join(ROOT, example)).length,
  };
}

if (require.main === module) {
  benchCliRun().then((r) => console.log(JSON.stringify(r, null, 2)));
}
