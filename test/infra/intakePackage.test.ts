import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { App, Duration, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { AGENT_FUNCTIONS, PDF_PAGE_WORKER, type AgentFunctionSpec } from '../../lib/compute/agentCatalog';
import { CaseAuditFunction, WorkerPackageNotShipped } from '../../lib/compute/caseAuditFunction';
import type { ReadJob, WorkerReport } from '../../lambdas/agents/intake/documents/pdf/pdfWorkerMessages';
import { synthCaseAuditStack } from './synthStack';

const ROOT = join(__dirname, '..', '..');
const spec = (key: string): AgentFunctionSpec => {
  const found = AGENT_FUNCTIONS.find((s) => s.key === key);
  if (!found) throw new Error(`no agent function ${key}`);
  return found;
};

function functionOf(stack: Stack, s: AgentFunctionSpec): CaseAuditFunction {
  return new CaseAuditFunction(stack, s.key, {
    entry: s.entry,
    name: s.agent,
    description: s.description,
    memorySize: s.memorySize,
    timeout: Duration.seconds(s.timeoutSeconds),
    environment: {},
    logRetention: logs.RetentionDays.ONE_DAY,
    bundleAwsSdk: false,
    ...(s.copiedPackages ? { copiedPackages: s.copiedPackages } : {}),
    ...(s.workerEntries ? { workerEntries: s.workerEntries } : {}),
  });
}

describe('the Intake package carries the PDF worker', () => {
  it('builds pdfPageWorker.js beside index.js with the esbuild CLI from node_modules, after bundling, for Intake only', () => {
    const { stack } = synthCaseAuditStack();
    const intake = stack.agents.functions.get('Intake')!;
    const commands = intake.afterBundlingCommands('/in', '/out');
    expect(commands.filter((c) => c.includes('esbuild'))).toEqual([
      "'/in/node_modules/.bin/esbuild' '/in/lambdas/agents/intake/documents/pdf/pdfPageWorker.ts' --bundle --platform=node --format=cjs --target=node24 --minify " +
        "--charset=utf8 --log-level=error --external:unpdf --outfile='/out/pdfPageWorker.js'",
    ]);
    // PDF.js, which every thread loads by path, is copied beside it.
    expect(commands).toContain("cp '/in/node_modules/unpdf/dist/pdfjs.mjs' '/out/node_modules/unpdf/dist/pdfjs.mjs'");
    for (const [key, fn] of stack.agents.functions) {
      if (key !== 'Intake') expect(fn.afterBundlingCommands('/in', '/out').filter((c) => c.includes('esbuild'))).toEqual([]);
    }
  });

  it('refuses a worker that leaves out a package the function does not ship', () => {
    const stack = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'NoUnpdf');
    expect(() => functionOf(stack, { ...spec('Intake'), copiedPackages: [], workerEntries: [PDF_PAGE_WORKER] })).toThrow(WorkerPackageNotShipped);
  });

  describe('bundled for real (as cdk synth does)', () => {
    let out: string;
    let pkg: string;

    beforeAll(() => {
      out = mkdtempSync(join(tmpdir(), 'case-audit-intake-package-'));
      const app = new App({ outdir: out, context: { 'aws:cdk:bundling-stacks': ['**'] } });
      functionOf(new Stack(app, 'IntakePackage'), spec('Intake'));
      app.synth();
      const asset = readdirSync(out).find((d) => d.startsWith('asset.') && existsSync(join(out, d, 'index.js')));
      if (!asset) throw new Error(`no bundled asset in ${out}`);
      pkg = join(out, asset);
    }, 120_000);

    afterAll(() => rmSync(out, { recursive: true, force: true }));

    it('holds index.js, pdfPageWorker.js (with unpdf left out) and the unpdf files the threads load', () => {
      for (const file of ['index.js', 'pdfPageWorker.js', 'node_modules/unpdf/package.json', 'node_modules/unpdf/dist/index.cjs', 'node_modules/unpdf/dist/pdfjs.mjs']) {
        expect(existsSync(join(pkg, file))).toBe(true);
      }
      const worker = readFileSync(join(pkg, 'pdfPageWorker.js'), 'utf8');
      expect(worker).toContain('require("unpdf")');
      expect(worker).not.toContain('getDocumentProxy(');
    });

    it('reads the pages of a PDF on a thread started from the package, with nothing but the package to load from', async () => {
      expect(pkg.startsWith(ROOT)).toBe(false);
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      for (const text of ['Letter of acceptance, page one', 'Tuition and fees, page two']) doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 12, font });
      const data = await doc.save();

      const worker = new Worker(join(pkg, 'pdfPageWorker.js'));
      try {
        const reports: WorkerReport[] = [];
        const done = new Promise<void>((resolve, reject) => {
          worker.on('message', (r: WorkerReport) => {
            reports.push(r);
            if (r.kind === 'done') resolve();
          });
          worker.on('error', reject);
          worker.on('exit', (code) => reject(new Error(`the worker exited (${code}) before it was done`)));
        });
        const job: ReadJob = { kind: 'read', job: 1, data, counter: new SharedArrayBuffer(4) };
        worker.postMessage(job, [data.buffer as ArrayBuffer]);
        await done;
        expect(reports[0]).toEqual({ kind: 'opened', job: 1, numPages: 2 });
        const pages = reports.flatMap((r) => (r.kind === 'pages' ? r.pages : []));
        expect(pages.map((p) => p.page).sort()).toEqual([1, 2]);
        expect(JSON.stringify(pages.find((p) => p.page === 2)?.read)).toContain('Tuition and fees');
      } finally {
        await worker.terminate();
      }
    }, 60_000);
  });
});
