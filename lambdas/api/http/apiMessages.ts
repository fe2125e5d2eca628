/**
 * A request as the API handlers see it, whoever received it: API Gateway (with the Cognito
 * authorizer) in AWS, or `case-audit serve` (a bearer token per local user) on a laptop.
 */
export interface ApiRequest {
  method: string;
  path: string;
  pathParameters: Record<string, string>;
  query: Record<string, string>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string | undefined;
  /** The authenticated caller's owner id: the Cognito `sub`, or the local user's name. */
  owner: string;
  /** The caller's Cognito groups (`cognito:groups`); none for a local user of `case-audit serve`. */
  groups?: readonly string[];
  requestId?: string;
}

export interface ApiResponse {
  statusCode: number;
  /** Serialised as JSON. */
  body: unknown;
  headers?: Record<string, string>;
}
