/**
 * PDF extraction speed: `extractDocument` on a generated 300-page form-like PDF, compared with
 * poppler's `pdftotext` on the same file when it is installed. Target: ≤ 2× pdftotext.
 *
 *   npx tsx bench/pdfExtraction.ts
 */
import '../local/polyfills';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractDocument } from '../lambdas/core/documents/extractDocument';
import { closePdfWorkers, pdfWorkerLimit } from '../lambdas/core/documents/pdfWorkerPool';

const PAGES = 300;
const LINES_PER_PAGE = 40;
const RUNS = 3;

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

/** Line `l` of page `p`: a section heading, a labelled answer or a yes/no question. */
function formLine(p: number, l: number): string {
  if (l === 0) return `IMM 5669 (12-2023) E        Schedule A - Background/Declaration        Page ${p} of ${PAGES}`;
  if (l % 10 === 1) return `${l}. ${SECTIONS[(p + l) % SECTIONS.length]}`;
  if (l % 7 === 0) return `    Have you ever been refused a visa or permit, denied entry or ordered to leave any country?   [X] No   [ ] Yes`;
  const i = (p * 7 + l) % LABELS.length;
  return `    ${LABELS[i]}: ${VALUES[i]}        ${LABELS[(i + 5) % LABELS.length]}: ${VALUES[(i + 5) % VALUES.length]}`;
}

export async function formLikePdf(pages = PAGES, linesPerPage = LINES_PER_PAGE): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < linesPerPage; l++) {
      page.drawText(formLine(p, l), { x: 36, y: 760 - l * 18, size: 8.5, font });
    }
  }
  return doc.save({ objectsPerTick: Infinity });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const round = (ms: number) => Number(ms.toFixed(1));

function pdftotext(file: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    execFile('pdftotext', [file, '-'], { maxBuffer: 64 * 1024 * 1024 }, (error) =>
      resolve(error ? undefined : performance.now() - t0),
    );
  });
}

export async function benchPdfExtraction(): Promise<Record<string, number | string>> {
  const bytes = await formLikePdf();
  const dir = mkdtempSync(join(tmpdir(), 'case-audit-bench-'));
  const file = join(dir, 'form-300-pages.pdf');
  writeFileSync(file, bytes);
  try {
    const samples: number[] = [];
    let pages = 0;
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      const doc = await extractDocument({ docId: 'bench', name: 'form-300-pages.pdf', bytes });
      samples.push(performance.now() - t0);
      if (doc.status !== 'ok') throw new Error(`bench PDF was not read: ${doc.status}`);
      pages = doc.pages.length;
    }
    const result: Record<string, number | string> = {
      pages,
      fileBytes: bytes.length,
      workerThreads: pdfWorkerLimit(),
      extractDocumentFirstRunMs: round(samples[0]),
      extractDocumentMedianMs: round(median(samples)),
    };
    const poppler: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const ms = await pdftotext(file);
      if (ms === undefined) break;
      poppler.push(ms);
    }
    if (poppler.length === RUNS) {
      result.pdftotextMedianMs = round(median(poppler));
      result.ratioToPdftotext = Number((median(samples) / median(poppler)).toFixed(2));
    } else {
      result.pdftotext = 'not available (install poppler-utils to compare)';
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await closePdfWorkers();
  }
}

if (require.main === module) {
  benchPdfExtraction()
    .then((result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
