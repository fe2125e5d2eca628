import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const PERSONAL = ['Achieng-Kamau', 'Wanjiru', '1994-02-17', 'never been refused', 'A0000007'];

describe('logs', () => {
  it('are structured JSON naming the audit and stage, and never carry document text or personal data', () => {
    const work = mkdtempSync(join(tmpdir(), 'case-audit-logs-'));
    const dir = join(work, 'case');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'imm5257.txt'),
      'APPLICATION FOR TEMPORARY RESIDENT VISA (IMM 5257)\nFamily name: Achieng-Kamau\nGiven name(s): Wanjiru\nDate of birth: 1994-02-17\nPassport number: A0000007\nI have never been refused a visa.\n',
    );
    writeFileSync(join(dir, 'broken.pdf'), '%PDF-1.7\nWanjiru Achieng-Kamau garbage');
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/case-audit.js'), 'run', dir, '--workflow', 'document-list', '--json', '--out', join(work, 'out')], {
      cwd: work,
      env: { ...process.env, CASE_AUDIT_HOME: join(work, '.case-audit'), CASE_AUDIT_LOG_LEVEL: 'DEBUG' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status).toBe(0);
    // Logs go to stderr, always: with --json, stdout is the one result object and nothing else.
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'SUCCEEDED' });
    const logLines = r.stderr.split('\n').filter((l) => l.startsWith('{'));
    const records = logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.map((x) => x.stage)).toEqual(expect.arrayContaining(['intake', 'gatekeeper', 'reporter']));
    for (const record of records) {
      expect(record).toMatchObject({ level: expect.any(String), message: expect.any(String), service: 'case-audit', auditId: expect.stringMatching(/^aud-/) });
    }
    for (const secret of PERSONAL) expect(logLines.join('\n')).not.toContain(secret);
  });
});
