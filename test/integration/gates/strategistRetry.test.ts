import { strategistAgent } from '../../../lambdas/agents/strategist/strategistAgent';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { registerLocalHandler, type LambdaHandler } from '../../../local/handlerRegistry';
import { startAudit } from '../../../lambdas/core/audit/startAudit';
import { createStageHandler } from '../../../lambdas/core/stage/createStageHandler';
import { documentsPrefix, reportPrefix } from '../../../lambdas/core/storage/objectKeys';
import type { StrategistOutput } from '../../../lambdas/contracts/strategistOutput';
import type { IntakeOutput } from '../../../lambdas/contracts/intakeOutput';
import { GATE_RESULT_EVENT } from '../../../lambdas/core/gates/gateLog';
import type { GateIssue, GateResult } from '../../../lambdas/core/gates/gateSchema';

const EXAMPLE = join(__dirname, '../../../examples/spousal-sponsorship-risk-audit');

/** A rules-only score from two factors: round(100 × (3·1 + 1·0.5) / 4) = 88. */
function scored(intake: IntakeOutput, rubricScore: number): StrategistOutput {
  return {
    applicationType: intake.applicationType,
    rubric: { id: 'test-rubric', version: '1' },
    factors: [
      { id: 'genuineness', label: 'Genuineness of the relationship', weight: 3, rating: 'strong', earned: 1, finding: 'Long, documented relationship.', evidence: [], provisions: ['IRPR 4(1)'] },
      { id: 'history', label: 'Immigration history', weight: 1, rating: 'adequate', earned: 0.5, finding: 'One earlier refusal.', evidence: [], provisions: [] },
    ],
    rubricScore,
    modelAdjustment: null,
    defensibilityScore: rubricScore,
    confidence: 'medium',
    confidenceReason: 'The usual forms are in the file.',
    rationale: 'The relationship evidence is strong; the earlier refusal needs an explanation.',
    strengths: [{ text: 'Relationship evidence', factor: 'genuineness' }],
    weaknesses: [{ text: 'Earlier refusal', factor: 'history' }],
    evidencePlan: { baseline: [], live: [], strategic: [] },
  };
}

describe('a strategist whose score does not follow from its rubric (risk-audit, live gates)', () => {
  let rt: LocalRuntime;
  const feedback: Array<GateIssue[] | undefined> = [];
  let unregister: () => void;

  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
    unregister = registerLocalHandler(
      'Strategist',
      createStageHandler({
        name: 'strategist',
        gate: strategistAgent.gate,
        async run(ctx) {
          feedback.push(ctx.feedback);
          const intake = (await ctx.outputOf<IntakeOutput>('intake'))!;
          // First answer: a rubric score its factors do not give. With the gate's feedback: the right one.
          return { output: scored(intake, ctx.feedback ? 88 : 70) };
        },
      }) as LambdaHandler,
    );
  });
  afterAll(async () => {
    unregister();
    await rt.stop();
  });

  it('is re-run once with the mismatch as feedback, and the judge and the report carry the corrected score', async () => {
    for (const name of readdirSync(EXAMPLE)) {
      if (name === 'audit.json' || name === 'README.md') continue;
      await rt.emulators.blobs.put(`${documentsPrefix('local', 'gates-strategist')}${name}`, readFileSync(join(EXAMPLE, name)));
    }
    const started = await startAudit({ store: rt.emulators.store, blobs: rt.emulators.blobs, starter: rt }, { caseId: 'gates-strategist', workflowType: 'risk-audit', tier: 'pro', model: 'none', gateMode: 'live', owner: 'local' });
    const outcome = await rt.wait(started.auditId);
    const session = await rt.emulators.store.get(started.auditId);
    expect({ outcome: outcome.status, failure: session.failure }).toEqual({ outcome: 'SUCCEEDED', failure: undefined });

    expect(feedback).toHaveLength(2);
    expect(feedback[0]).toBeUndefined();
    expect(feedback[1]).toEqual([expect.objectContaining({ code: 'strategist.rubric-score-mismatch', suggestedFix: 'set rubricScore to 88, or correct the factors that are wrong' })]);

    const events = await rt.emulators.store.listEvents(started.auditId);
    const strategistGates = events.filter((e) => e.type === GATE_RESULT_EVENT && e.stage === 'strategist').map((e) => e.detail as unknown as GateResult);
    expect(strategistGates.map((g) => `${g.attempt}:${g.status}`)).toEqual(['1:FAIL', '2:PASS']);
    expect(session.stageStatus.strategist).toBe('ok:gate PASS after 1 retry');

    const judge = await rt.emulators.store.readOutput<{ inputs: { defensibilityScore: number } }>(session, 'judge');
    expect(judge?.inputs.defensibilityScore).toBe(88);
    const report = new TextDecoder().decode(await rt.emulators.blobs.get(`${reportPrefix('local', 'gates-strategist', started.auditId)}report.md`));
    expect(report).toContain('Defensibility Score: 88/100');
    const bundle = await rt.emulators.blobs.getJson<{ gates: GateResult[] }>(`${reportPrefix('local', 'gates-strategist', started.auditId)}bundle.json`);
    expect(bundle.gates.filter((g) => g.stage === 'strategist').map((g) => g.status)).toEqual(['FAIL', 'PASS']);
    expect(bundle.gates.filter((g) => g.stage !== 'strategist').every((g) => g.status === 'PASS')).toBe(true);
  });
});
