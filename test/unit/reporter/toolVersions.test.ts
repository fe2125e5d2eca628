import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASE_AUDIT_VERSION, toolVersions } from '../../../lambdas/agents/reporter/toolVersions';

describe('bundle.json says what produced the audit', () => {
  it('names the release, in step with package.json', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string };
    expect(CASE_AUDIT_VERSION).toBe(pkg.version);
  });

  it('records the runtime, the data judged against and the rubric used', () => {
    const tools = toolVersions({ id: 'study-permit', version: '1.0' });
    expect(tools).toMatchObject({
      node: process.version,
      caseLawIndex: { decisions: expect.any(Number), curatedProvisions: expect.any(Number) },
      statutes: { IRPA: { consolidation: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }, IRPR: { currentTo: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } },
      rubric: 'study-permit v1.0',
    });
  });
});
