import type { Logger } from '@aws-lambda-powertools/logger';
import type { ApiDeps } from '../apiDeps';
import { ApiError } from './apiErrors';
import type { ApiRequest, ApiResponse } from './apiMessages';

export type ApiOperation = (deps: ApiDeps, request: ApiRequest) => Promise<ApiResponse>;

/**
 * Runs one operation and turns its errors into responses: an ApiError as it says, anything else as
 * a 500 that reveals nothing (the log has the error's name and message, with the request id).
 */
export async function runOperation(
  operation: ApiOperation,
  deps: ApiDeps,
  request: ApiRequest,
  log: Pick<Logger, 'warn' | 'error'>,
): Promise<ApiResponse> {
  try {
    return await operation(deps, request);
  } catch (err) {
    if (err instanceof ApiError) return err.toResponse();
    const error = err instanceof Error ? err : new Error(String(err));
    log.error('API request failed', { requestId: request.requestId, error: error.name, detail: error.message });
    return {
      statusCode: 500,
      body: { error: 'InternalError', message: `the request could not be completed${request.requestId ? ` (request id ${request.requestId})` : ''}; try again later` },
    };
  }
}
