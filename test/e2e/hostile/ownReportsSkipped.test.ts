import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, EXAMPLE, workFolder, writeCase } from '../support/cliHarness';

jest.setTimeout(240_000);

/**
 * Issue 28 item 8: reports Case Audit wrote, copied into the case folder (or written there by a
 * default output folder inside it), were audited as client documents by the next run. They are
 * recognised by what the reporter writes in them, not by their names: a client's own report.pdf is
 * still read, and a renamed copy of ours is still left out; the run's output says what it left out.
 */
const work = workFolder('own-reports');
const home = join(work, '.case-audit');

interface Summary {
  status: string;
  documents: Array<{ name: string; status: string }>;
  skipped: Array<{ name: string; reason: string }>;
}

describe('Case Audit reports inside a case folder', () => {
  it('leaves out its own report.md, report.pdf and bundle.json (renamed too), says so, and still reads a client file named report.pdf', () => {
    const caseDir = writeCase(join(work, 'case'), {
      'letter-of-acceptance.txt': 'LETTER OF ACCEPTANCE\nWe are pleased to confirm your admission to the Diploma in Nursing.\n',
      'imm1294.txt': 'APPLICATION FOR STUDY PERMIT MADE OUTSIDE OF CANADA (IMM 1294)\nFamily name: Mensah\n',
    });
    const first = cli(['run', caseDir, '--workflow', 'document-list', '--json', '--out', join(work, 'first')], { home, cwd: work });
    expect(first.code).toBe(0);

    // The first audit's reports, copied in by the user: as they are, and renamed.
    mkdirSync(join(caseDir, 'old-audit'));
    for (const file of ['report.md', 'report.pdf', 'bundle.json']) copyFileSync(join(work, 'first', file), join(caseDir, 'old-audit', file));
    copyFileSync(join(work, 'first', 'report.pdf'), join(caseDir, 'audit-from-march.pdf'));
    // The client's own report.pdf (an employer's letter that happens to carry that name).
    mkdirSync(join(caseDir, 'employer'));
    copyFileSync(join(EXAMPLE, 'letter-of-acceptance.pdf'), join(caseDir, 'employer', 'report.pdf'));

    const second = cli(['run', caseDir, '--workflow', 'document-list', '--json', '--out', join(work, 'second')], { home, cwd: work });
    expect(second.code).toBe(0);
    const summary = JSON.parse(second.stdout) as Summary;

    const read = summary.documents.map((d) => d.name).sort();
    expect(read).toEqual(['employer/report.pdf', 'imm1294.txt', 'letter-of-acceptance.txt']);
    expect(summary.documents.find((d) => d.name === 'employer/report.pdf')?.status).toBe('ok');
    const left = Object.fromEntries(summary.skipped.map((s) => [s.name, s.reason]));
    expect(left).toMatchObject({
      'old-audit/report.md': expect.stringContaining('a Case Audit report.md written by an earlier audit'),
      'old-audit/report.pdf': expect.stringContaining('a Case Audit report.pdf written by an earlier audit'),
      'old-audit/bundle.json': expect.stringContaining('a Case Audit bundle.json written by an earlier audit'),
      'audit-from-march.pdf': expect.stringContaining('a Case Audit report.pdf written by an earlier audit'),
    });
    // The run's own output says what it left out and why, before the audit's result.
    for (const name of ['old-audit/report.md', 'old-audit/report.pdf', 'old-audit/bundle.json', 'audit-from-march.pdf']) {
      expect(second.stderr).toContain(`left out ${name}: a Case Audit`);
    }
    // And the second audit's report does not treat the first one's findings as evidence.
    expect(readFileSync(join(work, 'second', 'report.md'), 'utf8')).not.toContain('old-audit/report.md (');
  });

  it('leaves out the reports of a default output folder that lies inside the case folder', () => {
    const caseDir = writeCase(join(work, 'nested-default'), {
      'imm1294.txt': 'APPLICATION FOR STUDY PERMIT MADE OUTSIDE OF CANADA (IMM 1294)\nFamily name: Mensah\n',
    });
    // Typed from inside the case folder: the default output folder (case-audit-reports/<case>) is inside it.
    const first = cli(['run', '.', '--workflow', 'document-list', '--json'], { home, cwd: caseDir });
    expect(first.code).toBe(0);
    const second = cli(['run', '.', '--workflow', 'document-list', '--json'], { home, cwd: caseDir });
    expect(second.code).toBe(0);
    const summary = JSON.parse(second.stdout) as Summary;
    expect(summary.documents.map((d) => d.name)).toEqual(['imm1294.txt']);
    expect(summary.skipped.map((s) => s.name).sort()).toEqual(
      ['bundle.json', 'report.md', 'report.pdf'].map((f) => `case-audit-reports/nested-default/${f}`),
    );
  });
});
