/**
 * The report bench (issue 18): Markdown + PDF for an Ultra report with 300 findings (target ≤ 1 s),
 * and the size of a typical report's PDF (target ≤ 1 MB). The first render of a process also loads
 * pdf-lib and fontkit and parses the fonts, so it is reported apart from the warm renders.
 */
import { loadavg } from 'node:os';
import { renderReport } from '../lambdas/agents/reporter/renderReport';
import type { ReportModel } from '../lambdas/agents/reporter/reportModel';
import { judgedReport } from '../test/unit/reporter/judgedFixture';
import { manyFindingsReport } from '../test/unit/reporter/pdf/hardReports';
import { median, round } from './timing';

type Renderer = typeof import('../lambdas/agents/reporter/pdf/renderReportPdf');

/** Markdown then PDF, as the reporter does: wall time, pages and bytes. */
async function markdownAndPdf(render: Renderer['renderReportPdf'], m: ReportModel): Promise<{ ms: number; bytes: number; pages: number }> {
  const start = performance.now();
  const markdown = renderReport(m);
  const pdf = await render(m, markdown);
  const ms = performance.now() - start;
  // Counted after the clock stops (pdf-lib is loaded by then: the renderer uses it).
  const { PDFDocument } = require('pdf-lib') as typeof import('pdf-lib');
  const pages = (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
  return { ms, bytes: pdf.length, pages };
}

export async function benchReportPdf(runs = 7): Promise<Record<string, unknown>> {
  const loadStart = performance.now();
  const { renderReportPdf } = require('../lambdas/agents/reporter/pdf/renderReportPdf') as Renderer;
  const moduleLoadMs = performance.now() - loadStart;

  const ultra = manyFindingsReport(300);
  const cold = await markdownAndPdf(renderReportPdf, ultra);
  const warm: number[] = [];
  let last = cold;
  for (let i = 0; i < runs; i++) {
    last = await markdownAndPdf(renderReportPdf, ultra);
    warm.push(last.ms);
  }

  const typical = judgedReport();
  const typicalRuns: number[] = [];
  let typicalLast = await markdownAndPdf(renderReportPdf, typical);
  for (let i = 0; i < runs; i++) {
    typicalLast = await markdownAndPdf(renderReportPdf, typical);
    typicalRuns.push(typicalLast.ms);
  }

  return {
    loadAverage1m: round(loadavg()[0]),
    moduleLoadMs: round(moduleLoadMs),
    ultra300FirstInProcessMs: round(cold.ms),
    ultra300MarkdownAndPdfMedianMs: round(median(warm)),
    ultra300MarkdownAndPdfMaxMs: round(Math.max(...warm)),
    ultra300Pages: last.pages,
    ultra300PdfKiB: round(last.bytes / 1024),
    typicalMarkdownAndPdfMedianMs: round(median(typicalRuns)),
    typicalPages: typicalLast.pages,
    typicalPdfKiB: round(typicalLast.bytes / 1024),
    withinTargets: median(warm) <= 1000 && typicalLast.bytes <= 1024 * 1024,
  };
}

if (require.main === module) {
  benchReportPdf().then(
    (r) => process.stdout.write(`${JSON.stringify(r, null, 2)}\n`),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
