import type { StageStatus } from '../session/sessionSchema';
import type { GateResult } from './gateSchema';

/**
 * The stage status with the gate's verdict added when it was not a first-time PASS:
 * `ok` → `ok:gate WARN (2 issues)`, `ok:<note>` → `ok:<note>; gate FAIL (1 issue)`,
 * and `ok:gate PASS after 1 retry` when the output passed only after the gate's feedback.
 */
export function withGateNote(status: StageStatus, result: GateResult): StageStatus {
  const retried = result.attempt > 1 ? ` after ${result.attempt - 1} retr${result.attempt === 2 ? 'y' : 'ies'}` : '';
  if (result.status === 'PASS' && !retried) return status;
  const n = result.issues.length;
  const note = `gate ${result.status}${n ? ` (${n} issue${n === 1 ? '' : 's'})` : ''}${retried}`;
  return status === 'ok' ? `ok:${note}` : `${status}; ${note}`;
}
