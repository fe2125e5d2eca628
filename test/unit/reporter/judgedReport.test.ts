/**
 * A judged report reads like a memo: page one (outcome, deadlines, top issues, next step), then the
 * reasoning once each, then the machinery in an appendix. Legal analyses are built by hand (valid per
 * the zod schema) for the cases a lawyer must not miss: a deadline close, one passed, an appeal to the
 * IAD and a decisive bar.
 */
import { renderReport } from '../../../lambdas/agents/reporter/renderReport';
import type { ReportModel } from '../../../lambdas/agents/reporter/reportModel';
import { LegalAnalysis } from '../../../lambdas/contracts/legalAnalysis';
import { INCOMPLETE_HEADING } from '../../../lambdas/agents/reporter/sections/verificationSection';
import { MACHINERY_HEADING } from '../../../lambdas/agents/reporter/sections/machineryAppendix';
import { MEMO_HEADING } from '../../../lambdas/agents/reporter/sections/memo';
import { JUDGED_TYPES, OUTCOMES, judgedReport } from './judgedFixture';
import { headings, parse, section } from './markdownParse';

const render = (m: ReportModel) => parse(renderReport(m));
const h2 = (m: ReportModel) => headings(render(m)).filter((h) => h.startsWith('h2 ')).map((h) => h.slice(3));
/** The report's text above the appendix: what a reader acts on. */
const body = (m: ReportModel) => renderReport(m).split(`## ${MACHINERY_HEADING}`)[0];

const WHERE = { docId: 'refusal-letter.pdf', page: 1, quote: 'Your application for a permanent resident visa is refused.' };

function withLegal(m: ReportModel, legal: LegalAnalysis): ReportModel {
  return { ...m, gatekeeper: { ...m.gatekeeper!, legal: LegalAnalysis.parse(legal) } };
}

const JR_CLOSE: LegalAnalysis = {
  asOf: '2026-11-28',
  findings: [],
  deadlines: [
    {
      id: 'jr-leave',
      label: 'Application for leave and judicial review (Federal Court)',
      rule: 'IRPA 72(2)(b)',
      period: '15 days',
      startsFrom: { event: 'refusal received', date: '2026-11-16', evidence: WHERE },
      due: '2026-12-01',
      status: 'close',
      daysLeft: 3,
      severity: 'high',
      explanation: 'The refusal was made in Canada and received on 2026-11-16, so the application must be served and filed within 15 days.',
    },
  ],
};

const JR_PASSED: LegalAnalysis = {
  ...JR_CLOSE,
  deadlines: [{ ...JR_CLOSE.deadlines[0], due: '2026-11-20', status: 'passed', daysLeft: -8, severity: 'critical', explanation: 'Fifteen days from the refusal received on 2026-11-05 ended on 2026-11-20.' }],
  review: { forum: { route: 'federal-court-leave', provision: 'IRPA 72(1)', reason: 'A refusal of a temporary resident visa has no appeal to the IAD.', deadline: 'jr-leave' }, grounds: [] },
};

const IAD_APPEAL: LegalAnalysis = {
  asOf: '2026-11-28',
  findings: [],
  deadlines: [
    {
      id: 'iad-sponsorship-appeal',
      label: 'Notice of appeal to the Immigration Appeal Division',
      rule: 'IRPA 63(1)',
      period: '30 days',
      startsFrom: { event: 'sponsor received the refusal', date: '2026-11-10', evidence: WHERE },
      due: '2026-12-10',
      status: 'open',
      daysLeft: 12,
      severity: 'medium',
      explanation: 'The sponsor received the refusal on 2026-11-10; the notice of appeal is due 30 days later.',
    },
  ],
  review: {
    forum: { route: 'iad-appeal', provision: 'IRPA 63(1)', reason: 'A sponsor may appeal the refusal of a family class application to the IAD.', deadline: 'iad-sponsorship-appeal' },
    grounds: [
      {
        kind: 'overlooked-evidence',
        strength: 'strong',
        reasoning: 'The officer found no proof of cohabitation, but the joint lease signed in 2024 is in the record.',
        evidence: [{ docId: 'joint-lease.pdf', page: 1, quote: 'Tenants: both spouses, from 2024-03-01.' }],
      },
    ],
  },
};

const BAR: LegalAnalysis = {
  asOf: '2026-11-28',
  findings: [
    {
      ruleId: 'bar:excluded-relationship-undertaking',
      provision: 'IRPR 117(9)(b)',
      status: 'engaged',
      severity: 'critical',
      decisive: true,
      title: "Excluded relationship: previous spouse's undertaking still running",
      reasoning:
        "The sponsor's previous spouse became a permanent resident on 2022-05-10; the undertaking runs three years to 2025-05-10; this application, dated 2024-11-02, falls inside it.",
      facts: [{ docId: 'imm1344.txt', page: 2, quote: 'Previous spouse landed 2022-05-10' }],
    },
  ],
  deadlines: [],
};

describe('page one: the memo', () => {
  it.each(JUDGED_TYPES)('opens a %s report, after the disclaimer, with the outcome, the next step and then the top issues', (type) => {
    const m = judgedReport(undefined, undefined, { workflowType: type, verification: 'PASS' });
    expect(renderReport(m).startsWith('> **Disclaimer.** ')).toBe(true);
    expect(h2(m)[0]).toBe(MEMO_HEADING);
    const memo = section(render(m), MEMO_HEADING);
    expect(memo[0]).toMatch(new RegExp(`^Outcome: ${OUTCOMES[type]} — `));
    expect(memo.some((l) => /^1\. .* Evidence: .+\. Fix: .+/.test(l))).toBe(true);
    expect(memo.filter((l) => /^\d\. /.test(l)).length).toBeLessThanOrEqual(3);
    // What to do comes before the list of issues, so it stays on page one when the issues run long.
    const step = memo.findIndex((l) => /^Next step: /.test(l));
    expect(step).toBeGreaterThan(0);
    expect(step).toBeLessThan(memo.findIndex((l) => /^1\. /.test(l)));
  });

  it('never tells a reader to file beside an outcome that asks for work: with no issue listed, the step names the factors to strengthen', () => {
    const m = judgedReport(undefined, undefined, { verification: 'PASS' });
    const clean = (outcome: string): ReportModel => ({
      ...m,
      judge: { ...m.judge!, outcome: outcome as never },
      gatekeeper: { ...m.gatekeeper!, refusalTriggers: [], complianceIssues: [], consistencyFindings: [] },
    });
    const step = (outcome: string) => section(render(clean(outcome)), MEMO_HEADING).find((l) => l.startsWith('Next step:'));
    expect(step('REVISE')).toBe('Next step: Strengthen the factors the Defensibility Score rates weak or without evidence in the file, then audit it again.');
    expect(step('APPROVE')).toMatch(/^Next step: File after the representative’s own check/);
  });

  it('names a document read by OCR on page one and in the documents table, and no other', () => {
    const m = judgedReport();
    const [first, ...rest] = m.intake.documents;
    const scanned: ReportModel = { ...m, intake: { ...m.intake, documents: [{ ...first!, ocr: { pages: [1, 2], confidence: 0.874 } }, ...rest] } };
    const memo = section(render(scanned), MEMO_HEADING).join('\n');
    expect(memo).toContain(`Read by OCR: ${first!.name} (pp. 1, 2, mean confidence 87%). OCR can misread letters and digits: check the facts taken from this document against the original before relying on them.`);
    const documents = section(render(scanned), 'Documents');
    expect(documents.find((row) => row.startsWith(`${first!.name} |`))).toContain('read by OCR (pp. 1, 2, mean confidence 87%)');
    expect(documents.filter((row) => row.includes('read by OCR'))).toHaveLength(1);
    expect(section(render(m), MEMO_HEADING).join('\n')).not.toContain('Read by OCR');
  });

  it('ranks the critical refusal trigger first and pairs each issue with its fix', () => {
    const memo = section(render(judgedReport(undefined, undefined, { verification: 'PASS' })), MEMO_HEADING);
    const issues = memo.filter((l) => /^\d\. /.test(l));
    expect(issues[0]).toMatch(/^1\. \S+ \S+ · critical/);
  });

  it('shows a close judicial review deadline with its date and rule, and the next step runs against it', () => {
    const memo = section(render(withLegal(judgedReport(undefined, undefined, { workflowType: 'refusal-analysis', verification: 'PASS' }), JR_CLOSE)), MEMO_HEADING);
    const deadline = memo.find((l) => l.startsWith('Deadline close — 2026-12-01 (3 days left):'));
    expect(deadline).toContain('IRPA 72(2)(b)');
    expect(memo.find((l) => l.startsWith('Next step: '))).toContain('by 2026-12-01 (IRPA 72(2)(b))');
  });

  it('puts a passed deadline first and says how to ask for more time, never that the challenge is simply open', () => {
    const m = withLegal(judgedReport(undefined, undefined, { workflowType: 'refusal-analysis', verification: 'PASS' }), JR_PASSED);
    const memo = section(render({ ...m, judge: { ...m.judge!, outcome: 'APPEAL' } }), MEMO_HEADING);
    expect(memo[1]).toMatch(/^Deadline passed — 2026-11-20 \(8 days ago\): .*IRPA 72\(2\)\(b\)/);
    expect(memo[0]).toContain('Federal Court');
    expect(memo.find((l) => l.startsWith('Next step: '))).toMatch(/time limit has passed.*IRPA 72\(2\)\(c\)/);
  });

  it('keeps page one to the deadline\'s date and rule, and states once under Legal findings what the count depends on', () => {
    const withCheck = { ...JR_CLOSE, deadlines: [{ ...JR_CLOSE.deadlines[0], check: 'Confirm the day the refusal was received by e-mail.' }] };
    const tokens = render(withLegal(judgedReport(undefined, undefined, { workflowType: 'refusal-analysis', verification: 'PASS' }), withCheck));
    const memo = section(tokens, MEMO_HEADING);
    expect(memo.join(' ')).not.toContain('Confirm the day the refusal was received');
    expect(memo.find((l) => l.startsWith('Deadline close'))).toContain('What to confirm is under Legal findings.');
    expect(section(tokens, 'Legal findings').join(' ')).toContain('Confirm the day the refusal was received by e-mail.');
  });

  it('names the Immigration Appeal Division as the forum of an appeal, with its grounds in the legal findings', () => {
    const m = withLegal(judgedReport(undefined, undefined, { workflowType: 'refusal-analysis', verification: 'PASS' }), IAD_APPEAL);
    const tokens = render({ ...m, judge: { ...m.judge!, outcome: 'APPEAL' } });
    const memo = section(tokens, MEMO_HEADING);
    expect(memo[0]).toBe('Outcome: APPEAL — an appeal to the Immigration Appeal Division is recommended.');
    expect(memo.find((l) => l.startsWith('Deadline — 2026-12-10 (12 days left):'))).toContain('IRPA 63(1)');
    const legal = section(tokens, 'Challenging the refusal');
    expect(legal[0]).toMatch(/^Forum: Appeal to the Immigration Appeal Division \(IRPA 63\(1\)\)/);
    expect(legal.join('\n')).toContain('Evidence overlooked (strong) — The officer found no proof of cohabitation');
    expect(legal.join('\n')).toContain('“Tenants: both spouses, from 2024-03-01.” (joint-lease.pdf, p. 1)');
  });

  it('puts a decisive bar first on page one and states its reasoning once, in the legal findings', () => {
    const tokens = render(withLegal(judgedReport(undefined, undefined, { verification: 'PASS' }), BAR));
    const memo = section(tokens, MEMO_HEADING);
    expect(memo.find((l) => l.startsWith('1. '))).toMatch(/^1\. IRPR 117\(9\)\(b\) · critical — Excluded relationship/);
    const bars = section(tokens, 'Decisive findings and bars').join('\n');
    expect(bars).toContain('(IRPR 117(9)(b), engaged)');
    expect(bars).toContain('falls inside it');
    expect(bars).toContain('“Previous spouse landed 2022-05-10” (imm1344.txt, p. 2)');
    // The rule's id is machinery: in the appendix only.
    const report = renderReport(withLegal(judgedReport(undefined, undefined, { verification: 'PASS' }), BAR));
    expect(report.split(`## ${MACHINERY_HEADING}`)[0]).not.toContain('bar:excluded-relationship-undertaking');
    expect(report.split(`## ${MACHINERY_HEADING}`)[1]).toContain('bar:excluded-relationship-undertaking');
  });
});

describe('the reasoning and the appendix', () => {
  it('shows every rubric factor with its weight and rating at every tier', () => {
    for (const reportDepth of ['summary', 'full', 'full-with-evidence-appendix'] as const) {
      const m = judgedReport(undefined, undefined, { reportDepth, verification: 'PASS' });
      const rows = section(render(m), 'Defensibility Score').filter((l) => l.includes(' | '));
      for (const f of m.strategist!.factors) expect(rows.some((r) => r.startsWith(`${f.label} | ${f.weight} | `))).toBe(true);
    }
  });

  it('keeps internal labels out of everything above the appendix: no decision-table rule, no rule ids, no stage statuses', () => {
    const m = judgedReport(undefined, undefined, { verification: 'PASS' });
    const above = body(m);
    expect(above).not.toContain('Decision-table rule');
    expect(above).not.toContain(m.judge!.rule + ')');
    for (const t of m.gatekeeper!.refusalTriggers ?? []) expect(above).not.toContain(t.source);
    const appendix = section(render(m), MACHINERY_HEADING).join('\n');
    expect(appendix).toContain(`Decision-table rule: ${m.judge!.rule}`);
  });

  it('labels the outcome provisional and carries AUDIT INCOMPLETE when a citation failed', () => {
    const m = judgedReport();
    expect(section(render(m), MEMO_HEADING)[0]).toMatch(/^Provisional outcome \(not final\): /);
    expect(h2(m)).toContain(INCOMPLETE_HEADING);
  });

  it('says where each confirmed citation was confirmed', () => {
    const m = judgedReport(undefined, undefined, { verification: 'PASS', reportDepth: 'full' });
    const verification = section(render(m), 'Verification').join('\n');
    expect(verification).toMatch(/confirmed \(\d+ in the bundled index\)/);
    expect(verification).not.toMatch(/confirmed on CanLII/);
  });

  it('names no outcome when the judge stage failed, and does not make one up', () => {
    const m = { ...judgedReport(undefined, undefined, { verification: 'PASS' }), judge: undefined, stageStatus: { judge: 'failed: boom' } };
    const memo = section(render(m), MEMO_HEADING);
    expect(memo[0]).toMatch(/^No (decision|verdict) — The judge stage did not complete/);
    expect(renderReport(m)).not.toMatch(/Outcome: /);
  });
});
