/**
 * ZIP bomb resistance: time and peak memory of `extractDocument` on four DOCX bombs that each expand
 * to 3 GiB, once with truthful ZIP directories (refused from the declared size) and once with
 * directories claiming 1 KiB (inflated until the 64 MB cap stops them), plus a legitimate DOCX with
 * about 48 MB of text for comparison. Each set runs in a fresh Node process so its peak memory is its
 * own. Targets: every bomb `too-large`, peak memory far below 1 GB, seconds rather than minutes.
 *
 *   npx tsx bench/archiveBounds.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ExtractionMeasurement } from '../test/fixtures/documents/measureExtraction';
import { docx } from '../test/fixtures/documents/officeFixtures';
import { docxBomb, GIB } from '../test/fixtures/documents/zipBombs';

const ROOT = resolve(__dirname, '..');
const MEASURE = join(ROOT, 'test/fixtures/documents/measureExtraction.ts');
const BOMBS = 4;
const EXPANDED_BYTES = 3 * GIB;
const LARGE_DOCX_PARAGRAPHS = 200_000;

function measureInChildProcess(paths: string[]): ExtractionMeasurement {
  const run = spawnSync(process.execPath, ['--require', 'tsx/cjs', MEASURE, ...paths], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`measureExtraction failed (${run.status ?? run.signal}): ${run.stderr}`);
  return JSON.parse(run.stdout) as ExtractionMeasurement;
}

function summary(measured: ExtractionMeasurement): Record<string, number | string> {
  return {
    statuses: [...new Set(measured.files.map((f) => f.status))].join(', '),
    perFileMs: measured.files.map((f) => f.ms).join(' / '),
    totalMs: measured.totalMs,
    rssBeforeMB: measured.rssBeforeMB,
    peakRssMB: measured.peakRssMB,
  };
}

export async function benchArchiveBounds(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'case-audit-bench-'));
  try {
    const write = (name: string, bytes: Uint8Array) => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    };
    const bomb = docxBomb(EXPANDED_BYTES);
    const truthful = Array.from({ length: BOMBS }, (_, i) => write(`truthful-${i}.docx`, bomb));
    const lying = Array.from({ length: BOMBS }, (_, i) => write(`lying-${i}.docx`, docxBomb(EXPANDED_BYTES, 1024)));
    const paragraphs = Array.from(
      { length: LARGE_DOCX_PARAGRAPHS },
      (_, i) => `Paragraph ${i}: the applicant travelled to Toronto and returned on time, as the stamps show.`,
    );
    const large = write('large-text.docx', docx(paragraphs));
    return {
      bombFileMB: Number((bomb.length / 1024 ** 2).toFixed(1)),
      bombExpandsToGiB: EXPANDED_BYTES / GIB,
      fourBombsTruthfulDirectory: summary(measureInChildProcess(truthful)),
      fourBombsLyingDirectory: summary(measureInChildProcess(lying)),
      legitimateDocx48MBText: summary(measureInChildProcess([large])),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchArchiveBounds()
    .then((result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
