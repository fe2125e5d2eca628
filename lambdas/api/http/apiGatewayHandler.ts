import { logger } from '../../core/observability/logger';
import { withObservability } from '../../core/observability/lambdaObservability';
import type { ApiDeps } from '../apiDeps';
import { ApiError } from './apiErrors';
import type { ApiRequest } from './apiMessages';
import { corsHeaders, toApiRequest, toProxyResult, type RestProxyResult } from './apiGatewayEvent';
import { runOperation, type ApiOperation } from './runOperation';

/** Comma-separated origins allowed to call the API from a browser (CORS), set by the stack. */
export function allowedOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.CORS_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}

/** The request's Origin header, read before the event is validated (an error response needs CORS too). */
function originOf(event: unknown): string | undefined {
  const headers = (event as { headers?: Record<string, unknown> | null } | null)?.headers;
  const origin = headers?.origin ?? headers?.Origin;
  return typeof origin === 'string' ? origin : undefined;
}

/**
 * A Lambda handler for one API route: adapts the API Gateway event to a plain request (owner from
 * the authorizer's `sub` claim), runs the operation, and adapts the response back, with CORS.
 */
export function createApiGatewayHandler(operation: ApiOperation, deps: () => ApiDeps) {
  return withObservability(async (event: unknown): Promise<RestProxyResult> => {
    const origins = allowedOriginsFromEnv();
    const cors = corsHeaders(originOf(event), origins);
    let request: ApiRequest;
    try {
      request = toApiRequest(event);
    } catch (err) {
      if (err instanceof ApiError) return toProxyResult(err.toResponse(), cors);
      logger.error('not an API Gateway proxy event', { error: err instanceof Error ? err.name : String(err) });
      return toProxyResult({ statusCode: 400, body: { error: 'InvalidRequest', message: 'the request could not be read' } }, cors);
    }
    return toProxyResult(await runOperation(operation, deps(), request, logger), cors);
  });
}
