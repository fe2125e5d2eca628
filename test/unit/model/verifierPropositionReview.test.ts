import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { VerifierOutput } from '../../../lambdas/contracts/verifierOutput';
import { propositionCandidates, tightenWithReview } from '../../../lambdas/agents/verifier/verification/modelPropositionReview';
import type { CitationInput } from '../../../lambdas/agents/verifier/verification/verificationSchema';
import { verifyCitations } from '../../../lambdas/agents/verifier/verification/verifyCitations';
import { reviewPropositions } from '../../../lambdas/agents/verifier/propositionReview';
import { verifierGate } from '../../../lambdas/agents/verifier/verifierGate';
import { gateInput, MemoryBlobs } from '../gates/gateFixtures';
import { ScriptedModel } from './scriptedModel';

const now = new Date('2026-11-22T12:00:00Z');
const index = loadResearchIndex();

const INPUTS: CitationInput[] = [
  { citation: '2019 SCC 65', name: 'Canada (Minister of Citizenship and Immigration) v. Vavilov', proposition: 'reasonableness is the presumptive standard of review for administrative decisions', foundIn: 'detective', kind: 'case' },
  { citation: '[1999] 2 SCR 817', name: 'Baker v. Canada (Minister of Citizenship and Immigration)', proposition: 'the content of the duty of procedural fairness varies with context', foundIn: 'detective', kind: 'case' },
  { citation: '2008 SCC 9', name: 'Dunsmuir v. New Brunswick', proposition: 'there are two standards of review, correctness and reasonableness', foundIn: 'detective', kind: 'case' },
  { citation: '2021 FC 1052', name: 'Smith v. Canada', proposition: 'officers must interview every spouse', foundIn: 'detective', kind: 'case' },
];

function rulesOutput() {
  return VerifierOutput.parse(verifyCitations(INPUTS, index, { iteration: 1, now }));
}

describe('verifier with a model: a proposition check that can only tighten', () => {
  it('shows the model only the propositions of citations the rules verified', () => {
    const rules = rulesOutput();
    expect(rules.checked.filter((c) => c.verdict === 'verified').map((c) => c.citation).sort()).toEqual(['2019 SCC 65', '[1999] 2 SCR 817']);
    const candidates = propositionCandidates(rules, INPUTS, index, now);
    expect(candidates.map((c) => c.citation)).toEqual(['2019 SCC 65', '[1999] 2 SCR 817']);
    expect(candidates[0].authority).toMatchObject({ kind: 'case', citation: '2019 SCC 65', holding: expect.any(String) });
  });

  it('turns a verified citation into proposition-mismatch with the model\'s reason, and nothing else', () => {
    const rules = rulesOutput();
    const candidates = propositionCandidates(rules, INPUTS, index, now);
    const { output, tightened } = tightenWithReview(rules, candidates, [
      { id: 'p1', supported: false, reason: 'Vavilov sets a presumption of reasonableness; it does not make it the only standard.' },
      { id: 'p2', supported: true, reason: 'A fair paraphrase.' },
      { id: 'p9', supported: false, reason: 'an id nobody asked about' },
    ], index);

    expect(tightened).toBe(1);
    expect(output.status).toBe('FAILED');
    const vavilov = output.checked.find((c) => c.citation === '2019 SCC 65')!;
    expect(vavilov).toMatchObject({ verdict: 'failed', issue: 'proposition-mismatch' });
    expect(vavilov.detail).toContain('language-model review');
    expect(output.failed.find((f) => f.citation === '2019 SCC 65')).toMatchObject({ issue: 'proposition-mismatch', attempts: 1, recommendedAction: expect.stringContaining('restate the proposition') });
    // Everything the rules decided otherwise is as it was: the two failures stay failures.
    for (const c of rules.checked.filter((c) => c.citation !== '2019 SCC 65')) expect(output.checked).toContainEqual(c);
    expect(VerifierOutput.safeParse(output).success).toBe(true);
  });

  it('never turns a failed citation into a verified one, whatever the model answers', () => {
    const rules = rulesOutput();
    const candidates = propositionCandidates(rules, INPUTS, index, now);
    const everything = candidates.map((c) => ({ id: c.id, supported: true, reason: 'fine' }));
    const { output, tightened } = tightenWithReview(rules, candidates, everything, index);
    expect(tightened).toBe(0);
    expect(output).toBe(rules);
    expect(output.failed.map((f) => [f.citation, f.issue])).toEqual(expect.arrayContaining([['2008 SCC 9', 'superseded'], ['2021 FC 1052', 'unverified']]));
  });

  it('counts attempts across verification runs for a citation the model failed again', () => {
    const rules = { ...rulesOutput(), iteration: 2 };
    const previous = [{ ...rulesOutput(), failed: [{ citation: '2019 SCC 65', issue: 'proposition-mismatch' as const, attempts: 1, detail: 'd', foundIn: 'detective', recommendedAction: 'r' }] }];
    const candidates = propositionCandidates(rules, INPUTS, index, now);
    const { output } = tightenWithReview(rules, candidates, [{ id: 'p1', supported: false, reason: 'still not what it holds' }], index, previous);
    expect(output.failed.find((f) => f.citation === '2019 SCC 65')?.attempts).toBe(2);
  });

  it('asks through the verifier\'s versioned prompt with the authorities as data', async () => {
    const rules = rulesOutput();
    const candidates = propositionCandidates(rules, INPUTS, index, now);
    const model = new ScriptedModel({ 'verifier.check-propositions': { checks: [{ id: 'p2', supported: false, reason: 'Baker is about fairness in H&C decisions, not this.' }] } });
    const review = await reviewPropositions(model, rules, candidates, index, []);
    expect(review).toMatchObject({ reviewed: 2, tightened: 1 });
    expect(model.requests[0].input).toMatch(/<<<DATA [0-9a-f]+ "cited propositions">>>/);
  });

  it('is rejected by the gate when a citation is marked verified without a source', async () => {
    const rules = rulesOutput();
    const forged = { ...rules, status: 'PASS', failed: [], checked: rules.checked.map((c) => ({ ...c, verdict: 'verified' as const, issue: undefined })) };
    const issues = await verifierGate.check(gateInput({ workflowType: 'risk-audit', stageId: 'verifier', output: JSON.parse(JSON.stringify(forged)), blobs: new MemoryBlobs() }));
    expect(issues.filter((i) => i.code === 'verifier.verified-without-source').map((i) => i.evidence[1])).toEqual(['2021 FC 1052']);
    expect(await verifierGate.check(gateInput({ workflowType: 'risk-audit', stageId: 'verifier', output: rules, blobs: new MemoryBlobs() }))).toEqual([]);
  });
});
