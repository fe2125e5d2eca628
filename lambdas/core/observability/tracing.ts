import type { Tracer } from '@aws-lambda-powertools/tracer';
import { runningInLambda } from './lambdaEnvironment';

let tracer: Tracer | undefined;
const traced = new WeakSet<object>();

/** The Powertools Tracer of this Lambda container (X-Ray), created on first use; undefined outside Lambda. */
export function lambdaTracer(): Tracer | undefined {
  if (!runningInLambda()) return undefined;
  if (!tracer) {
    const { Tracer: PowertoolsTracer } = require('@aws-lambda-powertools/tracer') as typeof import('@aws-lambda-powertools/tracer');
    tracer = new PowertoolsTracer({ serviceName: 'case-audit', captureHTTPsRequests: false });
  }
  return tracer;
}

/**
 * Adds X-Ray subsegments to AWS SDK clients (once per client), so a trace shows each DynamoDB,
 * S3 and Step Functions call. Does nothing outside Lambda.
 */
export function traceClients(...clients: object[]): void {
  const t = lambdaTracer();
  if (!t) return;
  for (const client of clients) {
    if (traced.has(client)) continue;
    traced.add(client);
    t.captureAWSv3Client(client);
  }
}
