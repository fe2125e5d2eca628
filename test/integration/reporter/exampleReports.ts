/**
 * The bundled examples as finished audits, and their reports measured as a reader meets them: used by
 * the report-quality test and by `npm run bench -- reportLength`. Each example runs once through the
 * CLI (rules only, `--review off`: the report is measured, not the review step); its bundle.json then
 * renders at every tier without running the audit again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReportModel } from '../../../lambdas/agents/reporter/reportModel';
import { MACHINERY_HEADING } from '../../../lambdas/agents/reporter/sections/machineryAppendix';
import { getTiers, getWorkflow } from '../../../workflows/registry';
import { cli, ROOT } from '../../e2e/support/cliHarness';
import { readPdf } from '../../unit/reporter/pdf/readPdf';

export const EXAMPLES = join(ROOT, 'examples');
export const TIERS = ['guest', 'pro', 'ultra'] as const;
export type Tier = (typeof TIERS)[number];

/** The length targets: pages before the appendix (ultra may add the evidence appendix, and has no cap). */
export const PAGE_TARGETS: Partial<Record<Tier, number>> = { guest: 2, pro: 4 };

/** Every bundled example folder (those starting with `_` are sources, not examples), sorted. */
export function exampleFolders(): string[] {
  return readdirSync(EXAMPLES, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
    .map((d) => d.name)
    .sort();
}

/**
 * Audits `folder` through the CLI into `out` (at `tier`, else the CLI's default tier) and returns its
 * bundle.json. Throws with the CLI's stderr when the run fails.
 */
export function auditExample(folder: string, out: string, home: string, tier?: Tier): any {
  const r = cli(['run', join(EXAMPLES, folder), '--review', 'off', '--json', '--out', out, ...(tier ? ['--tier', tier] : [])], { home });
  if (r.code !== 0 && r.code !== 3) throw new Error(`case-audit run ${folder} exited ${r.code}: ${r.stderr.slice(-2000)}`);
  return JSON.parse(readFileSync(join(out, 'bundle.json'), 'utf8'));
}

/** The report model of a finished audit, from its bundle.json, at `tier`'s depth. */
export function modelAt(bundle: any, tier: Tier): ReportModel {
  const o = bundle.outputs;
  const features = getTiers()[tier];
  return {
    session: { auditId: bundle.auditId, caseId: bundle.caseId, workflowType: bundle.workflowType, tier, model: bundle.request.model, startedAt: bundle.generatedAt },
    workflowTitle: getWorkflow(bundle.workflowType).title,
    reportDepth: features.reportDepth,
    maxCitations: features.maxCitations,
    generatedAt: bundle.generatedAt,
    intake: o.intake,
    gatekeeper: o.gatekeeper,
    detective: o.detective,
    strategist: o.strategist,
    verifier: o.verifier,
    judge: o.judge,
    stageStatus: bundle.stageStatus,
  };
}

export interface PdfLength {
  pages: number;
  /** Pages before the one the machinery appendix opens (it always starts a page of its own). */
  pagesBeforeAppendix: number;
  /** Words on those pages, running heads and footers included (what a reader's eye passes over). */
  wordsBeforeAppendix: number;
  /** Each page's text as PDF.js reads it. */
  pageTexts: string[];
}

/**
 * A report PDF's length as a reader meets it. The appendix's first page is the first after the cover
 * whose text holds the appendix heading (the cover's contents name it too, so page one is skipped).
 */
export async function measurePdf(bytes: Uint8Array): Promise<PdfLength> {
  const { pages } = await readPdf(bytes);
  const pageTexts = pages.map((p) => p.text.replace(/\s+/g, ' ').trim());
  const found = pageTexts.findIndex((t, i) => i > 0 && t.includes(MACHINERY_HEADING));
  const pagesBeforeAppendix = found < 0 ? pages.length : found;
  const wordsBeforeAppendix = pageTexts.slice(0, pagesBeforeAppendix).reduce((n, t) => n + (t.match(/\S+/g)?.length ?? 0), 0);
  return { pages: pages.length, pagesBeforeAppendix, wordsBeforeAppendix, pageTexts };
}
