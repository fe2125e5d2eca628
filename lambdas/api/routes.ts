import type { ApiDeps } from './apiDeps';
import { MethodNotAllowed, RouteNotFound } from './http/apiErrors';
import type { ApiRequest, ApiResponse } from './http/apiMessages';
import { runOperation, type ApiOperation } from './http/runOperation';
import { createAudit } from './operations/createAudit';
import { createUploads } from './operations/createUploads';
import { getAudit } from './operations/getAudit';
import { getReport } from './operations/getReport';
import { listAudits } from './operations/listAudits';
import { reviewAudit } from './operations/reviewAudit';
import { API_ROUTE_TABLE, type ApiRouteName } from './routeTable';
import type { Logger } from '@aws-lambda-powertools/logger';

/** The operation behind each route of the route table. */
export const API_OPERATIONS: Record<ApiRouteName, ApiOperation> = { createAudit, listAudits, getAudit, getReport, reviewAudit, createUploads };

/** Matches a path against a resource template such as `/audits/{id}/report`; the path parameters, or undefined. */
export function matchResource(resource: string, path: string): Record<string, string> | undefined {
  const want = resource.split('/').filter(Boolean);
  const got = path.split('?')[0].split('/').filter(Boolean);
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const name = /^\{(\w+)\}$/.exec(want[i])?.[1];
    if (name) {
      try {
        params[name] = decodeURIComponent(got[i]);
      } catch {
        return undefined;
      }
    } else if (want[i] !== got[i]) return undefined;
  }
  return params;
}

/**
 * Routes a request received outside API Gateway (`case-audit serve`) to its operation: the same
 * operations, validation and owner checks as the Lambdas. The caller authenticates the request and
 * sets `owner`; path parameters are filled in here.
 */
export async function handleApiRequest(
  deps: ApiDeps,
  request: Omit<ApiRequest, 'pathParameters'>,
  log: Pick<Logger, 'warn' | 'error'>,
): Promise<ApiResponse> {
  const allowed: string[] = [];
  for (const route of API_ROUTE_TABLE) {
    const pathParameters = matchResource(route.resource, request.path);
    if (!pathParameters) continue;
    if (route.method !== request.method.toUpperCase()) {
      allowed.push(route.method);
      continue;
    }
    return runOperation(API_OPERATIONS[route.name], deps, { ...request, pathParameters }, log);
  }
  const error = allowed.length ? new MethodNotAllowed(request.method, request.path, allowed) : new RouteNotFound(request.method, request.path);
  return error.toResponse();
}
