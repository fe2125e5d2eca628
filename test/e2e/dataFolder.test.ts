import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, workFolder, writeCase } from './support/cliHarness';

jest.setTimeout(120_000);

const work = workFolder('data-folder');
const mode = (path: string) => statSync(path).mode & 0o7777;
const CASE = writeCase(join(work, 'case'), { 'letter.txt': 'LETTER OF ACCEPTANCE\n' });
/** A small audit with the data folder at `home`. */
const run = (home: string) => cli(['run', CASE, '--workflow', 'document-list', '--json', '--out', join(work, 'out')], { home, cwd: work });

describe('the data folder (CASE_AUDIT_HOME)', () => {
  it('refuses an existing shared folder that is not Case Audit\'s, with exit 2 and the reason, and leaves its mode alone', () => {
    const shared = join(work, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777); // like /tmp: sticky, everyone's
    writeFileSync(join(shared, 'someone-elses-file.txt'), 'not ours');

    const r = run(shared);

    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the data folder ${shared} already exists and is not a Case Audit data folder`);
    expect(mode(shared)).toBe(0o1777);
    expect(existsSync(join(shared, 'dynamodb'))).toBe(false);
  });

  it('refuses a folder of other files, even one of this user\'s', () => {
    const project = join(work, 'project');
    mkdirSync(project, { mode: 0o755 });
    writeFileSync(join(project, 'notes.md'), 'mine, not Case Audit\'s');
    const r = run(project);
    expect(r.code).toBe(2);
    expect(mode(project)).toBe(0o755);
  });

  it('creates a new folder owner-only, and adopts an empty one of this user\'s', () => {
    const created = join(work, 'new', 'data');
    expect(run(created).code).toBe(0);
    expect(mode(created)).toBe(0o700);
    expect(existsSync(join(created, '.case-audit-data'))).toBe(true);

    const empty = join(work, 'empty');
    mkdirSync(empty, { mode: 0o755 });
    expect(run(empty).code).toBe(0);
    expect(mode(empty)).toBe(0o700);
    expect(run(empty).code).toBe(0); // and is Case Audit's from then on
  });
});
