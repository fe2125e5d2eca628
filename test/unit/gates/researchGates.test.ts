import { detectiveGate } from '../../../lambdas/agents/detective/detectiveGate';
import { verifierGate } from '../../../lambdas/agents/verifier/verifierGate';
import { intakeAgent } from '../../../lambdas/agents/intake/intakeAgent';
import { detectiveAgent } from '../../../lambdas/agents/detective/detectiveAgent';
import { strategistAgent } from '../../../lambdas/agents/strategist/strategistAgent';
import { gatekeeperAgent } from '../../../lambdas/agents/gatekeeper/gatekeeperAgent';
import { verifierAgent } from '../../../lambdas/agents/verifier/verifierAgent';
import { judgeAgent } from '../../../lambdas/agents/judge/judgeAgent';
import { reporterAgent } from '../../../lambdas/agents/reporter/reporterAgent';
import { MemoryBlobs, codes, gateInput } from './gateFixtures';

const detective = () => ({
  plan: [],
  authorities: [{ kind: 'case', citation: '2019 SCC 65', name: 'Vavilov', proposition: 'reasonableness review', issueId: 'i1', source: 'bundled-index', score: 1, confidence: 'high' }],
  similarCases: [],
  deepResearch: { status: 'skipped', reason: 'tier', findings: [] },
  researchCalls: { used: 1, limit: 4 },
  excluded: [],
  notes: [],
});
const verifier = () => ({
  status: 'FAILED',
  iteration: 1,
  checked: [{ citation: '2022 FC 1734', foundIn: 'detective', verdict: 'failed', issue: 'not-found', detail: 'not in the index' }],
  failed: [{ citation: '2022 FC 1734', issue: 'not-found', attempts: 1, detail: 'not in the index', foundIn: 'detective', recommendedAction: 'find another authority' }],
});

const input = (stageId: string, output: unknown) => gateInput({ workflowType: 'risk-audit', stageId, output, blobs: new MemoryBlobs() });

describe('detective and verifier gates (schema only)', () => {
  it('pass outputs that match their contracts', async () => {
    expect(await detectiveGate.check(input('detective', detective()))).toEqual([]);
    expect(await verifierGate.check(input('verifier', verifier()))).toEqual([]);
  });

  it('fail outputs that break their contracts', async () => {
    expect(codes(await detectiveGate.check(input('detective', { ...detective(), researchCalls: { used: -1, limit: 4 } })))).toEqual(['detective.schema']);
    expect(codes(await verifierGate.check(input('verifier', { ...verifier(), status: 'MAYBE' })))).toEqual(['verifier.schema']);
  });

  it('fail a verifier PASS that lists failed citations, and a FAILED that lists none', async () => {
    expect(codes(await verifierGate.check(input('verifier', { ...verifier(), status: 'PASS' })))).toEqual(['verifier.status-contradicts-failures']);
    expect(codes(await verifierGate.check(input('verifier', { ...verifier(), failed: [] })))).toEqual(['verifier.status-contradicts-failures']);
  });

  it('travel with their agents: every agent carries the gate for its own outputs', () => {
    for (const agent of [intakeAgent, detectiveAgent, strategistAgent, gatekeeperAgent, verifierAgent, judgeAgent, reporterAgent]) expect(agent.gate?.agent).toBe(agent.name);
  });
});
