import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');

/** Wall time of `case-audit run <example> --json`, including local-runtime start, over fresh data dirs. */
export async function benchCliRun(example = 'examples/study-permit-document-list', runs = 5): Promise<Record<string, number | string>> {
  const times: number[] = [];
  let documents = 0;
  for (let i = 0; i < runs; i++) {
    const home = mkdtempSync(join(tmpdir(), 'case-audit-bench-'));
    const started = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/case-audit.js'), 'run', join(ROOT, example), '--json', '--out', join(home, 'out')], {
      env: { ...process.env, CASE_AUDIT_HOME: join(home, '.case-audit') },
      encoding: 'utf8',
    });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (r.status !== 0) throw new Error(`case-audit run failed (${r.status}): ${r.stderr}`);
    documents = (JSON.parse(r.stdout) as { documents: unknown[] }).documents.length;
    rmSync(home, { recursive: true, force: true });
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  return {
    example,
    documents,
    firstRunMs: Math.round(times[0]),
    medianMs: Math.round(warm[Math.floor(warm.length / 2)] ?? times[0]),
    maxMs: Math.round(Math.max(...times)),
    caseFiles: readdirSync(join(ROOT, example)).length,
  };
}

if (require.main === module) {
  benchCliRun().then((r) => console.log(JSON.stringify(r, null, 2)));
}
