import type { Metrics } from '@aws-lambda-powertools/metrics';
import { runningInLambda } from './lambdaEnvironment';

/** The CloudWatch namespace of Case Audit's own metrics (the dashboard and alarms read it). */
export const METRICS_NAMESPACE = 'CaseAudit';

/** Names of the metrics Case Audit publishes, so the stack and the code agree on them. */
export const METRIC = {
  stageCompleted: 'StageCompleted',
  stageDegraded: 'StageDegraded',
  /** A stage whose model-assisted steps fell back to rules because the model failed (the audit is degraded). */
  modelFallback: 'StageModelFallback',
  /** Bedrock refused a request: 4xx other than throttling (retired or unknown model, access denied, invalid request). */
  modelClientError: 'BedrockClientError',
  auditStarted: 'AuditStarted',
  duplicateUpload: 'DuplicateUploadEvent',
  auditRequestRejected: 'AuditRequestRejected',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];

let metrics: Metrics | undefined;

/**
 * The Powertools Metrics instance of this Lambda container, created on first use; undefined outside
 * Lambda. Loaded with require so the local runtime (CLI, tests) never pays for it.
 */
export function lambdaMetrics(): Metrics | undefined {
  if (!runningInLambda()) return undefined;
  if (!metrics) {
    const { Metrics: PowertoolsMetrics } = require('@aws-lambda-powertools/metrics') as typeof import('@aws-lambda-powertools/metrics');
    metrics = new PowertoolsMetrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? METRICS_NAMESPACE, serviceName: 'case-audit' });
  }
  return metrics;
}

/**
 * Counts one occurrence of a metric; does nothing outside Lambda. No dimensions beyond the service:
 * each distinct metric and dimension set is billed as a custom metric, and totals are what the
 * dashboard shows (per-function detail is in Lambda's own metrics and the logs).
 */
export function countMetric(name: MetricName): void {
  lambdaMetrics()?.addMetric(name, 'Count', 1);
}
