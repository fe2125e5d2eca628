import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { extractPdf } from '../../../lambdas/agents/intake/documents/extractPdf';
import { closePdfWorkers, pdfPoolSize } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { HIDDEN_INSTRUCTION, letterPdf, whiteLine } from '../../unit/documents/hiddenTextFixtures';

const ROOT = join(__dirname, '..', '..', '..');
const ENTRIES = require(join(ROOT, 'bin', 'build', 'cliBuild.js')).ENTRIES as Record<string, string>;

afterAll(() => closePdfWorkers());

/**
 * The PDF worker as the CLI and a Lambda run it: bundled next to the code that starts the pool, with
 * PDF.js left in node_modules. The bundle is built as bin/build/cliBuild.js builds dist/cli.
 */
(pdfPoolSize() > 0 ? describe : describe.skip)('the bundled PDF worker', () => {
  const out = mkdtempSync(join(tmpdir(), 'case-audit-pdf-worker-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('is one of the CLI build\'s entries', () => {
    expect(ENTRIES.pdfPageWorker).toBe('lambdas/agents/intake/documents/pdf/pdfPageWorker.ts');
  });

  it('is found beside the bundle that uses the pool, and screens the pages it reads', async () => {
    buildSync({
      absWorkingDir: ROOT,
      entryPoints: { extraction: 'test/integration/documents/support/bundledExtraction.ts', pdfPageWorker: ENTRIES.pdfPageWorker },
      bundle: true,
      external: ['unpdf', 'tsx'],
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      outdir: out,
      logLevel: 'silent',
    });
    expect(existsSync(join(out, 'pdfPageWorker.js'))).toBe(true);
    const bytes = await letterPdf(whiteLine, { pages: 4, trickOnPage: 3 });
    const pdf = join(out, 'letter.pdf');
    writeFileSync(pdf, bytes);
    // The bundle sits outside the project: NODE_PATH lets it (and its threads) find PDF.js.
    const stdout = execFileSync(process.execPath, [join(out, 'extraction.js'), pdf], {
      env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules') },
      encoding: 'utf8',
    });
    const { outcome, activity } = JSON.parse(stdout) as { outcome: unknown; activity: { pagesReadOnThreads: number; failures: number } };
    expect(activity).toMatchObject({ pagesReadOnThreads: 4, failures: 0 });
    expect(outcome).toEqual(await extractPdf(bytes, { parallel: false }));
    expect(outcome).toMatchObject({ status: 'ok', quarantined: [{ page: 3, reason: 'near-background-colour', text: HIDDEN_INSTRUCTION }] });
  });
});
