import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, EXAMPLE, ROOT, workFolder } from './support/cliHarness';

/** A report with what differs between any two runs (audit id, time stamps, durations) masked. */
function comparable(text: string): string {
  return text
    .replace(/aud-[0-9a-z]{20}/g, 'aud-ID')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, 'TIME')
    .replace(/"(durationMs|elapsedMs)": [\d.]+/g, '"$1": 0');
}

describe('the precompiled CLI', () => {
  const work = workFolder('build');
  const home = join(work, '.case-audit');

  it('is what `node bin/case-audit.js` runs once built, and gives the same audit as the TypeScript sources', () => {
    const built = cli(['run', EXAMPLE, '--json', '--out', join(work, 'built')], { home });
    expect(built.code).toBe(0);
    expect(existsSync(join(ROOT, 'dist', 'cli', 'case-audit.js'))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'cli', 'manifest.json'), 'utf8')) as { inputs: Array<{ file: string }> };
    expect(manifest.inputs.map((i) => i.file)).toEqual(expect.arrayContaining(['bin/case-audit.ts', 'lambdas/agents/intake/handler.ts']));

    const source = cli(['run', EXAMPLE, '--json', '--out', join(work, 'source')], { home, env: { CASE_AUDIT_FROM_SOURCE: '1' } });
    expect(source.code).toBe(0);
    expect(comparable(source.stdout).replace(/source/g, 'OUT')).toBe(comparable(built.stdout).replace(/built/g, 'OUT'));
    const report = (dir: string) => comparable(readFileSync(join(work, dir, 'report.md'), 'utf8'));
    expect(report('source')).toBe(report('built'));
  });

  it('answers `list`, `status` and `resume` for a data folder with no audits without starting a host or creating the folder', () => {
    const home = join(work, 'never-used');
    expect(cli(['list', '--json'], { home })).toMatchObject({ code: 0, stdout: '[]\n' });
    expect(cli(['list'], { home }).stdout).toMatch(/No audits yet/);
    for (const command of ['status', 'resume']) {
      const r = cli([command, 'aud-01abcdefghjkmnpqrstv'], { home });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/no audit 'aud-01abcdefghjkmnpqrstv' in .*never-used: no audit has been run with this data folder/);
    }
    expect(existsSync(home)).toBe(false);
  });

  it('answers `workflows` without starting the local runtime', () => {
    const r = cli(['workflows'], { home: join(work, 'unused-home') });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^risk-audit\s+PROCEED \/ REVISE \/ HIGH-RISK/);
    expect(existsSync(join(work, 'unused-home'))).toBe(false);
  });
});
