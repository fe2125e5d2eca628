import { verifierAgent } from '../../../lambdas/agents/verifier/verifierAgent';
import { renderReportPdf } from '../../../lambdas/agents/reporter/pdf/renderReportPdf';
import { renderReport } from '../../../lambdas/agents/reporter/renderReport';
import type { ReportModel } from '../../../lambdas/agents/reporter/reportModel';
import { reporterGate } from '../../../lambdas/agents/reporter/reporterGate';
import type { GateIssue } from '../../../lambdas/core/gates/gateSchema';
import type { VerifierOutput } from '../../../lambdas/contracts/verifierOutput';
import type { AgentContext } from '../../../lambdas/core/stage/stageContract';
import { MemoryBlobs, gateInput } from '../gates/gateFixtures';
import { judgedReport } from './judgedFixture';
import { parse, section } from './markdownParse';

const REPORT_KEY = 'reports/local/case-1/audit-1/report.md';

/** The verifier's safe default when verification itself could not run: nothing checked, everything failed. */
const couldNotRun = (): VerifierOutput => verifierAgent.fallback!({ session: { verificationIterations: 0 } } as AgentContext, Object.assign(new Error('x'), { name: 'IndexUnavailable' })) as VerifierOutput;

/** The reporter's gate over the rendered report, as runStage runs it after the reporter. */
async function gate(m: ReportModel, markdown = renderReport(m)): Promise<GateIssue[]> {
  const blobs = new MemoryBlobs();
  blobs.objects.set(REPORT_KEY, markdown);
  const output = { reports: { markdown: REPORT_KEY, bundle: 'reports/local/case-1/audit-1/bundle.json', pdf: null } };
  const outputs = { intake: m.intake, strategist: m.strategist, gatekeeper: m.gatekeeper, verifier: m.verifier, judge: m.judge, detective: m.detective };
  return reporterGate.check(gateInput({ workflowType: m.session.workflowType, stageId: 'reporter', output, blobs, outputs }));
}

const errors = (issues: GateIssue[]) => issues.filter((i) => i.severity === 'error').map((i) => `${i.code} ${i.evidence.join(' ')}`);

describe('the report names an unconfirmed citation only as not verified', () => {
  it('adds no note where the verifier confirmed every citation the stages cite', () => {
    for (const verification of ['PASS', 'INCOMPLETE'] as const) {
      const markdown = renderReport(judgedReport(undefined, undefined, { verification }));
      expect(markdown).not.toMatch(/\(Not verified: IRP[AR]/);
    }
  });

  it('marks every provision the stages cite when verification could not run, and the gate then passes the report', async () => {
    const m = { ...judgedReport(), verifier: couldNotRun() };
    const markdown = renderReport(m);
    const triggers = section(parse(markdown), 'Refusal triggers').filter((l) => l.includes(' | ')).slice(1);
    expect(triggers.map((r) => r.split(' | ')[0])).toEqual([
      'IRPA 40(1)(a) (Not verified: IRPA 40(1)(a). This citation is not relied on as authority anywhere in this report.)',
      'IRPA 16(1) (Not verified: IRPA 16(1). This citation is not relied on as authority anywhere in this report.)',
      'IRPR 216(1)(b) (Not verified: IRPR 216(1)(b). This citation is not relied on as authority anywhere in this report.)',
      'IRPR 216(1)(b) (Not verified: IRPR 216(1)(b). This citation is not relied on as authority anywhere in this report.)',
    ]);
    // The judge's rationale names IRPA 40(1)(a) too.
    expect(section(parse(markdown), 'Why this outcome').find((l) => l.includes('IRPA 40(1)(a)'))).toMatch(/\(Not verified: IRPA 40\(1\)\(a\)\. This citation is not relied on as authority anywhere in this report\.\)$/);
    expect(errors(await gate(m))).toEqual([]);
    // The PDF is drawn from the same Markdown, notes included.
    const pdf = await renderReportPdf(m, markdown);
    expect(new TextDecoder('latin1').decode(pdf.slice(0, 5))).toBe('%PDF-');
    // Without the notes, the same report fails on those provisions.
    const bare = markdown.replace(/ \(Not verified: [^\n]*?in this report\.\)/g, '');
    expect(errors(await gate(m, bare))).toEqual(expect.arrayContaining([expect.stringMatching(/^reporter\.unverified-provision report\.md line \d+ IRPA 40\(1\)\(a\)$/)]));
  });

  it('leaves the AUDIT INCOMPLETE table and text quoted from the documents as they are', () => {
    const m = judgedReport(['imm1294.pdf', 'loa.pdf', 'bank.pdf', 'passport.pdf', 'photos.docx', 'notes.txt'], ['the officer relied on IRPA 25(1) wrongly'], { verification: 'INCOMPLETE' });
    const markdown = renderReport(m);
    expect(markdown).toContain('the officer relied on IRPA 25(1) wrongly');
    expect(markdown).not.toContain('(Not verified: IRPA 25(1)');
    const incomplete = section(parse(markdown), 'AUDIT INCOMPLETE – MANUAL REVIEW REQUIRED').join('\n');
    expect(incomplete).not.toContain('(Not verified:');
  });

  it('never marks the model’s overview: an unconfirmed provision there fails the gate', async () => {
    const m = { ...judgedReport(undefined, undefined, { verification: 'PASS' }), overview: 'The file is sound; IRPA 25(1) humanitarian relief is also open to the applicant, and the officer will weigh it.' };
    const markdown = renderReport(m);
    expect(markdown).toContain('IRPA 25(1) humanitarian relief');
    expect(markdown).not.toContain('(Not verified: IRPA 25(1)');
    expect(errors(await gate(m))).toEqual([expect.stringMatching(/^reporter\.unverified-provision report\.md line \d+ IRPA 25\(1\)$/)]);
  });
});
