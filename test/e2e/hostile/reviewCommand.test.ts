import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, ROOT, workFolder } from '../support/cliHarness';

/** Issue 33 through the CLI: `run` stops at the review with exit 4; `review` decides; `--review off` needs none. */
jest.setTimeout(300_000);

const SPOUSAL = join(ROOT, 'examples', 'spousal-sponsorship-risk-audit');

describe('case-audit review', () => {
  const work = workFolder('reviewCommand');
  const home = join(work, '.case-audit');

  it('returns from run with exit 4 and AWAITING_REVIEW saying what to run; status and list show it; review --approve --note renders the report with the note', () => {
    const run = cli(['run', SPOUSAL, '--out', join(work, 'held')], { home });
    expect(run.code).toBe(4);
    const auditId = /Audit (aud-[a-z0-9]+)/.exec(run.stdout)![1];
    expect(run.stdout).toContain(`case-audit review ${auditId} --approve`);
    expect(run.stdout).toMatch(/Awaiting a lawyer's review \(outcome HIGH-RISK/);

    const status = cli(['status', auditId, '--json'], { home });
    expect(JSON.parse(status.stdout)).toMatchObject({ status: 'AWAITING_REVIEW', review: { state: 'awaiting', round: 1 } });
    expect(cli(['list'], { home }).stdout).toMatch(new RegExp(`${auditId}.*AWAITING_REVIEW`));

    const wrong = cli(['review', auditId, '--return', 'reporter', '--note', 'x'], { home });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("cannot return the audit to 'reporter'");

    const approved = cli(['review', auditId, '--approve', '--note', 'Checked with the client.', '--json', '--out', join(work, 'held')], { home });
    expect(approved.code).toBe(0);
    const result = JSON.parse(approved.stdout);
    expect(result).toMatchObject({ status: 'SUCCEEDED', decision: 'HIGH-RISK', review: { state: 'decided', decision: { decision: 'approve', note: 'Checked with the client.' } } });
    expect(readFileSync(result.reports.markdown, 'utf8')).toContain("> Reviewer's note: Checked with the client.");

    const late = cli(['review', auditId, '--approve'], { home });
    expect(late.code).toBe(2);
    expect(late.stderr).toContain('is not awaiting review');
  });

  it('runs an audit with --review off to its report without holding it', () => {
    const r = cli(['run', SPOUSAL, '--review', 'off', '--json', '--out', join(work, 'off')], { home });
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.status).toBe('SUCCEEDED');
    expect(result.review).toBeUndefined();
    expect(cli(['run', SPOUSAL, '--review', 'never'], { home }).code).toBe(2);
  });
});
