import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKFLOW_TYPES } from '../../workflows/schema';
import { cli, ROOT, workFolder } from './support/cliHarness';

jest.setTimeout(120_000);

const work = workFolder('examples');
const home = join(work, '.case-audit');
const examples = readdirSync(join(ROOT, 'examples'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(ROOT, 'examples', e.name, 'audit.json')))
  .map((e) => e.name);

describe('bundled examples', () => {
  it('cover all six workflows', () => {
    const workflows = examples.map((e) => JSON.parse(readFileSync(join(ROOT, 'examples', e, 'audit.json'), 'utf8')).workflowType);
    expect([...new Set(workflows)].sort()).toEqual([...WORKFLOW_TYPES].sort());
  });

  it.each(examples)('%s runs with its own audit.json and exits 0 (or 3 when verification is incomplete)', (example) => {
    const r = cli(['run', join(ROOT, 'examples', example), '--json', '--out', join(work, example)], { home });
    expect([0, 3]).toContain(r.code);
    const result = JSON.parse(r.stdout);
    expect(result.status).toBe(r.code === 0 ? 'SUCCEEDED' : 'INCOMPLETE');
    const workflow = result.workflowType as string;
    if (['risk-audit', 'initial-assessment', 'final-review', 'refusal-analysis'].includes(workflow)) {
      expect(result.defensibilityScore).toEqual(expect.any(Number));
      expect(result.decision ?? result.verdict).toEqual(expect.any(String));
    }
    const report = readFileSync(result.reports.markdown, 'utf8');
    expect(report).toMatch(/^> \*\*Disclaimer\.\*\*/);
  });
});
