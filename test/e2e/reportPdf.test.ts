import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseReportMarkdown, plainText } from '../../lambdas/agents/reporter/pdf/reportBlocks';
import { closePdfWorkers } from '../../lambdas/agents/intake/documents/pdfWorkerPool';
import { readPdf } from '../unit/reporter/pdf/readPdf';
import { cli, ROOT, workFolder } from './support/cliHarness';

jest.setTimeout(120_000);
afterAll(() => closePdfWorkers());

const work = workFolder('report-pdf');
const home = join(work, '.case-audit');

describe('case-audit run writes report.pdf', () => {
  it('beside report.md and bundle.json in --out, with its path in the --json result', async () => {
    const out = join(work, 'out');
    const r = cli(['run', join(ROOT, 'examples', 'work-permit-initial-assessment'), '--json', '--out', out], { home });
    expect([0, 3]).toContain(r.code);
    const result = JSON.parse(r.stdout);
    expect(result.reports).toEqual({ markdown: join(out, 'report.md'), pdf: join(out, 'report.pdf'), bundle: join(out, 'bundle.json') });
    expect(result.stageStatus.reporter).toMatch(/^ok/);
    expect(result.stageStatus.reporter).not.toContain('report.pdf not written');

    const bytes = new Uint8Array(readFileSync(result.reports.pdf));
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    const text = pdf.pages.map((p) => p.text).join(' ').replace(/\s+/g, ' ');
    const markdown = readFileSync(result.reports.markdown, 'utf8');
    for (const block of parseReportMarkdown(markdown)) {
      if (block.kind === 'heading' && block.level === 2) expect(text).toContain(plainText(block.runs));
    }
    expect(pdf.info.Title).toBe(`Case Audit — Initial assessment — case ${result.caseId}`);
    expect(existsSync(join(out, 'bundle.json'))).toBe(true);
  });
});
