/**
 * OCR cost (issue 33): seconds per scanned page with local Tesseract (English + French models, one
 * worker as on a 2-core machine), the worker's start-up, peak memory, and a 10-page scanned folder
 * end to end through the CLI, beside the same folder with `--ocr off`.
 *
 * Pages are drawn here (a letter-size page at about 150 dpi, 24 lines of statement text) with the
 * same drawing helpers as the OCR tests, and turned into image-only PDFs: no text layer at all.
 *
 *   npm run bench -- ocr        (run `npm run build` first: the folder run uses the built CLI)
 */
import '../local/polyfills';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTesseractEngine } from '../lambdas/agents/intake/documents/ocr/tesseractEngine';
import { scannedPdf, textPng } from '../test/integration/hostile/support/scannedDocuments';
import { hostPeakRssMb, timedRun } from './cliRun';

const ROOT = resolve(__dirname, '..');
const CLI = join(ROOT, 'bin/case-audit.js');
const PAGES = 10;

/** Page `n` of a bank statement: a heading and 22 dated lines, 1275 px wide. */
function statementPage(n: number): Uint8Array {
  const lines = [`BANK STATEMENT — page ${n} of ${PAGES}`, 'Account holder: Test Applicant   Account: 0000-1234'];
  for (let d = 1; d <= 22; d++) lines.push(`2025-0${(n % 9) + 1}-${String(d).padStart(2, '0')}  Deposit ref ${n}${d}  CAD ${(n * 100 + d * 7).toFixed(2)}  Balance ${(10_000 + n * d).toFixed(2)}`);
  return textPng(lines, 1275);
}

const rssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** Reads the pages one after another with a fresh engine: the first read includes the worker's start. */
async function perPage(pages: Uint8Array[]): Promise<{ firstPageS: number; warmMedianS: number; meanConfidence: number }> {
  const engine = createTesseractEngine({ threads: 1 });
  const seconds: number[] = [];
  let confidence = 0;
  try {
    for (const bytes of pages) {
      const started = performance.now();
      const page = await engine.readImage({ bytes, kind: 'png' });
      seconds.push((performance.now() - started) / 1000);
      confidence += page.confidence;
    }
  } finally {
    await engine.close();
  }
  const warm = seconds.slice(1).sort((a, b) => a - b);
  const round = (s: number) => Math.round(s * 100) / 100;
  return { firstPageS: round(seconds[0]), warmMedianS: round(warm[Math.floor(warm.length / 2)]), meanConfidence: Math.round((confidence / pages.length) * 100) / 100 };
}

/** The scanned folder through the CLI: a form as text, and the statement as 10 one-page scans. */
async function scannedFolder(pages: Uint8Array[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'case-audit-bench-ocr-'));
  const folder = join(dir, 'case');
  mkdirSync(folder);
  writeFileSync(join(folder, 'imm1294.txt'), 'APPLICATION FOR STUDY PERMIT MADE OUTSIDE OF CANADA (IMM 1294)\nFamily name: Applicant\nGiven name(s): Test\n');
  for (const [i, png] of pages.entries()) writeFileSync(join(folder, `statement-scan-${String(i + 1).padStart(2, '0')}.pdf`), await scannedPdf([png]));
  return dir;
}

function folderRun(dir: string, ocr: 'local' | 'off') {
  const home = join(dir, `home-${ocr}`);
  const env = { ...process.env, CASE_AUDIT_HOME: join(home, '.case-audit'), CASE_AUDIT_HOST_IDLE_MS: '2000' };
  const run = timedRun(process.execPath, [CLI, 'run', join(dir, 'case'), '--workflow', 'document-list', '--review', 'off', '--ocr', ocr, '--json', '--out', join(dir, `out-${ocr}`)], env);
  const documents = (JSON.parse(run.stdout) as { documents: Array<{ status: string; statusDetail: string }> }).documents;
  return {
    wallS: Math.round(run.ms / 100) / 10,
    commandPeakRssMb: run.peakRssMb,
    // The data folder's background host (started by the run), its high-water mark read from /proc;
    // the command's own peak (GNU time) covers an audit it runs itself while the host starts.
    hostPeakRssMb: hostPeakRssMb(home),
    pagesReadByOcr: documents.filter((d) => /read by OCR/.test(d.statusDetail)).length,
    needsOcr: documents.filter((d) => d.status === 'needs-ocr').length,
  };
}

export async function benchOcr(): Promise<Record<string, unknown>> {
  const pages = Array.from({ length: PAGES }, (_, i) => statementPage(i + 1));
  const rssBefore = rssMb();
  const tesseract = await perPage(pages);
  const inProcess = { ...tesseract, peakRssMb: rssMb(), rssBeforeMb: rssBefore };
  const dir = await scannedFolder(pages);
  const off = folderRun(dir, 'off');
  const local = folderRun(dir, 'local');
  const rows = [
    ['Tesseract, first page (worker start included)', `${inProcess.firstPageS} s`],
    ['Tesseract, per page after (median)', `${inProcess.warmMedianS} s`],
    ['Tesseract, mean confidence', `${Math.round(inProcess.meanConfidence * 100)}%`],
    ['peak RSS of this process (OCR in it)', `${inProcess.peakRssMb} MB (${inProcess.rssBeforeMb} MB before)`],
    [`${PAGES}-page scanned folder, CLI --ocr local`, `${local.wallS} s, ${local.pagesReadByOcr} pages read, peak RSS command ${local.commandPeakRssMb ?? '?'} MB / host ${local.hostPeakRssMb ?? '?'} MB`],
    [`${PAGES}-page scanned folder, CLI --ocr off`, `${off.wallS} s, ${off.needsOcr} needs-ocr, peak RSS command ${off.commandPeakRssMb ?? '?'} MB / host ${off.hostPeakRssMb ?? '?'} MB`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  const table = rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
  process.stderr.write(`${table}\n`);
  return { pages: PAGES, tesseract: inProcess, folderLocal: local, folderOff: off, table };
}

if (require.main === module) {
  benchOcr()
    .then((result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
