import { APIGatewayProxyEventSchema } from '@aws-lambda-powertools/parser/schemas/api-gateway';
import type * as z from 'zod';
import { Unauthenticated } from './apiErrors';
import type { ApiRequest, ApiResponse } from './apiMessages';

/**
 * The API Gateway REST API Lambda-proxy event (Powertools' schema of it). The Cognito user pool
 * authorizer puts the verified token's claims under `requestContext.authorizer.claims`.
 */
export const RestProxyEvent = APIGatewayProxyEventSchema;
export type RestProxyEvent = z.infer<typeof RestProxyEvent>;

/** The Lambda-proxy result API Gateway expects. */
export interface RestProxyResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** The `sub` claim the authorizer verified, if any (a Lambda authorizer's context carries none). */
function verifiedSub(authorizer: RestProxyEvent['requestContext']['authorizer']): string | undefined {
  const sub = authorizer && 'claims' in authorizer ? authorizer.claims.sub : undefined;
  return typeof sub === 'string' && sub !== '' ? sub : undefined;
}

/**
 * The verified `cognito:groups` claim: API Gateway passes it as one string, `reviewers`,
 * `admin,reviewers` or `[admin reviewers]` depending on the token; an array is taken as it is.
 */
export function verifiedGroups(authorizer: RestProxyEvent['requestContext']['authorizer']): string[] {
  const claim: unknown = authorizer && 'claims' in authorizer ? (authorizer.claims as Record<string, unknown>)['cognito:groups'] : undefined;
  if (Array.isArray(claim)) return claim.filter((g): g is string => typeof g === 'string' && g !== '');
  if (typeof claim !== 'string') return [];
  return claim.replace(/^\[|\]$/g, '').split(/[,\s]+/).filter(Boolean);
}

/** Turns an API Gateway event into the plain request the operations take; 401 without a caller. */
export function toApiRequest(event: unknown): ApiRequest {
  const e = RestProxyEvent.parse(event);
  const owner = verifiedSub(e.requestContext.authorizer);
  if (!owner) throw new Unauthenticated();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(e.headers ?? {})) headers[name.toLowerCase()] = value;
  const body = e.body == null ? undefined : e.isBase64Encoded ? Buffer.from(e.body, 'base64').toString('utf8') : e.body;
  return {
    method: e.httpMethod,
    path: e.path,
    pathParameters: e.pathParameters ?? {},
    query: e.queryStringParameters ?? {},
    headers,
    body,
    owner,
    groups: verifiedGroups(e.requestContext.authorizer),
    requestId: e.requestContext.requestId,
  };
}

/**
 * CORS headers for a response: the request's Origin echoed when it is one of the allowed origins
 * (never a wildcard with credentials), and nothing for any other origin.
 */
export function corsHeaders(origin: string | undefined, allowedOrigins: readonly string[]): Record<string, string> {
  if (!origin || !(allowedOrigins.includes(origin) || allowedOrigins.includes('*'))) return { vary: 'Origin' };
  return { 'access-control-allow-origin': origin, vary: 'Origin' };
}

const SECURITY_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
} as const;

export function toProxyResult(response: ApiResponse, extraHeaders: Record<string, string> = {}): RestProxyResult {
  return {
    statusCode: response.statusCode,
    headers: { ...SECURITY_HEADERS, ...extraHeaders, ...response.headers },
    body: JSON.stringify(response.body),
  };
}
