import { performance } from 'node:perf_hooks';
import type { GateCheck, GateInput } from './gateCheck';
import { gateError } from './gateIssues';
import { GateResult, statusOf, type GateIssue } from './gateSchema';

/**
 * Runs a gate's checks on one output and times them. A check that throws fails the gate (fail closed):
 * an output nobody could check is not let through.
 */
export async function evaluateGate(gate: GateCheck, input: GateInput, attempt: number): Promise<GateResult> {
  const started = performance.now();
  let issues: GateIssue[];
  try {
    issues = await gate.check(input);
  } catch (e) {
    const name = e instanceof Error ? e.name : 'Error';
    issues = [
      gateError('gate.check-crashed', `the ${input.stage.id} gate could not finish its checks (${name})`, 'retry the stage; if this persists, the output or the audit state needs a person to look at it', [input.stage.id]),
    ];
  }
  const elapsedMs = Math.round((performance.now() - started) * 1000) / 1000;
  return GateResult.parse({ stage: input.stage.id, status: statusOf(issues), issues, elapsedMs, attempt });
}
