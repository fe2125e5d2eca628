import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from './logger';
import { lambdaMetrics } from './metrics';
import { lambdaTracer } from './tracing';

/**
 * Wraps a Lambda handler with Powertools through middy: the logger always (request id and cold
 * start on every line), and in a real Lambda container the tracer (X-Ray segment per invocation)
 * and metrics (flushed as EMF at the end of each invocation). No cold-start metric: one per function
 * would be billed as a custom metric each, and Lambda reports init durations itself.
 */
export function withObservability<TEvent, TResult>(handler: (event: TEvent, context: object) => Promise<TResult>) {
  const wrapped = middy(handler as (event: TEvent) => Promise<TResult>).use(injectLambdaContext(logger));
  const tracer = lambdaTracer();
  if (tracer) {
    const { captureLambdaHandler } = require('@aws-lambda-powertools/tracer/middleware') as typeof import('@aws-lambda-powertools/tracer/middleware');
    // Responses may carry presigned URLs and case data: keep them out of traces.
    wrapped.use(captureLambdaHandler(tracer, { captureResponse: false }));
  }
  const metrics = lambdaMetrics();
  if (metrics) {
    const { logMetrics } = require('@aws-lambda-powertools/metrics/middleware') as typeof import('@aws-lambda-powertools/metrics/middleware');
    wrapped.use(logMetrics(metrics));
  }
  return wrapped;
}
