import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, workFolder } from '../support/cliHarness';

jest.setTimeout(180_000);

/**
 * Issue 28 item 7: a case folder over 5,000 files was cut at 5,000 in name order, silently; a
 * passport sorted later was "missing" and the audit succeeded. Now such a folder is refused before
 * anything is stored, naming the limit and how many files were found, so nothing is ever missing
 * because of the cap.
 */
const work = workFolder('file-cap');
const home = join(work, '.case-audit');

describe('the limit on documents in one case folder', () => {
  it('refuses a folder of 5,001 documents with exit 2, naming the 5,000 limit and the 5,001 found, and stores nothing', () => {
    const caseDir = join(work, 'big-case');
    mkdirSync(join(caseDir, 'statements'), { recursive: true });
    for (let n = 0; n < 5_000; n++) writeFileSync(join(caseDir, 'statements', `page-${String(n).padStart(4, '0')}.txt`), `Statement page ${n}\n`);
    // Sorted after every statement: the file the old cut left out.
    writeFileSync(join(caseDir, 'zz-passport-bio-page.txt'), 'PASSPORT\nSurname: MENSAH\n');

    const r = cli(['run', caseDir, '--workflow', 'document-list'], { home, cwd: work });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('holds 5,001 documents, over the limit of 5,000 for one audit');
    expect(r.stdout).toBe('');
    // No audit was started.
    const list = cli(['list', '--json'], { home, cwd: work });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([]);
  });
});
