import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, EXAMPLE, workFolder } from './support/cliHarness';

const withoutTimes = (text: string) => text.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, 'TIME');

describe('case-audit report: a finished audit rendered again from its stored state', () => {
  const work = workFolder('report');
  const home = join(work, '.case-audit');
  let auditId: string;

  beforeAll(() => {
    const run = cli(['run', EXAMPLE, '--json', '--out', join(work, 'first')], { home });
    expect(run.code).toBe(0);
    auditId = (JSON.parse(run.stdout) as { auditId: string }).auditId;
  });

  it('writes report.md, report.pdf and bundle.json again, the Markdown identical to the first rendering', () => {
    const r = cli(['report', auditId, '--out', join(work, 'again')], { home });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n').map((p) => p.slice(p.lastIndexOf('/') + 1))).toEqual(['report.md', 'report.pdf', 'bundle.json']);
    expect(withoutTimes(readFileSync(join(work, 'again', 'report.md'), 'utf8'))).toBe(withoutTimes(readFileSync(join(work, 'first', 'report.md'), 'utf8')));
    expect(readFileSync(join(work, 'again', 'report.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('writes only the format asked for, and says where with --json', () => {
    const r = cli(['report', auditId, '--format', 'pdf', '--out', join(work, 'pdf-only'), '--json'], { home });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ auditId, reports: { pdf: join(work, 'pdf-only', 'report.pdf') } });
    expect(existsSync(join(work, 'pdf-only', 'report.md'))).toBe(false);
  });

  it('refuses an unknown format and an unknown audit with a one-line reason (exit 2)', () => {
    const format = cli(['report', auditId, '--format', 'docx'], { home });
    expect(format).toMatchObject({ code: 2 });
    expect(format.stderr).toMatch(/--format must be md, pdf or json, not 'docx'/);
    const unknown = cli(['report', 'aud-01abcdefghjkmnpqrstv'], { home });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no audit 'aud-01abcdefghjkmnpqrstv'/);
  });
});
