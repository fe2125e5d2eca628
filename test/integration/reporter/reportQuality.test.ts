/**
 * Every bundled example, audited end to end and its report rendered at each tier, reads as a memo
 * should: no sentence over 60 characters is said twice above the appendix, the summary statements agree
 * with the findings they summarise, and page one holds the outcome, the top issues and the next step.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderReport } from '../../../lambdas/agents/reporter/renderReport';
import { MACHINERY_HEADING } from '../../../lambdas/agents/reporter/sections/machineryAppendix';
import { MEMO_HEADING } from '../../../lambdas/agents/reporter/sections/memo';
import { parseReportMarkdown, plainText } from '../../../lambdas/agents/reporter/pdf/reportBlocks';
import { renderReportPdf } from '../../../lambdas/agents/reporter/pdf/renderReportPdf';
import { pageOneDeadlines } from '../../../lambdas/agents/reporter/sections/deadlines';
import { getWorkflow } from '../../../workflows/registry';
import { cli, ROOT, workFolder } from '../../e2e/support/cliHarness';
import { squeeze } from '../../unit/reporter/pdf/readPdf';
import { auditExample, measurePdf, modelAt, PAGE_TARGETS } from './exampleReports';

jest.setTimeout(600_000);

const EXAMPLES = join(ROOT, 'examples');
const folders = readdirSync(EXAMPLES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
  .map((d) => d.name)
  .sort();
const TIERS = ['guest', 'pro', 'ultra'] as const;

/** Every sentence a reader sees above the appendix: paragraphs, list items and table cells, split at full stops. */
function sentencesAboveAppendix(markdown: string): string[] {
  const body = markdown.split(`## ${MACHINERY_HEADING}`)[0];
  const texts = parseReportMarkdown(body).flatMap((b) =>
    b.kind === 'table' ? b.rows.flatMap((r) => r.map(plainText)) : b.kind === 'list' ? b.items.map(plainText) : 'runs' in b ? [plainText(b.runs)] : [],
  );
  return texts.flatMap((t) => t.split(/(?<=[.!?])\s+(?=[A-Z“"(])/)).map((s) => s.trim());
}

/**
 * A sentence without its references (a document and page, a provision id): two findings that rest on the
 * same document are not a repetition, two findings that say the same thing are.
 */
const statement = (sentence: string): string =>
  sentence
    .replace(/[\w.-]+\.(?:pdf|txt|md|docx)(?:, p\. \d+)?/g, '')
    .replace(/\b(?:IRPA|IRPR) \d+(?:\.\d+)?(?:\(\w+\))*/g, '')
    .replace(/[\s;,()—-]+/g, ' ')
    .trim();

const work = workFolder('report-quality');
const bundles = new Map<string, any>();

beforeAll(() => {
  for (const folder of folders) {
    const out = join(work, folder);
    const r = cli(['run', join(EXAMPLES, folder), '--review', 'off', '--json', '--out', out], { home: join(work, '.case-audit') });
    expect([0, 3]).toContain(r.code);
    bundles.set(folder, JSON.parse(readFileSync(join(out, 'bundle.json'), 'utf8')));
  }
});

const cases = folders.flatMap((folder) => TIERS.map((tier) => [folder, tier] as const));

describe('bundled examples at every tier', () => {
  it.each(cases)('%s (%s): says no sentence over 60 characters twice above the appendix', (folder, tier) => {
    const said = sentencesAboveAppendix(renderReport(modelAt(bundles.get(folder), tier))).filter((s) => statement(s).length > 60);
    const repeated = said.filter((s, i) => said.indexOf(s) !== i);
    expect(repeated).toEqual([]);
  });

  it.each(cases)('%s (%s): summary statements agree with the findings they summarise', (folder, tier) => {
    const m = modelAt(bundles.get(folder), tier);
    const md = renderReport(m);
    const g = m.gatekeeper;
    const adverseConsistency = (m.strategist?.factors ?? []).some((f) => /consisten|contradict/i.test(f.label) && (f.rating === 'adverse' || f.rating === 'weak'));
    if (g?.consistencyFindings?.length || adverseConsistency) expect(md).not.toMatch(/did not contradict each other/);
    if (g?.refusalTriggers?.length) expect(md).not.toContain('No refusal trigger was found');
    if (m.judge) expect(md).toMatch(new RegExp(`(Outcome|Provisional outcome \\(not final\\)): ${m.judge.outcome}\\b`));
    if (m.strategist) for (const s of md.matchAll(/Defensibility Score: (\d+)\/100/g)) expect(Number(s[1])).toBe(m.strategist.defensibilityScore);
    // Risk language never reads as a forecast.
    expect(md).not.toMatch(/carries a high risk of refusal|will be refused|will be approved/i);
  });

  it.each(cases)('%s (%s): page one holds the outcome or status, the issues and the next step', (folder, tier) => {
    const md = renderReport(modelAt(bundles.get(folder), tier));
    const first = md.indexOf('\n## ');
    const memo = md.slice(first, md.indexOf('\n## ', first + 1));
    if (getWorkflow(bundles.get(folder).workflowType).type === 'client-guidance') {
      expect(memo).toMatch(/\*\*(Next step:|Prochaine étape :)\*\*/);
      return;
    }
    expect(memo).toContain(`## ${MEMO_HEADING}`);
    expect(memo).toMatch(/\*\*(Outcome|Provisional outcome \(not final\)|Checklist)/);
    expect(memo).toMatch(/\*\*(Top \d issues|The issue to fix|Top issues:)/);
    expect(memo).toContain('**Next step:**');
  });
});

describe('page one of every bundled example as a reader sees it (the PDF)', () => {
  it.each(cases)('%s (%s): page one shows the outcome, the governing deadline, the top issues and the next step', async (folder, tier) => {
    const m = modelAt(bundles.get(folder), tier);
    const { pageTexts } = await measurePdf(await renderReportPdf(m, renderReport(m)));
    const one = squeeze(pageTexts[0]);
    if (m.session.workflowType === 'client-guidance') {
      expect(one).toMatch(/Nextstep:|Prochaineétape:/);
      return;
    }
    expect(one).toMatch(m.judge ? new RegExp(`(Outcome|Provisionaloutcome\\(notfinal\\)):${m.judge.outcome}`) : /Checklist:\d+of\d+itemspresent/);
    // The deadline that governs the next step, with its date and its rule, where the legal analysis has one.
    const governing = pageOneDeadlines(m.gatekeeper?.legal).find((d) => d.due);
    if (governing) {
      expect(one).toContain(squeeze(governing.due!));
      expect(one).toContain(squeeze(governing.rule));
    }
    expect(one).toMatch(/Top\dissues|Theissuetofix|Topissues:/);
    expect(one).toContain('Nextstep:');
  });
});

describe('the length of every bundled example as a reader meets it (the PDF)', () => {
  const reports = folders.map((folder) => [folder] as const);

  it.each(reports)(`%s: a pro report is at most ${PAGE_TARGETS.pro} pages before the appendix, a guest report ${PAGE_TARGETS.guest} (one more for an incomplete verification)`, async (folder) => {
    // Each tier's report as a user gets it: from an audit run at that tier (its research and citations differ).
    const report = async (tier: 'guest' | 'pro') => {
      const m = modelAt(auditExample(folder, join(work, `${folder}-${tier}`), join(work, '.case-audit'), tier), tier);
      return { pages: (await measurePdf(await renderReportPdf(m, renderReport(m)))).pagesBeforeAppendix, incomplete: m.verifier?.status === 'FAILED' };
    };
    const [guest, pro] = [await report('guest'), await report('pro')];
    expect(pro.pages).toBeLessThanOrEqual(PAGE_TARGETS.pro!);
    expect(guest.pages).toBeLessThanOrEqual(pro.pages);
    // A guest report is two pages, and one more when it must carry the AUDIT INCOMPLETE table of the
    // citations that failed (the bench reports each: `npm run bench -- reportLength`).
    expect(guest.pages).toBeLessThanOrEqual(PAGE_TARGETS.guest! + (guest.incomplete ? 1 : 0));
  });
});

