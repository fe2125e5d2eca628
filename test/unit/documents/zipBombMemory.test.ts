import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ExtractionMeasurement } from '../../fixtures/documents/measureExtraction';
import { docxBomb, GIB } from '../../fixtures/documents/zipBombs';

const ROOT = resolve(__dirname, '../../..');
const MEASURE = join(ROOT, 'test/fixtures/documents/measureExtraction.ts');
const BOMB_DETAIL = 'DOCX expands beyond the 64 MB safety limit for its text (possible ZIP bomb)';

/** Extracts `paths` in a fresh Node process (so its peak memory is theirs alone) and returns what it measured. */
function measureInChildProcess(paths: string[]): ExtractionMeasurement {
  const run = spawnSync(process.execPath, ['--require', 'tsx/cjs', MEASURE, ...paths], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`measureExtraction exited with ${run.status ?? run.signal}: ${run.stderr}`);
  return JSON.parse(run.stdout) as ExtractionMeasurement;
}

describe('memory while reading ZIP bombs', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'case-audit-bombs-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports 1 GiB DOCX bombs (truthful and lying directories) as too-large, peaking well under 400 MB', () => {
    const truthful = join(dir, 'truthful.docx');
    const lying = join(dir, 'lying.docx');
    writeFileSync(truthful, docxBomb(GIB));
    writeFileSync(lying, docxBomb(GIB, 1024));

    const measured = measureInChildProcess([truthful, lying]);

    expect(measured.files).toEqual([
      expect.objectContaining({ name: 'truthful.docx', status: 'too-large', statusDetail: BOMB_DETAIL }),
      expect.objectContaining({ name: 'lying.docx', status: 'too-large', statusDetail: BOMB_DETAIL }),
    ]);
    // Inflating either bomb whole would need more than 1 GiB.
    expect(measured.peakRssMB).toBeLessThan(400);
  }, 120_000);
});
