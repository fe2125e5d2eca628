import { join } from 'node:path';
import { PASSPORT_LINES, scannedPdf, textPng } from '../integration/hostile/support/scannedDocuments';
import { cli, workFolder, writeCase } from './support/cliHarness';

/**
 * `--ocr off` turns OCR off for one audit: a scanned page is reported needs-ocr, as before OCR
 * existed, even where local OCR is installed and would read it; a mode the CLI does not know is a
 * usage error before anything runs.
 */
const work = workFolder('ocr-off');
const home = join(work, '.case-audit');

describe('case-audit run --ocr off', () => {
  it('leaves a scanned passport needs-ocr, with the page count, and the audit still finishes', async () => {
    const dir = writeCase(join(work, 'case'), {
      'imm1294.txt': 'APPLICATION FOR STUDY PERMIT MADE OUTSIDE OF CANADA (IMM 1294)\nFamily name: Mensah\nGiven name(s): Ama\n',
      'scan-0001.pdf': await scannedPdf([textPng(PASSPORT_LINES)]),
    });
    const r = cli(['run', dir, '--workflow', 'document-list', '--ocr', 'off', '--json', '--out', join(work, 'out')], { home });
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.status).toBe('SUCCEEDED');
    expect(result.documents).toContainEqual(expect.objectContaining({ name: 'scan-0001.pdf', status: 'needs-ocr', statusDetail: 'no text layer — needs OCR (1 scanned page)' }));
  });

  it('refuses an OCR mode it does not know, from --ocr or CASE_AUDIT_OCR, as a usage error (exit 2)', () => {
    const r = cli(['run', join(work, 'case'), '--ocr', 'cloud'], { home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--ocr must be off, local or textract (got 'cloud')");
    const fromEnv = cli(['run', join(work, 'case')], { home, env: { CASE_AUDIT_OCR: 'cloud' } });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toContain("CASE_AUDIT_OCR is 'cloud'; use off, local or textract");
  });
});
