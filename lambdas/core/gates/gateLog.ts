import type { SessionEvent } from '../session/sessionSchema';
import type { SessionStore } from '../session/sessionStore';
import { GateResult } from './gateSchema';

/** The transparency-log event type that carries one gate result as its detail. */
export const GATE_RESULT_EVENT = 'gate-result';

/** Appends a gate result to the audit's transparency log. */
export async function recordGateResult(store: SessionStore, auditId: string, result: GateResult): Promise<void> {
  await store.appendEvent(auditId, { type: GATE_RESULT_EVENT, stage: result.stage, detail: { ...result } });
}

/** Every gate result in a transparency log, in log order (events that do not parse are left out). */
export function gateResultsFrom(events: readonly SessionEvent[]): GateResult[] {
  return events.flatMap((e) => {
    if (e.type !== GATE_RESULT_EVENT) return [];
    const parsed = GateResult.safeParse(e.detail);
    return parsed.success ? [parsed.data] : [];
  });
}
