import type { NewSession } from '../../../lambdas/core/session/sessionSchema';

let counter = 0;

/** A valid NewSession with a unique audit id; override any field. */
export function newSession(overrides: Partial<NewSession> = {}): NewSession {
  counter += 1;
  return {
    auditId: `audit-${process.pid}-${Date.now()}-${counter}`,
    caseId: 'case-001',
    owner: 'local',
    workflowType: 'risk-audit',
    tier: 'pro',
    model: 'none',
    gateMode: 'live',
    ...overrides,
  };
}

/** A fixed clock that advances one second per reading. */
export function steppingClock(startIso = '2025-03-01T10:00:00.000Z'): () => Date {
  let t = Date.parse(startIso);
  return () => {
    const d = new Date(t);
    t += 1000;
    return d;
  };
}
