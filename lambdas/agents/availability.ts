import type { AgentName, WorkflowType } from '../../workflows/schema';
import { WORKFLOW_TYPES } from '../../workflows/schema';
import { getWorkflow } from '../../workflows/registry';

/** Agents whose Lambda exists today. A workflow is available when every agent it uses is here. */
export const IMPLEMENTED_AGENTS: ReadonlySet<AgentName> = new Set<AgentName>(['intake', 'detective', 'gatekeeper', 'verifier', 'reporter']);

export function missingAgents(type: WorkflowType): AgentName[] {
  return [...new Set(getWorkflow(type).stages.map((s) => s.agent))].filter((a) => !IMPLEMENTED_AGENTS.has(a));
}

export const availableWorkflows = (): WorkflowType[] => WORKFLOW_TYPES.filter((t) => missingAgents(t).length === 0);

export class WorkflowNotAvailable extends Error {
  override readonly name = 'WorkflowNotAvailable';
  constructor(readonly workflowType: WorkflowType) {
    super(
      `workflow '${workflowType}' is not available yet (its ${missingAgents(workflowType).join(', ')} agent(s) are not built); ` +
        `available: ${availableWorkflows().join(', ')}`,
    );
  }
}

export function assertWorkflowAvailable(type: WorkflowType): void {
  if (missingAgents(type).length) throw new WorkflowNotAvailable(type);
}
