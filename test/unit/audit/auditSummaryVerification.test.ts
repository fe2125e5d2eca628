import { incompleteSection } from '../../../lambdas/agents/reporter/sections/verificationSection';
import { summarizeAudit } from '../../../lambdas/core/audit/auditSummary';
import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { VerifierOutput } from '../../../lambdas/contracts/verifierOutput';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import type { SessionStore } from '../../../lambdas/core/session/sessionStore';
import { verifyCitations } from '../../../lambdas/agents/verifier/verification/verifyCitations';
import { parse, section } from '../reporter/markdownParse';

const session = {
  auditId: 'aud-1', caseId: 'case-1', owner: 'local', workflowType: 'final-review', tier: 'pro', model: 'none', gateMode: 'live',
  status: 'INCOMPLETE', currentStage: null, completedStages: ['intake', 'detective', 'strategist', 'gatekeeper', 'verifier', 'judge', 'reporter'],
  outputs: {}, stageStatus: {}, stageTimings: {}, retries: {}, verificationIterations: 2, verificationStatus: 'FAILED',
  usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0 }, version: 9,
  startedAt: '2026-01-10T10:00:00.000Z', updatedAt: '2026-01-10T10:00:05.000Z', completedAt: '2026-01-10T10:00:05.000Z',
} satisfies Session;

/** A store holding only the given stage outputs. */
const storeWith = (outputs: Record<string, unknown>) => ({ readOutput: async (_s: Session, stage: string) => outputs[stage] }) as unknown as SessionStore;

/** What a real verification run gives for a letter citing an unverifiable, an impossible and a superseded decision. */
const verifier = VerifierOutput.parse(
  verifyCitations(
    [
      { citation: 'Hassani v. Canada (Minister of Citizenship and Immigration), 2006 FC 1283', foundIn: 'document:letter.docx' },
      { citation: '2031 FC 5', foundIn: 'document:letter.docx' },
      { citation: 'Dunsmuir v. New Brunswick, 2008 SCC 9', foundIn: 'strategist' },
    ],
    loadResearchIndex(),
    { iteration: 2, now: new Date('2026-01-10T10:00:04.000Z') },
  ),
);

describe('audit summary: verification.failedCitations (case-audit run --json)', () => {
  it('gives each failed citation its issue and attempts (DESIGN §7), where it was found, why, and the recommended action', async () => {
    const summary = await summarizeAudit(storeWith({ verifier }), session);
    expect(summary.verification.status).toBe('INCOMPLETE');
    expect(summary.verification.failedCitations).toEqual(
      verifier.failed.map((f) => ({ citation: f.citation, issue: f.issue, attempts: f.attempts, detail: f.detail, foundIn: f.foundIn, recommendedAction: f.recommendedAction })),
    );
    expect(summary.verification.failedCitations.map((f) => [f.issue, f.recommendedAction])).toEqual([
      ['unverified', expect.stringMatching(/^verify it on CanLII before relying on it/)],
      ['fabricated', expect.stringMatching(/^remove it: no decision can have this citation/)],
      ['superseded', expect.stringMatching(/\S/)],
    ]);
  });

  it('recommends for each citation exactly what the report’s AUDIT INCOMPLETE table recommends', async () => {
    const summary = await summarizeAudit(storeWith({ verifier }), session);
    const rows = section(parse(incompleteSection(verifier)), 'AUDIT INCOMPLETE – MANUAL REVIEW REQUIRED').filter((l) => l.includes(' | ')).slice(1);
    expect(rows.map((r) => r.split(' | ').at(-1))).toEqual(summary.verification.failedCitations.map((f) => f.recommendedAction));
  });

  it('lists none when verification passed or did not run', async () => {
    const passed = { status: 'PASS', iteration: 1, checked: [], failed: [] } satisfies VerifierOutput;
    expect((await summarizeAudit(storeWith({ verifier: passed }), { ...session, verificationStatus: 'PASS' })).verification).toEqual({ status: 'PASS', failedCitations: [] });
    expect((await summarizeAudit(storeWith({}), { ...session, verificationStatus: undefined })).verification).toEqual({ status: 'NOT_RUN', failedCitations: [] });
  });
});
