/**
 * One table for `npm run bench`: each figure with its target and the ratio measured / target, so a
 * regression or a met target reads at a glance. Targets come from the issues that set them.
 */

export interface Figure {
  figure: string;
  measured: number;
  unit: 'ms' | 'MB' | 'KiB' | '×' | 'USD' | 'audits';
  /** The figure is met when measured ≤ target. */
  target: number;
}

type Results = Record<string, unknown>;

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const rec = (value: unknown): Results => (value && typeof value === 'object' ? (value as Results) : {});

function figure(out: Figure[], name: string, value: unknown, unit: Figure['unit'], target: number): void {
  const measured = num(value);
  if (measured !== undefined) out.push({ figure: name, measured, unit, target });
}

/** Figures with targets, from whatever benches ran (a bench that did not run adds none). */
export function targetFigures(results: Results): Figure[] {
  const out: Figure[] = [];
  const cli = rec(results.cliRun);
  figure(out, 'run document-list example, host up (median wall)', cli.warmHostMedianMs, 'ms', 1000);
  figure(out, 'run document-list example, host up (peak RSS of the command)', cli.warmPeakRssMedianMb, 'MB', 150);
  figure(out, '`case-audit workflows` (median wall)', cli.workflowsCommandMedianMs, 'ms', 150);
  for (const [example, r] of Object.entries(rec(results.workflowRuns))) {
    figure(out, `${rec(r).workflow ?? example} example, rules only, host up (median wall)`, rec(r).wallMedianMs, 'ms', 1500);
  }
  const store = rec(results.sessionStore);
  figure(out, 'session store update p99 (on disk, through the host)', store.updateP99Ms, 'ms', 20);
  figure(out, 'session store get p99 (on disk, through the host)', store.getP99Ms, 'ms', 20);
  const pdf = rec(results.pdfExtraction);
  for (const [key, value] of Object.entries(pdf)) {
    if (/RatioToPdftotext$|VsPdftotext$/i.test(key)) figure(out, `PDF extraction ${key} (× pdftotext)`, value, '×', 2);
  }
  figure(out, '3000-page folder wall', pdf.folder3000PagesMs, 'ms', 10_000);
  figure(out, '3000-page folder peak RSS', pdf.folder3000PagesPeakRssMb, 'MB', 600);
  figure(out, 'case-law index load (cold)', rec(results.citations).indexLoadColdMs, 'ms', 100);
  figure(out, 'verify 200 citations', rec(results.verification).verify200CitationsMs, 'ms', 50);
  figure(out, 'statute index load (cold, fresh process)', rec(results.statuteIndex).coldLoadMedianMs, 'ms', 50);
  figure(out, 'read and verify every citation of a 300-page document', rec(results.citationReading).readAndVerifyMs, 'ms', 200);
  for (const [name, fn] of Object.entries(rec(rec(results.cdk).bundles))) {
    figure(out, `Lambda bundle ${name}`, rec(fn).bundleKiB, 'KiB', name === 'intake' ? 2048 : 1024);
    figure(out, `Lambda import ${name} (min)`, rec(fn).importMinMs, 'ms', 300);
  }
  const report = rec(results.reportPdf);
  figure(out, 'Ultra report, 300 findings: Markdown + PDF (median)', report.ultra300MarkdownAndPdfMedianMs, 'ms', 1000);
  figure(out, 'typical report PDF size', report.typicalPdfKiB, 'KiB', 1024);
  const load = rec(results.loadAudits);
  const loadRss = rec(load.peakRssMb);
  const peakProcess = num(rec(loadRss.process).duringAudits);
  const peakHost = num(rec(loadRss.host).duringAudits) ?? 0;
  if (peakProcess !== undefined) figure(out, '50 concurrent audits: peak RSS, runtime + host', peakProcess + peakHost, 'MB', 2048);
  figure(out, '50 concurrent audits: lost', load.lost, 'audits', 0);
  figure(out, '50 concurrent audits: duplicated', load.duplicated, 'audits', 0);
  const judgment = rec(results.judgment);
  figure(out, 'judgment corpus: strong files given HIGH-RISK/NO-GO/ABANDON', judgment.strongFilesAlarmed, 'audits', 0);
  const model = rec(results.modelLayer);
  figure(out, 'model layer overhead per call', model.overheadPerCallMs, 'ms', 5);
  figure(out, 'estimated model cost per Pro audit', model.proAuditCostUsd, 'USD', 0.03);
  return out;
}

const pad = (text: string, width: number) => text.padEnd(width);

/** The figures as an aligned plain-text table with a verdict per row. */
export function formatTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => {
    const ratio = f.target === 0 ? Number.NaN : f.measured / f.target;
    const met = f.target === 0 ? f.measured === 0 : ratio <= 1;
    return [f.figure, `${Number(f.measured.toFixed(f.unit === 'USD' || Math.abs(f.measured) < 1 ? 4 : 1))} ${f.unit}`, `≤ ${f.target} ${f.unit}`, f.target === 0 ? '—' : ratio.toFixed(2), met ? 'met' : 'MISSED'];
  });
  const header = ['figure', 'measured', 'target', 'ratio', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows].map((r) => r.map((cell, i) => pad(cell, widths[i])).join('  ').trimEnd()).join('\n');
}
