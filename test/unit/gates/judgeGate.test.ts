import { judgeGate } from '../../../lambdas/agents/judge/judgeGate';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import type { WorkflowType } from '../../../workflows/schema';
import { MemoryBlobs, codes, gateInput, gatekeeperOutput, judgeOutput, strategistOutput } from './gateFixtures';

async function check(mutate: (o: Record<string, any>) => void = () => undefined, opts: { workflowType?: WorkflowType; session?: Partial<Session> } = {}) {
  const output: Record<string, any> = judgeOutput();
  mutate(output);
  return judgeGate.check(
    gateInput({
      workflowType: opts.workflowType ?? 'risk-audit',
      stageId: 'judge',
      output,
      blobs: new MemoryBlobs(),
      outputs: { strategist: strategistOutput(), gatekeeper: gatekeeperOutput() },
      session: opts.session,
    }),
  );
}

const incomplete = { session: { verificationStatus: 'FAILED' as const } };
const asIncomplete = (o: Record<string, any>) => { o.inputs.verification = 'INCOMPLETE'; o.final = false; };

describe('judge gate', () => {
  it('passes an outcome of the workflow made from the inputs the audit has', async () => {
    expect(await check()).toEqual([]);
  });

  it("fails an outcome that is not one of the workflow's outcomes", async () => {
    const issues = await check((o) => { o.outcome = 'GO'; });
    expect(codes(issues)).toEqual(['judge.unknown-outcome']);
    expect(issues[0].suggestedFix).toBe('choose one of PROCEED, REVISE, HIGH-RISK');
  });

  it('never lets an INCOMPLETE verification end in GO, APPROVE or PROCEED', async () => {
    expect(codes(await check((o) => { asIncomplete(o); o.outcome = 'PROCEED'; }, incomplete))).toEqual(['judge.favourable-outcome-while-incomplete']);
    expect(codes(await check((o) => { asIncomplete(o); o.kind = 'verdict'; o.outcome = 'GO'; }, { ...incomplete, workflowType: 'initial-assessment' }))).toEqual(['judge.favourable-outcome-while-incomplete']);
    expect(await check(asIncomplete, incomplete)).toEqual([]);
  });

  it('fails a final outcome while verification is INCOMPLETE', async () => {
    expect(codes(await check((o) => { asIncomplete(o); o.final = true; }, incomplete))).toEqual(['judge.final-while-incomplete']);
  });

  it('fails a judge that read verification as PASS when the verifier failed citations', async () => {
    expect(codes(await check(() => undefined, incomplete))).toEqual(['judge.verification-misread', 'judge.final-while-incomplete']);
  });

  it("fails inputs that differ from the strategist's score or the gatekeeper's trigger counts", async () => {
    expect(codes(await check((o) => { o.inputs.defensibilityScore = 60; }))).toEqual(['judge.score-misread']);
    expect(codes(await check((o) => { o.inputs.highTriggers = 0; }))).toEqual(['judge.triggers-misread']);
  });

  it('fails a judge that decided as if the gatekeeper had reviewed the file when its output is missing', async () => {
    const withoutGatekeeper = (mutate: (o: Record<string, any>) => void) => {
      const output: Record<string, any> = judgeOutput();
      mutate(output);
      return judgeGate.check(gateInput({ workflowType: 'risk-audit', stageId: 'judge', output, blobs: new MemoryBlobs(), outputs: { strategist: strategistOutput() } }));
    };
    expect(codes(await withoutGatekeeper(() => undefined))).toContain('judge.gatekeeper-review-misread');
    expect(codes(await withoutGatekeeper((o) => { o.inputs.gatekeeperReviewed = false; }))).not.toContain('judge.gatekeeper-review-misread');
  });

  it('fails the wrong kind for the workflow, a broken contract and a promising rationale', async () => {
    expect(codes(await check((o) => { o.kind = 'verdict'; }))).toEqual(['judge.wrong-kind']);
    expect(codes(await check((o) => { delete o.rule; }))).toEqual(['judge.schema']);
    expect(codes(await check((o) => { o.rationale = 'Success is certain once the form is fixed.'; }))).toEqual(['judge.outcome-promise']);
  });
});
