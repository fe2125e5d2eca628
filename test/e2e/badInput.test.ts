import { chmodSync, chownSync, mkdirSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { docxBomb, GIB } from '../fixtures/documents/zipBombs';
import { cli, EXAMPLE, workFolder, writeCase } from './support/cliHarness';

jest.setTimeout(60_000);

const work = workFolder('bad-input');
const home = join(work, '.case-audit');
const LETTER = 'LETTER OF ACCEPTANCE\nThe applicant is admitted to the Diploma in Nursing.\n';
const asRoot = process.getuid?.() === 0;

describe('bad --out values are refused before any audit starts', () => {
  const caseDir = writeCase(join(work, 'out-case'), { 'letter.txt': LETTER });
  const notAFolder = join(work, 'report.md');
  writeFileSync(notAFolder, 'an existing file');

  it.each([
    ['an existing file', notAFolder, '--out \'' + notAFolder + '\' is a file, not a folder'],
    ['a path through a file', join(notAFolder, 'sub'), 'cannot be used: part of the path is a file, not a folder'],
    ['a folder under /proc', '/proc/self/case-audit-reports', 'is on a system file system'],
    ['a folder under /sys', '/sys/kernel/case-audit', 'is on a system file system'],
  ])('refuses %s with exit code 2 and one line, without starting an audit', (_what, out, message) => {
    const r = cli(['run', caseDir, '--workflow', 'document-list', '--json', '--out', out], { home });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringContaining(message)]);
    expect(r.stderr).not.toMatch(/^Audit aud-/m);
  });

  it('refuses an empty --out= instead of writing into the current folder', () => {
    const r = cli(['run', caseDir, '--workflow', 'document-list', '--out='], { home, cwd: work });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('case-audit: --out needs a folder path (for example --out ./reports)\n');
    expect(readdirSync(work).filter((f) => f.endsWith('.md') || f === 'bundle.json')).toEqual(['report.md']); // only the file made above
  });

  it('refuses a folder it cannot write to', () => {
    const locked = join(work, 'locked-out');
    mkdirSync(locked, { mode: 0o555 });
    // Root writes anywhere: try as an ordinary user when the tests run as root.
    const opts = asRoot ? { uid: 65534 } : {};
    const userHome = join(work, 'home-locked');
    if (asRoot) {
      chmodSync(work, 0o755); // let that user reach the case folder
      mkdirSync(userHome);
      chownSync(userHome, 65534, 65534);
    }
    const r = cli(['run', caseDir, '--workflow', 'document-list', '--out', locked], { home: userHome, cwd: work, ...opts });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`case-audit: --out folder '${locked}' is not writable: permission denied\n`);
  });
});

describe('audit.json', () => {
  it('accepts a UTF-8 byte-order mark', () => {
    const dir = writeCase(join(work, 'bom'), { 'audit.json': '\uFEFF{"caseId":"bom-case","workflowType":"document-list"}', 'letter.txt': LETTER });
    const r = cli(['run', dir, '--json', '--out', join(work, 'out-bom')], { home });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ caseId: 'bom-case', workflowType: 'document-list' });
  });

  it('lets flags complete an audit.json before it is validated', () => {
    const dir = writeCase(join(work, 'partial'), { 'audit.json': '{"caseId":"partial-case"}', 'letter.txt': LETTER });
    const r = cli(['run', dir, '--workflow', 'client-guidance', '--tier', 'pro', '--json', '--out', join(work, 'out-partial')], { home });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ caseId: 'partial-case', workflowType: 'client-guidance', tier: 'pro' });
  });

  it('names an unknown key and the field it was probably meant to be', () => {
    const dir = writeCase(join(work, 'typo'), { 'audit.json': '{"caseId":"c1","workflowType":"document-list","teir":"ultra"}', 'letter.txt': LETTER });
    const r = cli(['run', dir], { home });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('case-audit: invalid audit.json: unknown key "teir" (did you mean "tier"?)\n');
  });

  it('derives a valid caseId from a 200-character folder name when there is no audit.json', () => {
    const dir = writeCase(join(work, 'x'.repeat(120) + '-client-file-'.repeat(6)), { 'letter.txt': LETTER });
    const r = cli(['run', dir, '--workflow', 'document-list', '--json', '--out', join(work, 'out-long')], { home });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).caseId).toMatch(/^x{60,}.*-[0-9a-f]{8}$/);
  });
});

describe('documents over the limits', () => {
  it('reports a ZIP-bomb DOCX and an oversized file as too-large and audits the rest', () => {
    const dir = writeCase(join(work, 'bombs'), { 'letter.txt': LETTER, 'employment-letter.docx': docxBomb(GIB) });
    writeFileSync(join(dir, 'huge-scan.pdf'), '');
    truncateSync(join(dir, 'huge-scan.pdf'), 60 * 1024 * 1024); // sparse: costs no disk
    const r = cli(['run', dir, '--workflow', 'document-list', '--json', '--out', join(work, 'out-bombs')], { home });
    expect(r.code).toBe(0);
    const docs = Object.fromEntries(JSON.parse(r.stdout).documents.map((d: { name: string; status: string; statusDetail: string }) => [d.name, d]));
    expect(docs['letter.txt'].status).toBe('ok');
    expect(docs['employment-letter.docx']).toMatchObject({ status: 'too-large', statusDetail: expect.stringContaining('possible ZIP bomb') });
    expect(docs['huge-scan.pdf']).toMatchObject({ status: 'too-large', statusDetail: 'file is 60 MB, over the 50 MB limit for one document — send a smaller copy (split or compress it)' });
  });
});

describe('local data', () => {
  it('is created owner-only: folders 0700, files 0600', () => {
    const privateHome = join(work, 'private-home');
    expect(cli(['run', EXAMPLE, '--json', '--out', join(work, 'out-private')], { home: privateHome }).code).toBe(0);
    const loose: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (statSync(path).mode & 0o077) loose.push(`${path} ${(statSync(path).mode & 0o777).toString(8)}`);
        if (entry.isDirectory()) walk(path);
      }
    };
    expect(statSync(privateHome).mode & 0o777).toBe(0o700);
    walk(privateHome);
    expect(loose).toEqual([]);
  });
});
