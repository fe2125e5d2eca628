import type { LegalAnalysis, ProvisionFinding } from '../../../lambdas/contracts/legalAnalysis';
import { legalInputs } from '../../../lambdas/agents/judge/legalInputs';

const finding = (ruleId: string, provision: string, over: Partial<ProvisionFinding> = {}): ProvisionFinding => ({
  ruleId,
  provision,
  status: 'engaged',
  severity: 'high',
  decisive: false,
  title: 'a finding',
  reasoning: 'The reasoning.',
  facts: [],
  ...over,
});

const analysis = (findings: ProvisionFinding[]): LegalAnalysis => ({
  asOf: '2026-11-10',
  findings,
  deadlines: [],
  review: { forum: { route: 'iad-appeal', provision: 'IRPA 63(1)', reason: 'A family-class refusal.' }, grounds: [] },
});

describe('legal inputs of the judge: the refusal\'s findings about the person under challenge', () => {
  it('counts a bad-faith finding (IRPR 4(1)) and a misrepresentation finding named as the ground under challenge', () => {
    const legal = analysis([finding('ground-under-review:bad-faith', 'IRPR 4(1)'), finding('ground-under-review:misrepresentation', 'IRPA 40(1)(a)', { severity: 'critical' })]);
    expect(legalInputs(legal, true).inputs.challengedFindings).toBe(2);
  });

  it('does not count a statutory bar the rules apply to the file: a bar is no finding about the person to be challenged', () => {
    const legal = analysis([finding('bar:excluded-relationship-undertaking', 'IRPR 117(9)(b)', { decisive: true })]);
    expect(legalInputs(legal, true).inputs).toMatchObject({ challengedFindings: 0, decisiveBars: 1 });
  });

  it('does not count a finding the rules only ask a lawyer to check', () => {
    expect(legalInputs(analysis([finding('ground-under-review:bad-faith', 'IRPR 4(1)', { status: 'check' })]), true).inputs.challengedFindings).toBe(0);
  });

  it('gives no such count outside a refusal analysis', () => {
    expect(legalInputs(analysis([finding('ground-under-review:bad-faith', 'IRPR 4(1)')]), false).inputs.challengedFindings).toBeUndefined();
  });
});
