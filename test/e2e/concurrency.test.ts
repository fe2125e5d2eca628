import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { longPdf } from '../fixtures/documents/pdfFixtures';
import { auditIdFrom, cli, CLI, EXAMPLE, ROOT, startCli, workFolder, writeCase } from './support/cliHarness';

jest.setTimeout(90_000);

const work = workFolder('concurrency');
const home = join(work, '.case-audit');
let slowCase: string;

/** A case that takes a few seconds to audit: long PDF statements to extract. */
beforeAll(async () => {
  const statement = await longPdf(300);
  slowCase = writeCase(join(work, 'slow-case'), { 'letter-of-acceptance.txt': 'LETTER OF ACCEPTANCE\n' });
  for (let i = 1; i <= 6; i++) writeFileSync(join(slowCase, `bank-statement-${i}.pdf`), statement);
}, 60_000);

const startRun = (caseDir: string, label: string, command = process.execPath, prefix = [CLI]) =>
  startCli(command, [...prefix, 'run', caseDir, '--workflow', 'document-list', '--json', '--out', join(work, `out-${label}`)], { home, cwd: command === 'npx' ? ROOT : work });

describe('several commands on one data folder', () => {
  it('runs five audits started together with the same home, and lists them newest first', async () => {
    const runs = Array.from({ length: 5 }, (_, i) => startRun(EXAMPLE, `five-${i}`));
    const results = await Promise.all(runs.map((r) => r.done));
    for (const r of results) {
      expect(r.stderr).not.toContain('in use by process');
      expect(r.code).toBe(0);
    }
    const ids = results.map((r) => JSON.parse(r.stdout).auditId as string);
    expect(new Set(ids).size).toBe(5);

    const listed = JSON.parse(cli(['list', '--json'], { home }).stdout) as Array<{ auditId: string; status: string; startedAt: string }>;
    expect(listed.map((a) => a.auditId)).toEqual(expect.arrayContaining(ids));
    expect(listed.filter((a) => ids.includes(a.auditId)).every((a) => a.status === 'SUCCEEDED')).toBe(true);
    const times = listed.map((a) => a.startedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('answers status and list while an audit runs, naming the process running it', async () => {
    const run = startRun(slowCase, 'watched');
    const auditId = auditIdFrom(await run.stderrLine(/^Audit aud-\w+ started/));
    const during = cli(['status', auditId, '--json'], { home });
    expect(during.code).toBe(0);
    expect(JSON.parse(during.stdout)).toMatchObject({ auditId, status: 'RUNNING', progress: expect.stringMatching(new RegExp(`^RUNNING in process ${run.child.pid}`)) });
    const listed = cli(['list'], { home });
    expect(listed.stdout).toMatch(new RegExp(`${auditId} .* RUNNING`));
    expect((await run.done).code).toBe(0);
    expect(JSON.parse(cli(['status', auditId, '--json'], { home }).stdout).status).toBe('SUCCEEDED');
  });

  it('stops cleanly on Ctrl-C, leaving an interrupted audit that resume finishes', async () => {
    const run = startRun(slowCase, 'sigint');
    const auditId = auditIdFrom(await run.stderrLine(/^Audit aud-\w+ started/));
    run.child.kill('SIGINT');
    const stopped = await run.done;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain(`audit ${auditId} is interrupted — resume it with: case-audit resume ${auditId}`);
    expect(JSON.parse(cli(['status', auditId, '--json'], { home }).stdout).status).toBe('INTERRUPTED');

    const resumed = cli(['resume', auditId, '--json', '--out', join(work, 'out-sigint-resumed')], { home });
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ auditId, status: 'SUCCEEDED' });
  });

  it('stops the audit when the npx that started it is killed, instead of leaving it running on its own', async () => {
    const run = startRun(slowCase, 'npx', 'npx', ['case-audit']);
    const auditId = auditIdFrom(await run.stderrLine(/^Audit aud-\w+ started/));
    run.child.kill('SIGTERM'); // npm exits without passing the signal on
    const ended = await run.done; // resolves once the CLI under npm has closed its output too
    expect(ended.stderr).toContain(`case-audit: stopped (parent-gone); audit ${auditId} is interrupted`);
    expect(JSON.parse(cli(['status', auditId, '--json'], { home }).stdout).status).toBe('INTERRUPTED');
  });

  it('refuses to resume an audit another live process is running', async () => {
    const run = startRun(slowCase, 'busy');
    const auditId = auditIdFrom(await run.stderrLine(/^Audit aud-\w+ started/));
    const r = cli(['resume', auditId], { home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`audit ${auditId} is already being run by process ${run.child.pid}`);
    expect((await run.done).code).toBe(0);
  });
});
