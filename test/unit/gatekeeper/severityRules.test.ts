import provisions from '../../../data/provisions.json';
import { CONSISTENCY_CODES } from '../../../lambdas/agents/gatekeeper/consistency/consistencyIssue';
import { bundledSeverityRules, fillFix, parseSeverityRules, SeverityRulesInvalid } from '../../../lambdas/agents/gatekeeper/findings/severityRules';
import rulesJson from '../../../lambdas/agents/gatekeeper/findings/severityRules.json';
import { factorProvisions } from '../../../lambdas/agents/gatekeeper/findings/strategistTriggers';
import type { ScoredFactor } from '../../../lambdas/contracts/strategistOutput';

describe('severityRules.json: the gatekeeper’s rule table', () => {
  const rules = bundledSeverityRules();

  it('has a row for every finding code the consistency checks can raise, and rejects a file that misses one', () => {
    expect(Object.keys(rules.consistency).sort()).toEqual([...CONSISTENCY_CODES].sort());
    const missing = structuredClone(rulesJson) as Record<string, any>;
    delete missing.consistency['history-gap'];
    expect(() => parseSeverityRules(missing)).toThrow(/consistency\.history-gap/);
  });

  it('names only provisions the bundled statute index holds', () => {
    const known = new Set((provisions as Array<{ id: string }>).map((p) => p.id));
    const named = [
      ...Object.values(rules.consistency).flatMap((r) => (r.trigger ? [r.trigger.provision] : [])),
      ...rules.strategistFactors.rows.flatMap((r) => [...(r.provision ? [r.provision] : []), ...(r.citesAny ?? [])]),
      ...rules.strategistFactors.notRefusalGrounds,
      ...rules.strategistFactors.decidedByLaw,
      ...rules.refusalGrounds.rows.flatMap((r) => (r.provision ? [r.provision] : [])),
    ];
    for (const id of named) expect(known.has(id)).toBe(true);
  });

  it('rates an undisclosed refusal critical under IRPA 40(1)(a)', () => {
    expect(rules.consistency['never-refused-contradicted']).toMatchObject({ severity: 'critical', trigger: { provision: 'IRPA 40(1)(a)', severity: 'critical' } });
  });

  it('rejects an unknown severity, a malformed provision and a missing default row', () => {
    const badSeverity = structuredClone(rulesJson) as Record<string, any>;
    badSeverity.consistency['history-gap'].severity = 'urgent';
    expect(() => parseSeverityRules(badSeverity)).toThrow(/consistency\.history-gap\.severity/);
    const badProvision = structuredClone(rulesJson) as Record<string, any>;
    badProvision.strategistFactors.rows[0].citesAny = ['section 4(1)'];
    expect(() => parseSeverityRules(badProvision)).toThrow(SeverityRulesInvalid);
    const noDefault = structuredClone(rulesJson) as Record<string, any>;
    noDefault.refusalGrounds.rows = [{ provision: 'IRPA 40(1)(a)', severity: 'critical' }];
    expect(() => parseSeverityRules(noDefault)).toThrow(/the last row must have no provision/);
  });

  it('decides each provision of a factor by the first matching row', () => {
    const f = (over: Partial<ScoredFactor>): ScoredFactor => ({ id: 'x', label: 'X', weight: 10, rating: 'adverse', earned: 0, finding: 'f', evidence: [], provisions: [], ...over });
    const decide = (factor: ScoredFactor, type: Parameters<typeof factorProvisions>[1]) => [...factorProvisions(factor, type, rules.strategistFactors)];
    // Bars and bad faith are the legal rules' to raise from facts, never a rubric factor's.
    expect(decide(f({ id: 'convenience-signals', label: 'Signals of a marriage entered into for status', provisions: ['IRPR 4(1)'] }), 'spousal-sponsorship')).toEqual([]);
    expect(decide(f({ id: 'previous-sponsorship', label: 'Previous sponsorships and their timing', provisions: ['IRPR 117(9)(b)', 'IRPR 130(3)', 'IRPR 133'] }), 'spousal-sponsorship')).toEqual([]);
    expect(decide(f({ id: 'cohabitation', label: 'Cohabitation', rating: 'weak', provisions: ['IRPR 4(1)', 'IRPR 1(1)'] }), 'spousal-sponsorship')).toEqual([]);
    expect(decide(f({ id: 'home-ties', label: 'Ties to the home country', rating: 'weak', provisions: ['IRPR 216(1)(b)', 'IRPA 22(2)'] }), 'study-permit')).toEqual([['IRPR 216(1)(b)', 'medium']]);
    // A refusal denied elsewhere in the file is misrepresentation; a disclosed one is not.
    expect(decide(f({ id: 'prior-refusals', label: 'Previous refusals', provisions: ['IRPA 40(1)(a)', 'IRPR 216(1)(b)'] }), 'study-permit')).toEqual([['IRPA 40(1)(a)', 'critical'], ['IRPR 216(1)(b)', 'high']]);
    expect(decide(f({ id: 'prior-refusals', label: 'Previous refusals', rating: 'weak', provisions: ['IRPA 40(1)(a)', 'IRPR 216(1)(b)'] }), 'study-permit')).toEqual([['IRPR 216(1)(b)', 'medium']]);
    expect(decide(f({ rating: 'strong', provisions: ['IRPR 4(1)'] }), 'spousal-sponsorship')).toEqual([]);
  });

  it('rejects a row that raises a trigger without a severity', () => {
    const broken = structuredClone(rulesJson) as Record<string, any>;
    delete broken.strategistFactors.rows[0].severity;
    expect(() => parseSeverityRules(broken)).toThrow(/a row that raises a trigger needs a severity/);
  });

  it('fills placeholders in fixes', () => {
    expect(fillFix('Add {label} to the file', { label: 'Passport' })).toBe('Add Passport to the file');
    expect(fillFix('Replace {document}', {})).toBe('Replace {document}');
  });
});
