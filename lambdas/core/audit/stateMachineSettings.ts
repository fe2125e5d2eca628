import { WORKFLOW_TYPES, type WorkflowType } from '../../../workflows/schema';

/**
 * The environment variable holding each workflow's state machine ARN (`STATE_MACHINE_ARN_RISK_AUDIT`,
 * …): the CDK stack sets them, the starter reads them. Pure data, so the CDK app can import it.
 */
export const STATE_MACHINE_ARN_SETTINGS: Record<WorkflowType, string> = Object.fromEntries(
  WORKFLOW_TYPES.map((type) => [type, `STATE_MACHINE_ARN_${type.toUpperCase().replace(/-/g, '_')}`]),
) as Record<WorkflowType, string>;
