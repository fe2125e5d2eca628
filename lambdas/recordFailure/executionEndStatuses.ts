/**
 * The ends of a Step Functions execution the failure recorder watches for (EventBridge rule in
 * lib/workflows/executionEndWatch.ts, handling in recordExecutionEnd.ts).
 */
export const EXECUTION_END_STATUSES = ['FAILED', 'TIMED_OUT', 'ABORTED'] as const;
export type ExecutionEndStatus = (typeof EXECUTION_END_STATUSES)[number];
