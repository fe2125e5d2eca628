import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const CLI = join(ROOT, 'bin/case-audit.js');
const work = mkdtempSync(join(tmpdir(), 'case-audit-e2e-'));

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: work,
    env: { ...process.env, CASE_AUDIT_HOME: join(work, '.case-audit') },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function caseFolder(name: string, auditJson: string | null, files: Record<string, string> = { 'letter.txt': 'LETTER OF ACCEPTANCE\n' }) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  if (auditJson !== null) writeFileSync(join(dir, 'audit.json'), auditJson);
  for (const [f, c] of Object.entries(files)) writeFileSync(join(dir, f), c);
  return dir;
}

describe('case-audit CLI', () => {
  const out = join(work, 'reports');
  let example: ReturnType<typeof cli> | undefined;
  /** `case-audit run` of the bundled document-list example with --json: run once for the file, by the first test that needs it. */
  const exampleRun = () => (example ??= cli(['run', join(ROOT, 'examples/study-permit-document-list'), '--json', '--out', out]));

  it('audits the bundled document-list example and prints the JSON contract', () => {
    const r = exampleRun();
    // Not a TTY: no progress noise, only the audit id the moment the audit exists.
    expect(r.stderr).toMatch(/^Audit aud-\w+ started: case study-permit-[\w-]+, document-list, tier guest, 10 document\(s\), 1 file\(s\) skipped\n$/);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({
      caseId: expect.any(String),
      workflowType: 'document-list',
      tier: 'guest',
      status: 'SUCCEEDED',
      applicationType: 'study-permit',
      verification: { status: 'NOT_RUN', failedCitations: [] },
      usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, estimatedCostUsd: 0 },
    });
    for (const key of ['auditId', 'defensibilityScore', 'decision', 'verdict', 'refusalTriggers', 'injectionAttempts', 'checklist', 'documents', 'stageStatus', 'durationMs', 'reports']) {
      expect(result).toHaveProperty(key);
    }
    expect(result.documents).toHaveLength(10);
    expect(result.stageStatus).toEqual({ intake: expect.stringMatching(/^ok/), gatekeeper: expect.stringMatching(/^ok/), reporter: 'ok' });
    expect(result.checklist.present.length).toBeGreaterThan(0);
    expect(result.reports.markdown).toBe(join(out, 'report.md'));
    expect(readFileSync(result.reports.markdown, 'utf8')).toMatch(/^> \*\*Disclaimer\.\*\*/);
    expect(existsSync(result.reports.bundle)).toBe(true);
  });

  it('writes plain-language client guidance with the client-guidance workflow, naming the files to fix', () => {
    const dir = caseFolder('guidance', null, {
      'imm5257.txt': 'APPLICATION FOR TEMPORARY RESIDENT VISA (IMM 5257)\nFamily name: Otieno\n',
      'scan.pdf': '%PDF-1.4\n%%EOF',
      'empty.txt': '',
    });
    const r = cli(['run', dir, '--workflow', 'client-guidance', '--json', '--out', join(work, 'guidance-out')]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ workflowType: 'client-guidance', status: 'SUCCEEDED' });
    expect(result.stageStatus).toEqual({ intake: expect.stringMatching(/^ok:2 of 3 documents could not be read/), reporter: 'ok' });
    const report = readFileSync(result.reports.markdown, 'utf8');
    expect(report).toMatch(/^> \*\*Disclaimer\.\*\*/);
    expect(report).toContain('## Your guidance');
    expect(report).toMatch(/Send a new, readable copy of empty\.txt: the file is empty/);
    expect(report).toMatch(/Send a new, readable copy of scan\.pdf: the file is damaged/);
    expect(report).not.toMatch(/guarantee(d)? (success|approval)|will be approved/i);
  });

  it('reports the stored status of an earlier audit', () => {
    const { auditId } = JSON.parse(exampleRun().stdout) as { auditId: string };
    const r = cli(['status', auditId, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ auditId, status: 'SUCCEEDED' });
    expect(cli(['status', 'aud-does-not-exist']).stderr).toContain("no audit 'aud-does-not-exist'");
  });

  it.each([
    ['an unknown tier', '{"caseId":"c1","workflowType":"document-list","tier":"platinum"}', 'invalid audit.json: tier must be one of guest, pro, ultra'],
    ['an unknown workflow', '{"caseId":"c1","workflowType":"full-audit"}', 'invalid audit.json: workflowType must be one of risk-audit, initial-assessment, final-review, refusal-analysis, document-list, client-guidance'],
    ['a misspelt key', '{"caseId":"c1","workflowType":"document-list","teir":"pro"}', 'invalid audit.json: unknown key "teir" (did you mean "tier"?)'],
    ['invalid JSON', '{"caseId": "c1",', 'invalid audit.json: not valid JSON'],
  ])('rejects an audit.json with %s in one clear line and exit code 2', (_what, json, message) => {
    const r = cli(['run', caseFolder(`bad-${_what.replace(/\W/g, '')}`, json), '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(message);
  });

  it('rejects bad arguments with exit code 2', () => {
    expect(cli(['run']).code).toBe(2);
    expect(cli(['run', join(work, 'missing-folder')]).stderr).toContain('does not exist');
    const r = cli(['run', caseFolder('flags', null), '--tier', 'gold']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid --tier: tier must be one of guest, pro, ultra');
    expect(cli(['frobnicate']).code).toBe(2);
  });

  it('lists the six workflows with what each decides and its stages', () => {
    const list = cli(['workflows']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^risk-audit\s+PROCEED \/ REVISE \/ HIGH-RISK\n\s+intake → detective → strategist → gatekeeper → verifier → judge → reporter$/m);
    expect(list.stdout).toMatch(/^refusal-analysis\s+APPEAL \/ REAPPLY \/ ABANDON$/m);
    expect(list.stdout).toMatch(/^document-list\s+present \/ missing \/ problem documents\n\s+intake → gatekeeper → reporter$/m);
    expect(list.stdout.match(/^\S+/gm)).toEqual(['risk-audit', 'initial-assessment', 'final-review', 'refusal-analysis', 'document-list', 'client-guidance']);
  });

  it('exits quietly when whatever reads the list stops early (`case-audit workflows | head -1`)', () => {
    for (const reader of ['head -1', 'true']) {
      const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${CLI}" workflows | ${reader}`], { cwd: work, encoding: 'utf8', timeout: 60_000 });
      expect({ reader, code: r.status, stderr: r.stderr }).toEqual({ reader, code: 0, stderr: '' });
    }
  });
});
