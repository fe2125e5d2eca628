import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { getRuntimeDeps } from '../core/aws/runtimeConfig';
import { logger } from '../core/observability/logger';
import { RecordFailureEvent, recordFailure } from './recordFailure';

export const handler = middy(async (event: unknown) => recordFailure(getRuntimeDeps().store, RecordFailureEvent.parse(event))).use(
  injectLambdaContext(logger),
);
