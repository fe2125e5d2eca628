import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKFLOW_TYPES } from '../../workflows/schema';
import { cli, ROOT, workFolder } from './support/cliHarness';

jest.setTimeout(120_000);

const work = workFolder('examples');
const home = join(work, '.case-audit');
const examples = readdirSync(join(ROOT, 'examples'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(ROOT, 'examples', e.name, 'audit.json')))
  .map((e) => e.name);

/** What the README promises for each example (its table "Workflows, one example each"). */
const PROMISED: Record<string, { code: number; outcome?: string; review?: boolean; check(result: Record<string, any>, report: string): void }> = {
  'spousal-sponsorship-risk-audit': {
    code: 0,
    review: true, // HIGH-RISK: held for a lawyer's review (exit 4) until `case-audit review --approve`
    outcome: 'HIGH-RISK',
    check: (r) => {
      expect(r.refusalTriggers).toEqual(expect.arrayContaining([expect.objectContaining({ provision: 'IRPA 40(1)(a)', severity: 'critical' })]));
      expect(r.injectionAttempts.length).toBeGreaterThan(0);
    },
  },
  'work-permit-initial-assessment': { code: 0, outcome: 'CAUTION', check: (_r, report) => expect(report).toMatch(/wage/i) },
  'study-permit-final-review': { code: 0, outcome: 'REVISE', check: (_r, report) => expect(report).toMatch(/passport/i) },
  'visitor-visa-refusal-analysis': {
    code: 3,
    review: true, // verification INCOMPLETE: held for review first
    outcome: 'REAPPLY',
    check: (r) => {
      const issues = (r.verification.failedCitations as Array<{ issue: string }>).map((f) => f.issue);
      expect(issues).toEqual(expect.arrayContaining(['superseded', 'unverified']));
      expect(issues).not.toContain('fabricated');
    },
  },
  'study-permit-document-list': {
    code: 0,
    check: (r) => {
      expect(r.checklist.present.length).toBeGreaterThan(0);
      // A clean file: bank fees "charged" on a statement are no criminal charge against the form's "No".
      expect(r.refusalTriggers ?? []).toEqual([]);
    },
  },
  'visitor-visa-client-guidance': {
    code: 0,
    check: (_r, report) => {
      expect(report).toContain('Nobody can promise you a result');
      // The passport page is a scan without a text layer: local OCR (the default when installed) reads it,
      // and the documents table says so, with its confidence.
      expect(report).toMatch(/\| passport-bio-page-scan\.pdf \| passport \| ok, read by OCR \(p\. 1, mean confidence \d+%\) \|/);
    },
  },
};

describe('bundled examples', () => {
  it('cover all six workflows', () => {
    const workflows = examples.map((e) => JSON.parse(readFileSync(join(ROOT, 'examples', e, 'audit.json'), 'utf8')).workflowType);
    expect([...new Set(workflows)].sort()).toEqual([...WORKFLOW_TYPES].sort());
  });

  it.each(examples)('%s runs with its own audit.json and exits 0 (or 3 when verification is incomplete; 4, then the promised code once approved, when held for review)', (example) => {
    let r = cli(['run', join(ROOT, 'examples', example), '--json', '--out', join(work, example)], { home });
    if (PROMISED[example]?.review) {
      expect(r.code).toBe(4);
      const waiting = JSON.parse(r.stdout);
      expect(waiting.status).toBe('AWAITING_REVIEW');
      r = cli(['review', waiting.auditId, '--approve', '--json', '--out', join(work, example)], { home });
    }
    expect([0, 3]).toContain(r.code);
    const result = JSON.parse(r.stdout);
    expect(result.status).toBe(r.code === 0 ? 'SUCCEEDED' : 'INCOMPLETE');
    const workflow = result.workflowType as string;
    if (['risk-audit', 'initial-assessment', 'final-review', 'refusal-analysis'].includes(workflow)) {
      expect(result.defensibilityScore).toEqual(expect.any(Number));
      expect(result.decision ?? result.verdict).toEqual(expect.any(String));
    }
    const report = readFileSync(result.reports.markdown, 'utf8');
    expect(report).toMatch(/^> \*\*Disclaimer\.\*\*/);
    const promised = PROMISED[example];
    expect(promised).toBeDefined(); // a new example needs its line in the README and here
    expect(r.code).toBe(promised.code);
    if (promised.outcome) expect(result.decision ?? result.verdict).toBe(promised.outcome);
    promised.check(result, report);
  });
});
