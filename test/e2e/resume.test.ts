import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startLocalRuntime } from '../../local/localRuntime';
import { localContext } from '../../local/handlerRegistry';
import { startAudit } from '../../lambdas/core/audit/startAudit';
import { documentsPrefix } from '../../lambdas/core/storage/objectKeys';
import { handler as intakeHandler } from '../../lambdas/agents/intake/handler';

const ROOT = resolve(__dirname, '../..');
const EXAMPLE = join(ROOT, 'examples/study-permit-document-list');
const work = mkdtempSync(join(tmpdir(), 'case-audit-resume-'));
const home = join(work, '.case-audit');

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/case-audit.js'), ...args], {
    cwd: work,
    env: { ...process.env, CASE_AUDIT_HOME: home },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** An audit whose process stopped after intake: the state is only in the persisted local DynamoDB and S3. */
async function interruptedAudit(): Promise<string> {
  const rt = await startLocalRuntime({ dataFolder: home, persist: true });
  try {
    for (const name of readdirSync(EXAMPLE).filter((n) => n !== 'audit.json' && n !== 'README.md')) {
      await rt.emulators.blobs.put(`${documentsPrefix('local', 'resume-case')}${name}`, readFileSync(join(EXAMPLE, name)));
    }
    const session = await startAudit(
      { store: rt.emulators.store, blobs: rt.emulators.blobs, starter: { start: async () => ({ executionArn: 'interrupted' }) } },
      { caseId: 'resume-case', workflowType: 'document-list', tier: 'pro', model: 'none', gateMode: 'live', owner: 'local' },
    );
    await intakeHandler({ auditId: session.auditId, stage: 'intake' }, rt.taskContext('Intake', { timeoutMs: 60_000 }) as never);
    return session.auditId;
  } finally {
    await rt.stop();
  }
}

describe('case-audit resume', () => {
  it('finishes an interrupted audit from its stored state without re-running finished stages', async () => {
    const auditId = await interruptedAudit();
    const before = JSON.parse(cli(['status', auditId, '--json']).stdout);
    // Its process is gone: it shows as interrupted, with the command that finishes it.
    expect(before).toMatchObject({ auditId, status: 'INTERRUPTED', stageStatus: { intake: 'ok' } });
    expect(cli(['status', auditId]).stdout).toContain(`INTERRUPTED — the process running it stopped (1/3 stages done); resume it with: case-audit resume ${auditId}`);

    const r = cli(['resume', auditId, '--json', '--out', join(work, 'out')]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ auditId, status: 'SUCCEEDED', workflowType: 'document-list', tier: 'pro' });
    expect(Object.keys(result.stageStatus)).toEqual(['intake', 'gatekeeper', 'reporter']);

    const bundle = JSON.parse(readFileSync(result.reports.bundle, 'utf8')) as { transparencyLog: Array<{ type: string; stage?: string }> };
    const started = bundle.transparencyLog.filter((e) => e.type === 'stage-started').map((e) => e.stage);
    expect(started).toEqual(['intake', 'gatekeeper', 'reporter']);
    expect(bundle.transparencyLog.map((e) => e.type)).toContain('audit-resumed');
  });

  it('says so and exits 0 when the audit already finished', () => {
    const done = JSON.parse(cli(['run', EXAMPLE, '--json', '--out', join(work, 'out2')]).stdout);
    const r = cli(['resume', done.auditId, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ auditId: done.auditId, status: 'SUCCEEDED' });
  });
});
