import { GateFailed } from '../../../lambdas/core/gates/gateErrors';
import { gateResultsFrom, GATE_RESULT_EVENT } from '../../../lambdas/core/gates/gateLog';
import { GateIssue, GateResult, statusOf } from '../../../lambdas/core/gates/gateSchema';
import { withGateNote } from '../../../lambdas/core/gates/gateStatusNote';
import { StageStatus } from '../../../lambdas/core/session/sessionSchema';
import { failedStatus } from '../../../lambdas/core/stage/stageStatus';

const issue = (severity: 'error' | 'warning', code = 'strategist.rubric-score-mismatch'): GateIssue => ({
  code,
  message: 'rubricScore is 70 but its factors give 88',
  evidence: ['rubricScore'],
  severity,
  suggestedFix: 'set rubricScore to 88',
});
const result = (issues: GateIssue[], attempt = 1): GateResult => ({ stage: 'strategist', status: statusOf(issues), issues, elapsedMs: 1.5, attempt });

describe('gate contract', () => {
  it('is FAIL exactly when some issue is an error, WARN for warnings only, PASS for none', () => {
    expect(statusOf([])).toBe('PASS');
    expect(statusOf([issue('warning')])).toBe('WARN');
    expect(statusOf([issue('warning'), issue('error')])).toBe('FAIL');
  });

  it('rejects a result whose status disagrees with its issues', () => {
    expect(GateResult.safeParse({ ...result([issue('error')]), status: 'WARN' }).success).toBe(false);
    expect(GateResult.safeParse({ ...result([]), status: 'FAIL' }).success).toBe(false);
    expect(GateResult.safeParse(result([issue('warning')])).success).toBe(true);
  });

  it('rejects issues without a code, a fix or a known severity, and negative timings', () => {
    expect(GateIssue.safeParse({ ...issue('error'), code: 'Not A Code' }).success).toBe(false);
    expect(GateIssue.safeParse({ ...issue('error'), suggestedFix: '' }).success).toBe(false);
    expect(GateIssue.safeParse({ ...issue('error'), severity: 'info' }).success).toBe(false);
    expect(GateResult.safeParse({ ...result([]), elapsedMs: -1 }).success).toBe(false);
  });

  it('reads gate results back from a transparency log, in order, ignoring other events', () => {
    const first = result([issue('error')]);
    const second = result([], 2);
    const events = [
      { at: '2026-01-01T00:00:00Z', type: 'stage-started', stage: 'strategist', detail: {} },
      { at: '2026-01-01T00:00:01Z', type: GATE_RESULT_EVENT, stage: 'strategist', detail: first },
      { at: '2026-01-01T00:00:02Z', type: GATE_RESULT_EVENT, stage: 'strategist', detail: { garbage: true } },
      { at: '2026-01-01T00:00:03Z', type: GATE_RESULT_EVENT, stage: 'strategist', detail: second },
    ];
    expect(gateResultsFrom(events)).toEqual([first, second]);
  });

  it('notes a WARN or FAIL, or a pass after a retry, on the stage status and keeps it a valid status', () => {
    expect(withGateNote('ok', result([]))).toBe('ok');
    expect(withGateNote('ok', result([issue('warning'), issue('warning')]))).toBe('ok:gate WARN (2 issues)');
    expect(withGateNote('ok:3 authorities', result([issue('error')]))).toBe('ok:3 authorities; gate FAIL (1 issue)');
    expect(withGateNote('ok', result([], 2))).toBe('ok:gate PASS after 1 retry');
    for (const s of ['ok:gate WARN (2 issues)', 'ok:3 authorities; gate FAIL (1 issue)']) expect(StageStatus.safeParse(s).success).toBe(true);
  });

  it('names the first error issue in a GateFailed, which becomes the stage status', () => {
    const error = new GateFailed(result([issue('warning', 'strategist.no-factors'), issue('error'), issue('error', 'strategist.outcome-promise')]));
    expect(error.name).toBe('GateFailed');
    expect(error.message).toBe('strategist.rubric-score-mismatch: rubricScore is 70 but its factors give 88 (and 1 more issue)');
    expect(failedStatus(error.name, error.message)).toMatch(/^failed:GateFailed:strategist\.rubric-score-mismatch: /);
  });
});
