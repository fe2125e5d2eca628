import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FONT_FOLDER, reportFontFolder } from '../../../../lambdas/agents/reporter/pdf/text/pdfFonts';
import { SCRIPT_FALLBACKS } from '../../../../lambdas/agents/reporter/pdf/text/scriptFallbacks';
import { writeReportPdf } from '../../../../lambdas/agents/reporter/pdf/writeReportPdf';
import { renderReport } from '../../../../lambdas/agents/reporter/renderReport';
import type { ReportModel } from '../../../../lambdas/agents/reporter/reportModel';
import type { BlobStore } from '../../../../lambdas/core/storage/blobStore';
import { judgedReport } from '../judgedFixture';

/** A blob store that records what was put. */
function recordingBlobs(): { blobs: BlobStore; puts: Array<{ key: string; body: Uint8Array | string; contentType?: string }> } {
  const puts: Array<{ key: string; body: Uint8Array | string; contentType?: string }> = [];
  const blobs = {
    put: async (key: string, body: Uint8Array | string, contentType?: string) => {
      puts.push({ key, body, contentType });
      return {};
    },
  } as unknown as BlobStore;
  return { blobs, puts };
}

describe('writing report.pdf', () => {
  it('stores the PDF under the key it is given, as application/pdf', async () => {
    const { blobs, puts } = recordingBlobs();
    const m = judgedReport();
    const written = await writeReportPdf(blobs, 'reports/local/case-1/audit-1/report.pdf', m, renderReport(m));
    expect(written).toEqual({ key: 'reports/local/case-1/audit-1/report.pdf' });
    expect(puts).toHaveLength(1);
    expect(puts[0].contentType).toBe('application/pdf');
    expect(Buffer.from(puts[0].body as Uint8Array).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('reports a PDF it could not render in a status note, writes nothing, and does not throw', async () => {
    const { blobs, puts } = recordingBlobs();
    const broken = { ...judgedReport(), session: undefined } as unknown as ReportModel;
    const written = await writeReportPdf(blobs, 'reports/x/report.pdf', broken, '> **Disclaimer.** x\n\n## Case summary\n');
    expect(written.key).toBeNull();
    expect(written.note).toMatch(/^report\.pdf not written \(TypeError\): /);
    expect(puts).toEqual([]);
  });
});

describe('the PDF fonts', () => {
  it('ship in the repository with their licence, where the renderer finds them', () => {
    const folder = reportFontFolder();
    expect(folder.endsWith(FONT_FOLDER)).toBe(true);
    for (const file of ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf', 'DejaVuSansCondensed-Oblique.ttf', 'DejaVuSerif-Bold.ttf']) {
      expect(existsSync(join(folder, file))).toBe(true);
    }
    expect(readFileSync(join(folder, 'LICENSE'), 'utf8')).toContain('Bitstream Vera');
  });

  it('include the script fallbacks, each named in the README with its licence, whose text is beside them', () => {
    const folder = reportFontFolder();
    const readme = readFileSync(join(folder, 'README.md'), 'utf8');
    for (const { file } of SCRIPT_FALLBACKS) {
      expect(existsSync(join(folder, file))).toBe(true);
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${file}\``));
      expect({ file, licence: row?.match(/SIL OFL 1\.1|Apache 2\.0/)?.[0] }).toEqual({ file, licence: file.startsWith('Noto') ? 'SIL OFL 1.1' : 'Apache 2.0' });
    }
    expect(readFileSync(join(folder, 'LICENSE-OFL-1.1.txt'), 'utf8')).toContain('SIL OPEN FONT LICENSE Version 1.1');
    expect(readFileSync(join(folder, 'LICENSE-Apache-2.0.txt'), 'utf8')).toMatch(/Apache License\s+Version 2\.0, January 2004/);
  });
});
