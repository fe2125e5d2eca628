/**
 * The report's length as a lawyer meets it (issue 31): every bundled example audited once through the
 * CLI (rules only, `--review off`), its report rendered to PDF at guest, pro and ultra, and per example
 * and tier the pages before the appendix, the total pages and the words before the appendix, against
 * the targets (guest ≤ 2 pages before the appendix, pro ≤ 4; ultra may add the evidence appendix).
 * Run `npm run build` first: the audits go through bin/case-audit.js.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderReport } from '../lambdas/agents/reporter/renderReport';
import { renderReportPdf } from '../lambdas/agents/reporter/pdf/renderReportPdf';
import { auditExample, exampleFolders, measurePdf, modelAt, PAGE_TARGETS, TIERS } from '../test/integration/reporter/exampleReports';

interface Row {
  example: string;
  tier: string;
  pagesBeforeAppendix: number;
  totalPages: number;
  wordsBeforeAppendix: number;
  target: string;
}

function table(rows: readonly Row[]): string {
  const head = ['example', 'tier', 'pages before appendix', 'total pages', 'words before appendix', 'target'];
  const cells = rows.map((r) => [r.example, r.tier, String(r.pagesBeforeAppendix), String(r.totalPages), String(r.wordsBeforeAppendix), r.target]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: readonly string[]) => `| ${c.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

export async function benchReportLength(): Promise<Record<string, unknown>> {
  const work = mkdtempSync(join(tmpdir(), 'case-audit-bench-report-length-'));
  const home = join(work, '.case-audit');
  const rows: Row[] = [];
  for (const example of exampleFolders()) {
    for (const tier of TIERS) {
      // Each tier's report comes from an audit run at that tier (research depth and citations differ).
      const bundle = auditExample(example, join(work, `${example}-${tier}`), home, tier);
      const m = modelAt(bundle, tier);
      const length = await measurePdf(await renderReportPdf(m, renderReport(m)));
      const cap = PAGE_TARGETS[tier];
      rows.push({
        example,
        tier,
        pagesBeforeAppendix: length.pagesBeforeAppendix,
        totalPages: length.pages,
        wordsBeforeAppendix: length.wordsBeforeAppendix,
        target: cap === undefined ? 'no cap' : `≤ ${cap}: ${length.pagesBeforeAppendix <= cap ? 'met' : 'MISSED'}`,
      });
    }
  }
  const missed = rows.filter((r) => r.target.endsWith('MISSED')).map((r) => `${r.example} (${r.tier})`);
  process.stderr.write(`${table(rows)}\n`);
  return { rows, missed, table: table(rows) };
}

if (require.main === module) {
  benchReportLength().then((r) => console.log(r.table));
}
