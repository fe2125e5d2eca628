import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { median, round } from './timing';

const ROOT = resolve(__dirname, '..');
const KIB = 1024;

/** Goals of the infrastructure issue: each agent's code ≤ 1 MiB (Intake ≤ 2 MiB), import ≤ 300 ms. */
export const CDK_GOALS = { agentBundleKiB: 1024, intakeBundleKiB: 2048, importMs: 300 } as const;

interface FunctionResource {
  Type: string;
  Properties: { FunctionName?: string; Code?: { S3Key?: string } };
}

function folderBytes(dir: string): { bytes: number; gzipBytes: number } {
  let bytes = 0;
  let gzipBytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    bytes += statSync(file).size;
    gzipBytes += gzipSync(readFileSync(file)).byteLength;
  }
  return { bytes, gzipBytes };
}

/** Every file of a package with its size (KiB), by path in the package: what the function ships. */
function packageFiles(dir: string): Record<string, number> {
  const files: Array<[string, number]> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    files.push([relative(dir, file), round(statSync(file).size / KIB)]);
  }
  return Object.fromEntries(files.sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Cold module import of a bundle in a fresh Node process, as Lambda's init does: the environment of a
 * Lambda container (so tracer and metrics load), the AWS SDK from node_modules standing in for the
 * runtime's copy, and with or without `--enable-source-maps` (the functions set it).
 */
function importMs(file: string, sourceMaps: boolean, runs: number): { min: number; median: number } {
  const script = 'const t=process.hrtime.bigint();require(process.argv[1]);process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))';
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_PATH: join(ROOT, 'node_modules'),
    AWS_LAMBDA_FUNCTION_NAME: 'bench',
    AWS_REGION: 'ca-central-1',
    TABLE_NAME: 'bench',
    BUCKET_NAME: 'bench',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...(sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
  };
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(process.execPath, ['-e', script, file], { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`importing ${file} failed: ${r.stderr}`);
    times.push(Number(r.stdout));
  }
  // The minimum is the cost of the code itself; the median shows how much a busy machine adds.
  return { min: round(Math.min(...times)), median: round(median(times)) };
}

/**
 * `npm run bench` entry for the CDK app: the time of `cdk synth` (the CLI, all fourteen esbuild
 * bundles and the cdk-nag checks included), the time of a synth without bundling (what the infra
 * tests do), and for every function its bundle (index.js), its whole package and gzip size, the
 * files in the package (Intake's must include pdfPageWorker.js, or its PDF worker pool is off) and
 * its cold import time. Numbers only; nothing is asserted.
 */
export async function benchCdk(importRuns = 5): Promise<Record<string, unknown>> {
  const out = mkdtempSync(join(tmpdir(), 'case-audit-cdk-bench-'));
  try {
    const started = process.hrtime.bigint();
    const synth = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'aws-cdk', 'bin', 'cdk'), 'synth', '--quiet', '--output', out], { cwd: ROOT, encoding: 'utf8' });
    const cdkSynthMs = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
    if (synth.status !== 0) throw new Error(`cdk synth failed: ${synth.stderr}`);

    // What the infra tests pay: the stack built in process with bundling skipped.
    const { synthCaseAuditStack } = require('../test/infra/synthStack') as typeof import('../test/infra/synthStack');
    const unbundledStarted = process.hrtime.bigint();
    synthCaseAuditStack();
    const unbundledFirstMs = Math.round(Number(process.hrtime.bigint() - unbundledStarted) / 1e6);

    const templateFile = readdirSync(out).find((f) => f.endsWith('.template.json'));
    if (!templateFile) throw new Error(`no template in ${out}`);
    const template = JSON.parse(readFileSync(join(out, templateFile), 'utf8')) as { Resources: Record<string, FunctionResource> };
    const bundles: Record<string, unknown> = {};
    for (const resource of Object.values(template.Resources)) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const name = String(resource.Properties.FunctionName).replace(/^[^-]+-/, '');
      const asset = join(out, `asset.${String(resource.Properties.Code?.S3Key).replace(/\.zip$/, '')}`);
      const js = statSync(join(asset, 'index.js')).size;
      const all = folderBytes(asset);
      const goal = name === 'intake' ? CDK_GOALS.intakeBundleKiB : CDK_GOALS.agentBundleKiB;
      const imported = importMs(join(asset, 'index.js'), false, importRuns);
      const withSourceMaps = importMs(join(asset, 'index.js'), true, importRuns);
      bundles[name] = {
        bundleKiB: round(js / KIB),
        packageKiB: round(all.bytes / KIB),
        packageGzipKiB: round(all.gzipBytes / KIB),
        importMinMs: imported.min,
        importMedianMs: imported.median,
        importWithSourceMapsMinMs: withSourceMaps.min,
        withinGoals: js / KIB <= goal && imported.min <= CDK_GOALS.importMs,
        files: packageFiles(asset),
      };
    }
    return { cdkSynthMs, unbundledSynthMs: unbundledFirstMs, goals: CDK_GOALS, bundles };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchCdk().then(
    (r) => process.stdout.write(`${JSON.stringify(r, null, 2)}\n`),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
