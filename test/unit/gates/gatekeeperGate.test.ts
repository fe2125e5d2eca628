import { gatekeeperGate } from '../../../lambdas/agents/gatekeeper/gatekeeperGate';
import { MemoryBlobs, codes, gateInput, gatekeeperOutput, intakeOutput } from './gateFixtures';

async function check(mutate: (o: Record<string, any>) => void = () => undefined) {
  const blobs = new MemoryBlobs();
  const intake = intakeOutput(blobs);
  const output: Record<string, any> = gatekeeperOutput();
  mutate(output);
  return gatekeeperGate.check(gateInput({ workflowType: 'risk-audit', stageId: 'gatekeeper', output, blobs, outputs: { intake } }));
}

describe('gatekeeper gate', () => {
  it('passes triggers with canonical provisions, valid severities and verbatim quotes', async () => {
    expect(await check()).toEqual([]);
  });

  it('fails an output that lacks a list of its contract, or carries a field outside it', async () => {
    expect(codes(await check((o) => { delete o.refusalTriggers; }))).toEqual(['gatekeeper.schema']);
    expect(codes(await check((o) => { delete o.requiredFixes; }))).toEqual(['gatekeeper.schema']);
    const renamed = await check((o) => { o.consistency = o.consistencyFindings; delete o.consistencyFindings; });
    expect(renamed.map((i) => i.message)).toEqual(expect.arrayContaining([expect.stringContaining('consistency')]));
    expect(new Set(codes(await check((o) => { o.outcomePromises = [{ document: 'a.txt' }]; })))).toEqual(new Set(['gatekeeper.schema']));
  });

  it('fails a trigger whose provision is not a canonical id, suggesting the canonical form', async () => {
    const issues = await check((o) => { o.refusalTriggers[0].provision = 's. 40(1)(a) of IRPA'; });
    expect(codes(issues)).toEqual(['gatekeeper.provision-not-canonical']);
    expect(issues[0].suggestedFix).toBe('write it as "IRPA 40(1)(a)"');
  });

  it('warns about a canonical provision that the bundled statute index does not hold', async () => {
    const issues = await check((o) => { o.refusalTriggers[0].provision = 'IRPA 999(1)'; });
    expect(issues).toEqual([expect.objectContaining({ code: 'gatekeeper.provision-not-in-index', severity: 'warning' })]);
  });

  it('fails a severity outside critical, high, medium, low', async () => {
    const issues = await check((o) => { o.refusalTriggers[0].severity = 'severe'; });
    expect(codes(issues)).toEqual(['gatekeeper.invalid-severity']);
  });

  it('checks provisions and severities in other finding lists too', async () => {
    const issues = await check((o) => {
      o.consistencyFindings = [{ code: 'never-refused', severity: 'urgent', summary: 'x', evidence: o.refusalTriggers[0].evidence, provision: 'IRPA40' }];
    });
    expect(codes(issues).sort()).toEqual(['gatekeeper.invalid-severity', 'gatekeeper.provision-not-canonical']);
  });

  it('fails a trigger whose quote is not in the document it cites', async () => {
    const issues = await check((o) => { o.refusalTriggers[0].evidence[1].quote = 'refused on 2022-01-01'; });
    expect(codes(issues)).toEqual(['gatekeeper.evidence-not-verbatim']);
    expect(issues[0].evidence[0]).toBe('refusalTriggers[0].evidence[1]');
  });

  it('fails a trigger that breaks its contract, and an output without its checklist or injection list', async () => {
    expect(codes(await check((o) => { delete o.refusalTriggers[0].source; }))).toEqual(['gatekeeper.schema']);
    expect(codes(await check((o) => { delete o.checklist; }))).toEqual(['gatekeeper.schema']);
    expect(codes(await check((o) => { delete o.injectionAttempts; }))).toEqual(['gatekeeper.schema']);
    expect(codes(await check((o) => { o.injectionAttempts = [{ document: 'a.txt', page: 0 }]; }))[0]).toBe('gatekeeper.schema');
  });
});
