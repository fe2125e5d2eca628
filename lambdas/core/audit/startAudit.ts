import type { SessionStore } from '../session/sessionStore';
import type { Session } from '../session/sessionSchema';
import { assertWorkflowAvailable } from '../../agents/availability';
import type { AuditRequest } from './auditRequest';
import { newAuditId } from './auditId';

/** Starts the state machine for a session: Step Functions in AWS, the embedded interpreter locally. */
export interface ExecutionStarter {
  start(session: Session): Promise<{ executionArn: string }>;
}

export interface StartAuditDeps {
  store: SessionStore;
  starter: ExecutionStarter;
  now?: () => Date;
  /** Refuses a workflow whose agents are not all deployed; defaults to the agents built in this package. */
  assertAvailable?: (type: AuditRequest['workflowType']) => void;
}

/** Creates the session for a validated request and starts its execution. */
export async function startAudit(deps: StartAuditDeps, request: AuditRequest & { owner: string; auditId?: string }): Promise<Session> {
  (deps.assertAvailable ?? assertWorkflowAvailable)(request.workflowType);
  const auditId = request.auditId ?? newAuditId(deps.now?.());
  const created = await deps.store.create({
    auditId,
    caseId: request.caseId,
    owner: request.owner,
    workflowType: request.workflowType,
    tier: request.tier,
    model: request.model,
    gateMode: request.gateMode,
  });
  await deps.store.appendEvent(auditId, {
    type: 'audit-started',
    detail: { workflowType: request.workflowType, tier: request.tier, model: request.model },
  });
  const { executionArn } = await deps.starter.start(created);
  return deps.store.update(auditId, (s) => ({ ...s, executionArn }));
}
