import type { WorkflowType } from '../../../workflows/schema';

/** The workflows whose report states an outcome from the decision tables, with legal findings behind it. */
export const JUDGED_WORKFLOWS: ReadonlySet<WorkflowType> = new Set<WorkflowType>(['risk-audit', 'initial-assessment', 'final-review', 'refusal-analysis']);
