import { evaluateGate } from '../../../lambdas/core/gates/evaluateGate';
import type { GateCheck } from '../../../lambdas/core/gates/gateCheck';
import { gateWarning } from '../../../lambdas/core/gates/gateIssues';
import { MemoryBlobs, gateInput } from './gateFixtures';

const input = () => gateInput({ workflowType: 'document-list', stageId: 'gatekeeper', output: {}, blobs: new MemoryBlobs() });

describe('evaluating a gate', () => {
  it('returns the stage, the attempt, the issues, their status and how long the checks took', async () => {
    const gate: GateCheck = { agent: 'gatekeeper', check: async () => [gateWarning('gatekeeper.provision-not-in-index', 'not in the index', 'check it')] };
    const result = await evaluateGate(gate, input(), 2);
    expect(result).toMatchObject({ stage: 'gatekeeper', status: 'WARN', attempt: 2, issues: [expect.objectContaining({ severity: 'warning' })] });
    expect(result.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('fails closed when a check throws: an output nobody could check is not let through', async () => {
    const gate: GateCheck = {
      agent: 'gatekeeper',
      check: async () => {
        throw new TypeError('boom');
      },
    };
    const result = await evaluateGate(gate, input(), 1);
    expect(result.status).toBe('FAIL');
    expect(result.issues).toEqual([expect.objectContaining({ code: 'gate.check-crashed', message: 'the gatekeeper gate could not finish its checks (TypeError)' })]);
  });
});
