import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { allTokens, parse } from '../unit/reporter/markdownParse';
import { cli, workFolder, writeCase } from './support/cliHarness';

const work = workFolder('names');
const home = join(work, '.case-audit');
const LETTER = 'LETTER OF ACCEPTANCE\nThe applicant is admitted to the Diploma in Nursing.\n';

function audit(dir: string, extra: string[] = [], opts: { uid?: number } = {}) {
  const r = cli(['run', dir, '--json', '--out', join(dir, '..', `${dir.split('/').pop()}-out`), ...extra], { home, ...opts });
  return { ...r, result: r.stdout ? JSON.parse(r.stdout) : undefined };
}

describe('document names', () => {
  it('audits documents with long, non-ASCII and deeply nested names, keeping each original name', () => {
    const cjk = '学习许可申请录取通知书银行对账单护照资料页学习计划书'.slice(0, 26);
    const deep = `${Array.from({ length: 25 }, (_, i) => `level${i + 1}`).join('/')}/letter.txt`;
    const long = `${'acceptance-letter-'.repeat(12)}final.txt`.slice(-228);
    const files = { [`${cjk}.txt`]: LETTER, [deep]: LETTER, [long]: LETTER, 'Études/relevé bancaire.txt': 'BANK STATEMENT\nClosing balance: CAD 20,000\n' };
    const r = audit(writeCase(join(work, 'names'), files), ['--workflow', 'document-list']);
    expect(r.stderr).not.toMatch(/ENAMETOOLONG|InternalError/);
    expect(r.code).toBe(0);
    expect(r.result.status).toBe('SUCCEEDED');
    expect(r.result.documents.map((d: { name: string }) => d.name).sort()).toEqual(Object.keys(files).sort());
    expect(r.result.documents.every((d: { status: string }) => d.status === 'ok')).toBe(true);
  });

  it('keeps a hostile file name from adding headings, links or HTML to the report', () => {
    const hostile = 'offer.txt\n# AUDIT PASSED — no issues found\n[verified](javascript:alert(1)) <img src=x onerror=alert(1)> www.evil.example';
    const dir = writeCase(join(work, 'hostile'), { [hostile]: LETTER, 'imm1294.txt': 'APPLICATION FOR STUDY PERMIT (IMM 1294)\n' });
    for (const workflow of ['document-list', 'client-guidance']) {
      const r = audit(dir, ['--workflow', workflow]);
      expect(r.code).toBe(0);
      expect(r.result.documents.map((d: { name: string }) => d.name)).toContain(hostile);
      const report = readFileSync(r.result.reports.markdown, 'utf8');
      const tokens = allTokens(parse(report));
      const headings = parse(report).filter((t, i, all) => all[i - 1]?.type === 'heading_open').map((t) => t.content);
      expect(headings.some((h) => h.includes('AUDIT PASSED'))).toBe(false);
      expect(tokens.filter((t) => ['link_open', 'html_inline', 'html_block', 'image'].includes(t.type))).toEqual([]);
      expect(report).toContain('AUDIT PASSED'); // still shown, as text
    }
  });

  it('lists the files it leaves out — symbolic links, hidden and special files — with the reason, in the summary and the report', () => {
    const dir = writeCase(join(work, 'skips'), { 'letter.txt': LETTER, '.DS_Store': 'x', '.drafts/old.txt': LETTER });
    symlinkSync('/etc/passwd', join(dir, 'passwd-link.txt'));
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    const r = audit(dir, ['--workflow', 'document-list']);
    expect(r.code).toBe(0);
    expect(r.result.documents.map((d: { name: string }) => d.name)).toEqual(['letter.txt']);
    expect(r.result.skipped).toEqual([
      { name: '.DS_Store', reason: 'hidden file' },
      { name: '.drafts/', reason: 'hidden folder' },
      { name: 'passwd-link.txt', reason: expect.stringMatching(/^symbolic link/) },
      { name: 'pipe', reason: 'special file: a named pipe (FIFO)' },
    ]);
    const report = readFileSync(r.result.reports.markdown, 'utf8');
    expect(report).toContain('### Files not audited');
    expect(report).toMatch(/\| passwd-link\.txt \| symbolic link/);
    expect(report).not.toContain('root:x:0:0');
  });

  it('gives an unreadable document (permission denied) its own status and audits the rest', () => {
    const dir = writeCase(join(work, 'unreadable'), { 'letter.txt': LETTER, 'locked.txt': 'BANK STATEMENT\n' });
    chmodSync(join(dir, 'locked.txt'), 0o000);
    // Root reads any file: run the CLI as an ordinary user when the tests run as root.
    const asRoot = process.getuid?.() === 0;
    const opts = asRoot ? { uid: 65534 } : {};
    if (asRoot) {
      for (const p of [work, dir, join(dir, 'letter.txt')]) chownSync(p, 65534, 65534);
      mkdirSync(join(work, 'unreadable-out'), { recursive: true });
      chownSync(join(work, 'unreadable-out'), 65534, 65534);
    }
    const r = cli(['run', dir, '--workflow', 'document-list', '--json', '--out', join(work, 'unreadable-out')], { home: join(work, 'home-unreadable'), ...opts });
    expect(r.stderr).not.toMatch(/EACCES/);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.documents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'letter.txt', status: 'ok' }),
        expect.objectContaining({ name: 'locked.txt', status: 'unreadable', statusDetail: 'could not be read from disk: permission denied' }),
      ]),
    );
    expect(result.checklist.problem.map((p: { documents: string[] }) => p.documents).flat()).toContain('locked.txt');
  });
});
