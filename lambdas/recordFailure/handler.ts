import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { getRuntimeDeps } from '../core/aws/runtimeConfig';
import type { StageDepsCarrier } from '../core/stage/createStageHandler';
import { logger } from '../core/observability/logger';
import { ExecutionEndedEvent, recordExecutionEnd } from './recordExecutionEnd';
import { RecordFailureEvent, recordFailure } from './recordFailure';

/**
 * Two callers: the state machine's Catch (`{auditId, error}`) and the EventBridge rule on an
 * execution that ended without recording it (`{auditId, executionEnded}`).
 */
export const handler = middy(async (event: unknown, context: object) => {
  // The embedded local runtime passes its own store; a Lambda container uses its configuration's.
  const store = (context as StageDepsCarrier | undefined)?.stageDeps?.store ?? getRuntimeDeps().store;
  if (typeof event === 'object' && event !== null && 'executionEnded' in event) {
    const outcome = await recordExecutionEnd(store, ExecutionEndedEvent.parse(event));
    logger.info('execution end', { ...outcome });
    return outcome;
  }
  return recordFailure(store, RecordFailureEvent.parse(event));
}).use(injectLambdaContext(logger));
