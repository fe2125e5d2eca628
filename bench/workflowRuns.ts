import { timedRun } from './cliRun';
import { mkdtempSync, readdirSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const CLI = join(ROOT, 'bin/case-audit.js');

/**
 * Every bundled example with its own audit.json, through `node bin/case-audit.js run` (local runtime
 * start included): wall time with the data folder's host already up (median of `runs`), the audit's
 * own durationMs, and the outcome, so a change in results shows beside a change in speed.
 */
export async function benchWorkflowRuns(runs = 3): Promise<Record<string, unknown>> {
  const home = mkdtempSync(join(tmpdir(), 'case-audit-bench-workflows-'));
  const env = { ...process.env, CASE_AUDIT_HOME: join(home, '.case-audit'), CASE_AUDIT_HOST_IDLE_MS: '5000' };
  const examples = readdirSync(join(ROOT, 'examples')).filter((e) => existsSync(join(ROOT, 'examples', e, 'audit.json')));
  const out: Record<string, unknown> = {};
  // The command that starts the data folder's host runs its own audit; the host is up for the rest.
  const start = timedRun(process.execPath, [CLI, 'run', join(ROOT, 'examples', examples[0]), '--json', '--out', join(home, 'start')], env, [0, 3]);
  out.hostStartingRunMs = Math.round(start.ms);
  for (const example of examples) {
    const times: number[] = [];
    const rss: number[] = [];
    let first = 0;
    let summary: { workflowType: string; status: string; durationMs: number; decision: string | null; verdict: string | null; defensibilityScore: number | null } | undefined;
    for (let i = 0; i <= runs; i++) {
      const r = timedRun(process.execPath, [CLI, 'run', join(ROOT, 'examples', example), '--json', '--out', join(home, example)], env, [0, 3]);
      summary = JSON.parse(r.stdout);
      if (i === 0) {
        first = r.ms; // the first run of this workflow in the host: its code paths not yet compiled
        continue;
      }
      times.push(r.ms);
      if (r.peakRssMb !== undefined) rss.push(r.peakRssMb);
    }
    const sorted = times.sort((a, b) => a - b);
    const workflow = JSON.parse(readFileSync(join(ROOT, 'examples', example, 'audit.json'), 'utf8')).workflowType;
    out[example] = {
      workflow,
      firstRunInHostMs: Math.round(first),
      wallMedianMs: Math.round(sorted[Math.floor(sorted.length / 2)]),
      ...(rss.length ? { peakRssMedianMb: [...rss].sort((a, b) => a - b)[Math.floor(rss.length / 2)] } : {}),
      auditDurationMs: summary?.durationMs,
      status: summary?.status,
      outcome: summary?.decision ?? summary?.verdict ?? null,
      score: summary?.defensibilityScore,
    };
  }
  return out;
}

if (require.main === module) {
  benchWorkflowRuns().then((r) => console.log(JSON.stringify(r, null, 2)));
}
