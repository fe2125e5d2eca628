/**
 * PDF extraction speed and memory, beside poppler's `pdftotext` on the same files in the same run:
 *
 * - one 300-page form-like PDF through `extractDocument` (target ≤ 2× pdftotext);
 * - a folder of 30 × 10-page PDFs read from disk and extracted through `runIntake`, the intake path
 *   of a case folder (target ≤ 2× pdftotext run on each file in turn);
 * - a 3000-page folder (10 × 300 pages) through `runIntake` in a fresh process: wall time and the
 *   process's peak RSS, PDF.js and its threads included (targets ≤ 10 s and ≤ 600 MB).
 *
 * Each side is timed alternately, run after run, so both see the same machine load; medians are
 * reported with the load average before and after. Extraction includes hidden-text screening.
 *
 *   npx tsx bench/pdfExtraction.ts
 */
import '../local/polyfills';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractDocument } from '../lambdas/agents/intake/documents/extractDocument';
import { closePdfWorkers, pdfPoolSize } from '../lambdas/agents/intake/documents/pdfWorkerPool';
import { runIntake } from '../lambdas/agents/intake/documents/runIntake';
import { formatTable, targetFigures } from './summaryTable';
import { median } from './timing';

const LINES_PER_PAGE = 40;
const RUNS = 5;
const LARGE_FOLDER_RUNS = 3;

const SECTIONS = ['PERSONAL DETAILS', 'EDUCATION', 'EMPLOYMENT HISTORY', 'TRAVEL HISTORY', 'FAMILY INFORMATION', 'BACKGROUND'];
const LABELS = [
  'Family name', 'Given name(s)', 'Date of birth', 'Place of birth', 'Country of citizenship', 'Current country of residence',
  'Marital status', 'Passport number', 'Date of issue', 'Date of expiry', 'Name of institution', 'Field of study',
  'From (YYYY-MM)', 'To (YYYY-MM)', 'Employer', 'Position', 'City/town', 'Purpose of visit', 'Funds available for my stay',
];
const VALUES = [
  'MENSAH-OKAFOR', 'Abena Serwaa', '1994-07-21', 'Accra, Ghana', 'Ghana', 'Canada (student)', 'Married', 'G4471902',
  '2019-03-14', '2029-03-13', 'University of Ghana', 'Business Administration', '2016-09', '2020-06',
  'Northshore Logistics Ltd.', 'Operations Coordinator', 'Kumasi', 'Family visit', 'CAD 24,310.55',
];

/** Line `l` of page `p` of `pages`: a section heading, a labelled answer or a yes/no question. */
function formLine(p: number, l: number, pages: number): string {
  if (l === 0) return `IMM 5669 (12-2023) E        Schedule A - Background/Declaration        Page ${p} of ${pages}`;
  if (l % 10 === 1) return `${l}. ${SECTIONS[(p + l) % SECTIONS.length]}`;
  if (l % 7 === 0) return `    Have you ever been refused a visa or permit, denied entry or ordered to leave any country?   [X] No   [ ] Yes`;
  const i = (p * 7 + l) % LABELS.length;
  return `    ${LABELS[i]}: ${VALUES[i]}        ${LABELS[(i + 5) % LABELS.length]}: ${VALUES[(i + 5) % VALUES.length]}`;
}

export async function formLikePdf(pages = 300, linesPerPage = LINES_PER_PAGE): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < linesPerPage; l++) page.drawText(formLine(p, l, pages), { x: 36, y: 760 - l * 18, size: 8.5, font });
  }
  return doc.save({ objectsPerTick: Infinity });
}

const round = (ms: number) => Number(ms.toFixed(1));
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
const load = () => Number(loadavg()[0].toFixed(2));

/** Wall time of `pdftotext` on each file in turn (undefined when poppler is not installed). */
async function pdftotext(files: readonly string[]): Promise<number | undefined> {
  const t0 = performance.now();
  for (const file of files) {
    const ok = await new Promise<boolean>((resolve) =>
      execFile('pdftotext', [file, '-'], { maxBuffer: 64 * 1024 * 1024 }, (error) => resolve(!error)),
    );
    if (!ok) return undefined;
  }
  return performance.now() - t0;
}

/** Writes `count` copies of a `pages`-page PDF into a new folder, the way a case folder holds its files. */
async function pdfFolder(count: number, pages: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `case-audit-bench-${count}x${pages}-`));
  const bytes = await formLikePdf(pages);
  for (let i = 1; i <= count; i++) writeFileSync(join(dir, `schedule-a-${String(i).padStart(2, '0')}.pdf`), bytes);
  return dir;
}

const pdfsIn = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.pdf')).sort().map((name) => join(dir, name));

/** Reads a folder's files and extracts them as intake does (runIntake); returns the pages read. */
async function intakeFolder(dir: string): Promise<number> {
  const files = pdfsIn(dir).map((file, i) => ({ docId: `doc-${i + 1}`, name: file.slice(dir.length + 1), bytes: new Uint8Array(readFileSync(file)) }));
  const { result } = await runIntake(files);
  const unread = result.documents.filter((d) => d.status !== 'ok');
  if (unread.length) throw new Error(`bench folder not read: ${unread.map((d) => `${d.name} ${d.status}`).join(', ')}`);
  return result.documents.reduce((sum, d) => sum + d.pages, 0);
}

/**
 * Runs `ours` and pdftotext alternately RUNS times after one warm-up of each (the pool's threads and
 * PDF.js are then loaded, as in a Lambda container or a long-lived host), and compares the medians.
 */
async function sideBySide(ours: () => Promise<void>, files: readonly string[]): Promise<{ oursMs: number; firstMs: number; popplerMs?: number }> {
  const t0 = performance.now();
  await ours();
  const firstMs = performance.now() - t0;
  await pdftotext(files);
  const mine: number[] = [];
  const poppler: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    await ours();
    mine.push(performance.now() - t);
    const ms = await pdftotext(files);
    if (ms !== undefined) poppler.push(ms);
  }
  return { oursMs: median(mine), firstMs, ...(poppler.length === RUNS ? { popplerMs: median(poppler) } : {}) };
}

/** One 300-page PDF through extractDocument, beside pdftotext on the same file. */
export async function benchSinglePdf(pages = 300): Promise<Record<string, number | string>> {
  const dir = await pdfFolder(1, pages);
  const [file] = pdfsIn(dir);
  const bytes = new Uint8Array(readFileSync(file));
  try {
    const loadBefore = load();
    const timed = await sideBySide(async () => {
      const doc = await extractDocument({ docId: 'bench', name: 'schedule-a.pdf', bytes });
      if (doc.status !== 'ok' || doc.pages.length !== pages) throw new Error(`bench PDF was not read: ${doc.status}`);
    }, [file]);
    return {
      pdf300Pages: pages,
      pdf300FileBytes: bytes.length,
      pdf300FirstRunMs: round(timed.firstMs),
      pdf300MedianMs: round(timed.oursMs),
      ...(timed.popplerMs !== undefined
        ? { pdf300PdftotextMedianMs: round(timed.popplerMs), pdf300RatioToPdftotext: ratio(timed.oursMs, timed.popplerMs) }
        : { pdftotext: 'not available (install poppler-utils to compare)' }),
      pdf300LoadAverage: `${loadBefore} → ${load()}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 30 × 10-page PDFs read from a folder through runIntake, beside pdftotext on each file in turn. */
export async function benchShortPdfFolder(count = 30, pages = 10): Promise<Record<string, number | string>> {
  const dir = await pdfFolder(count, pages);
  try {
    const loadBefore = load();
    const timed = await sideBySide(async () => {
      const read = await intakeFolder(dir);
      if (read !== count * pages) throw new Error(`bench folder: ${read} of ${count * pages} pages read`);
    }, pdfsIn(dir));
    return {
      folder30x10Pages: count * pages,
      folder30x10FirstRunMs: round(timed.firstMs),
      folder30x10MedianMs: round(timed.oursMs),
      ...(timed.popplerMs !== undefined
        ? { folder30x10PdftotextMedianMs: round(timed.popplerMs), folder30x10RatioToPdftotext: ratio(timed.oursMs, timed.popplerMs) }
        : {}),
      folder30x10LoadAverage: `${loadBefore} → ${load()}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CHILD_FLAG = '--large-folder-child';

/** In a fresh process: reads the folder through runIntake once; prints wall ms and the process's peak RSS. */
async function largeFolderChild(dir: string): Promise<void> {
  const t0 = performance.now();
  const pages = await intakeFolder(dir);
  const ms = performance.now() - t0;
  process.stdout.write(`${JSON.stringify({ pages, ms, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`);
  await closePdfWorkers();
}

function runChild(dir: string): Promise<{ pages: number; ms: number; peakRssMb: number }> {
  return new Promise((resolve, reject) => {
    // The same runtime as this bench (tsx's loader flags included), a new process each time.
    const child = spawn(process.execPath, [...process.execArgv, __filename, CHILD_FLAG, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => {
      try {
        if (code !== 0) throw new Error(`large-folder run exited ${code}`);
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as { pages: number; ms: number; peakRssMb: number });
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** A 3000-page folder (10 × 300 pages): wall time and peak RSS of a fresh process reading it through runIntake. */
export async function benchLargeFolder(count = 10, pages = 300): Promise<Record<string, number | string>> {
  const dir = await pdfFolder(count, pages);
  try {
    const loadBefore = load();
    const runs = [];
    for (let run = 0; run < LARGE_FOLDER_RUNS; run++) runs.push(await runChild(dir));
    if (runs.some((r) => r.pages !== count * pages)) throw new Error('large folder: not every page was read');
    return {
      folder3000Pages: count * pages,
      folder3000PagesMs: round(median(runs.map((r) => r.ms))),
      folder3000PagesPeakRssMb: median(runs.map((r) => r.peakRssMb)),
      folder3000PagesRunsMs: runs.map((r) => Math.round(r.ms)).join(', '),
      folder3000PagesLoadAverage: `${loadBefore} → ${load()}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** All of the above; the keys are read by bench/summaryTable.ts. */
export async function benchPdfExtraction(): Promise<Record<string, number | string>> {
  try {
    const result: Record<string, number | string> = { cores: availableParallelism(), pdfThreads: pdfPoolSize() };
    Object.assign(result, await benchSinglePdf());
    Object.assign(result, await benchShortPdfFolder());
    await closePdfWorkers();
    Object.assign(result, await benchLargeFolder());
    return result;
  } finally {
    await closePdfWorkers();
  }
}

if (require.main === module) {
  const [flag, dir] = process.argv.slice(2);
  const run =
    flag === CHILD_FLAG
      ? largeFolderChild(dir)
      : benchPdfExtraction().then((result) => {
          process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n`);
          process.stdout.write(`load average ${load()} on ${availableParallelism()} cores\n${formatTable(targetFigures({ pdfExtraction: result }))}\n`);
        });
  run.catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
