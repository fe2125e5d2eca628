import { writeOverview } from '../../../lambdas/agents/reporter/overview';
import { renderReport } from '../../../lambdas/agents/reporter/renderReport';
import { judgedReport } from '../reporter/judgedFixture';
import { ScriptedModel } from './scriptedModel';

describe('reporter with a model: an overview paragraph, presentation only', () => {
  it('puts the overview after the header, escaped and marked as written by a model', () => {
    const m = { ...judgedReport(undefined, undefined, { workflowType: 'risk-audit' }), overview: 'The file is strong overall. # Not a heading <b>bold</b>' };
    const report = renderReport(m);
    const at = report.indexOf('## Overview');
    expect(at).toBeGreaterThan(report.indexOf('analysis mode:'));
    // After page one's memo, before the reasoning it summarises.
    expect(at).toBeGreaterThan(report.indexOf('## At a glance'));
    expect(at).toBeLessThan(report.indexOf('## Why this outcome'));
    expect(report).toContain('The file is strong overall. # Not a heading &lt;b&gt;bold&lt;/b&gt;'); // mid-line: no heading
    expect(report).toContain('_Written by a language model from the findings below; where they differ, the findings govern._');
  });

  it('has no overview section in a rules-only report', () => {
    expect(renderReport(judgedReport())).not.toContain('## Overview');
  });

  it('gives the model the decided findings as data, never the documents', async () => {
    const m = judgedReport(undefined, undefined, { workflowType: 'risk-audit' });
    const model = new ScriptedModel({ 'reporter.write-overview': { overview: 'A readable overview of what the audit found, for the lawyer.' } });
    expect(await writeOverview(model, m)).toBe('A readable overview of what the audit found, for the lawyer.');
    const input = model.requests[0].input;
    expect(input).toMatch(/<<<DATA [0-9a-f]+ "findings">>>/);
    expect(input).toContain(`"defensibilityScore": ${m.strategist!.defensibilityScore}`);
    expect(input).not.toContain('<<<DOCUMENT');
  });
});
