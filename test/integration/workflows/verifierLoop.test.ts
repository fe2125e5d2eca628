import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { startAudit } from '../../../lambdas/core/audit/startAudit';
import { summarizeAudit } from '../../../lambdas/core/audit/auditSummary';
import { documentsPrefix, reportPrefix } from '../../../lambdas/core/storage/objectKeys';
import type { DetectiveOutput } from '../../../lambdas/contracts/detectiveOutput';
import type { VerifierOutput } from '../../../lambdas/contracts/verifierOutput';
import type { Tier, WorkflowType } from '../../../workflows/schema';
import { startCaseLawMcpServer, type CaseLawMcpServer } from '../research/caseLawMcpServer';

/** The verifier loop through the committed ASL and the real agents, strategist and judge included. */
const EXAMPLES = join(__dirname, '../../../examples');

describe('verifier loop', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
  });
  afterAll(async () => {
    await rt.stop();
  });

  async function uploadExample(folder: string, caseId: string) {
    const dir = join(EXAMPLES, folder);
    for (const name of readdirSync(dir)) {
      if (name === 'audit.json' || name === 'README.md') continue;
      await rt.emulators.blobs.put(`${documentsPrefix('local', caseId)}${name}`, readFileSync(join(dir, name)));
    }
  }

  async function audit(caseId: string, workflowType: WorkflowType, tier: Tier) {
    const session = await startAudit({ store: rt.emulators.store, blobs: rt.emulators.blobs, starter: rt }, { caseId, workflowType, tier, model: 'none', gateMode: 'live', owner: 'local' });
    expect((await rt.wait(session.auditId)).status).toBe('SUCCEEDED');
    return rt.emulators.store.get(session.auditId);
  }

  // However many iterations the tier allows, another pass cannot rewrite the client's own letter.
  describe.each(['guest', 'pro', 'ultra'] as const)('a refusal analysis whose submission letter cites bad law, %s tier', (tier) => {
    const maxRuns = 1;
    const caseId = `refusal-${tier}`;
    let auditId: string;

    beforeAll(async () => {
      await uploadExample('visitor-visa-refusal-analysis', caseId);
      auditId = (await audit(caseId, 'refusal-analysis', tier)).auditId;
    });

    it('runs the verifier once and ends INCOMPLETE without looping back: the failed citations are in the client\'s document', async () => {
      const session = await rt.emulators.store.get(auditId);
      expect(session.stageStatus.verifier).toMatch(/not looped back: the failed citations are in the client's documents/);
      expect(session.status).toBe('INCOMPLETE');
      expect(session.verificationIterations).toBe(maxRuns);
      const events = await rt.emulators.store.listEvents(auditId);
      expect(events.filter((e) => e.type === 'stage-started' && e.stage === 'verifier')).toHaveLength(maxRuns);
      expect(events.filter((e) => e.type === 'stage-started' && e.stage === 'detective')).toHaveLength(maxRuns);
      expect(session.completedStages).toEqual(['intake', 'detective', 'strategist', 'gatekeeper', 'verifier', 'judge', 'reporter']);
    });

    it('lists the invented decision as unverified (it cannot be proved impossible offline) and Dunsmuir as superseded by Vavilov, with attempts', async () => {
      const summary = await summarizeAudit(rt.emulators.store, await rt.emulators.store.get(auditId));
      expect(summary.status).toBe('INCOMPLETE');
      expect(summary.verification.status).toBe('INCOMPLETE');
      const failed = summary.verification.failedCitations;
      expect(failed).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ citation: expect.stringContaining('2022 FC 1734'), issue: 'unverified', attempts: maxRuns }),
          expect.objectContaining({ citation: expect.stringContaining('2008 SCC 9'), issue: 'superseded', attempts: maxRuns }),
        ]),
      );
      expect(failed.find((f) => f.issue === 'superseded')!.detail).toContain('2019 SCC 65');
      // the correct citations in the same letter are not flagged
      expect(failed.map((f) => f.citation).join(' ')).not.toMatch(/2019 SCC 65|\[1999\] 2 SCR 817/);
    });

    it('writes the AUDIT INCOMPLETE section and presents no unverified citation as authority', async () => {
      const report = new TextDecoder().decode(await rt.emulators.blobs.get(`${reportPrefix('local', caseId, auditId)}report.md`));
      expect(report.startsWith('> **Disclaimer.**')).toBe(true);
      expect(report).toContain('## AUDIT INCOMPLETE – MANUAL REVIEW REQUIRED');
      expect(report).toMatch(/\| Citation \| Issue \| Attempts \| Where \| Recommended action \|/);
      // A replacement may say what it replaces; the failed citation itself is never cited as authority.
      const start = report.indexOf('### Authorities relied on');
      // The authorities end at the next section, or (a guest report) where the failed citations are listed.
      const ends = [report.indexOf('\n## ', start), report.indexOf('These citations could not be verified', start)].filter((i) => i > start);
      const research = report.slice(start, Math.min(...ends)).replace(/\(replaces [^)]*\)/g, '');
      expect(research).not.toContain('2022 FC 1734');
      expect(research).not.toContain('2008 SCC 9');
    });
  });

  describe('a replacement found on the second iteration', () => {
    let mcp: CaseLawMcpServer;
    beforeAll(async () => {
      // An external source that returns a decision which does not exist.
      mcp = await startCaseLawMcpServer([
        {
          citation: '2021 FC 9999',
          name: 'Quillfeather v. Canada (Citizenship and Immigration)',
          summary: 'genuine marriage relationship bad faith primary purpose spousal sponsorship misrepresentation refusal',
          topics: ['spousal-bona-fides'],
        },
      ]);
      process.env.CASE_AUDIT_MCP_URL = mcp.url;
    });
    afterAll(async () => {
      delete process.env.CASE_AUDIT_MCP_URL;
      await mcp.close();
    });

    it('loops back, replaces the failed citation, and ends in PASS', async () => {
      await uploadExample('spousal-sponsorship-risk-audit', 'spousal-pro');
      const session = await audit('spousal-pro', 'risk-audit', 'pro');
      const first = await rt.emulators.store.readOutput<VerifierOutput>(session, 'verifier@1');
      expect(first?.failed.map((f) => f.citation)).toContain('2021 FC 9999');
      // Impossible by the reader's limit on Federal Court numbers (fabricated); a reader without that limit leaves it unverified. Never verified.
      expect(['fabricated', 'unverified']).toContain(first?.failed.find((f) => f.citation === '2021 FC 9999')?.issue);

      expect(session.verificationIterations).toBe(2);
      expect(session.status).toBe('SUCCEEDED');
      const detective = await rt.emulators.store.readOutput<DetectiveOutput>(session, 'detective');
      expect(detective!.authorities.map((a) => a.citation)).not.toContain('2021 FC 9999');
      expect(detective!.researchCalls.used).toBeLessThanOrEqual(6);
      const summary = await summarizeAudit(rt.emulators.store, session);
      expect(summary.verification).toEqual({ status: 'PASS', failedCitations: [] });
    });
  });
});
