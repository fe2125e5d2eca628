import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cli, workFolder, writeCase } from './support/cliHarness';

jest.setTimeout(120_000);

const work = workFolder('out-folder');
const home = join(work, '.case-audit');
const CASE = writeCase(join(work, 'case'), { 'letter.txt': 'LETTER OF ACCEPTANCE\n' });

describe('case-audit run --out', () => {
  it('refuses an --out inside the case folder with exit 2, before anything is written there', () => {
    for (const out of [join(CASE, 'reports'), CASE, 'case/nested/reports']) {
      const r = cli(['run', CASE, '--workflow', 'document-list', '--out', out], { home, cwd: work });
      expect([out, r.code]).toEqual([out, 2]);
      expect(r.stderr).toContain('is inside the case folder');
    }
    expect(existsSync(join(CASE, 'reports'))).toBe(false);
    expect(existsSync(join(CASE, 'nested'))).toBe(false);
  });

  it('takes an --out beside the case folder', () => {
    const r = cli(['run', CASE, '--workflow', 'document-list', '--json', '--out', join(work, 'case-reports')], { home, cwd: work });
    expect(r.code).toBe(0);
    expect(existsSync(join(work, 'case-reports', 'report.md'))).toBe(true);
  });
});
