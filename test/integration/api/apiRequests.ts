import type { ApiDeps } from '../../../lambdas/api/apiDeps';
import { createApiGatewayHandler } from '../../../lambdas/api/http/apiGatewayHandler';
import type { RestProxyResult } from '../../../lambdas/api/http/apiGatewayEvent';
import { API_OPERATIONS } from '../../../lambdas/api/routes';
import { API_ROUTE_TABLE, type ApiRouteName } from '../../../lambdas/api/routeTable';
import { localContext } from '../../../local/handlerRegistry';
import { restApiEvent } from '../../fixtures/awsEvents';

export interface CallOptions {
  /** The Cognito `sub` the authorizer verified; none: the request carries no claims. */
  sub?: string;
  /** The caller's `cognito:groups` claim. */
  groups?: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiReply {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/**
 * Calls a route's Lambda handler with the event API Gateway would send after its Cognito user pool
 * authorizer accepted the token: the caller is in `requestContext.authorizer.claims`.
 */
export function apiCaller(deps: () => ApiDeps) {
  const handlers = new Map(API_ROUTE_TABLE.map((r) => [r.name, createApiGatewayHandler(API_OPERATIONS[r.name], deps)]));
  return async (route: ApiRouteName, opts: CallOptions = {}): Promise<ApiReply> => {
    const entry = API_ROUTE_TABLE.find((r) => r.name === route)!;
    const pathParameters = opts.pathParameters ?? {};
    const path = entry.resource.replace(/\{(\w+)\}/g, (_m, name: string) => pathParameters[name] ?? '');
    const event = restApiEvent({
      resource: entry.resource,
      path,
      method: entry.method,
      headers: { 'Content-Type': 'application/json', ...(opts.headers ?? {}) },
      pathParameters: Object.keys(pathParameters).length ? pathParameters : null,
      query: opts.query ?? null,
      body: opts.body === undefined ? null : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
      sub: opts.sub,
      ...(opts.groups ? { groups: opts.groups } : {}),
    });
    const result = (await handlers.get(route)!(event, localContext(`api-${route}`, 29_000) as never)) as RestProxyResult;
    return { status: result.statusCode, headers: result.headers, body: JSON.parse(result.body) };
  };
}
