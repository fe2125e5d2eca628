import { corsHeaders, toApiRequest, toProxyResult } from '../../../lambdas/api/http/apiGatewayEvent';
import { Unauthenticated } from '../../../lambdas/api/http/apiErrors';
import { describeIssues } from '../../../lambdas/api/http/requestValidation';
import { matchResource } from '../../../lambdas/api/routes';
import * as z from 'zod';
import type { ApiDeps } from '../../../lambdas/api/apiDeps';
import { createApiGatewayHandler } from '../../../lambdas/api/http/apiGatewayHandler';
import { localContext } from '../../../local/handlerRegistry';
import { restApiEvent, type RestApiEventOptions } from '../../fixtures/awsEvents';

const event = (over: Partial<RestApiEventOptions> = {}) =>
  restApiEvent({
    resource: '/cases/{caseId}/uploads',
    path: '/cases/c1/uploads',
    method: 'POST',
    pathParameters: { caseId: 'c1' },
    headers: { 'Content-Type': 'application/json', Origin: 'https://a.example' },
    body: '{"files":[]}',
    requestId: 'r1',
    sub: 'user-1',
    ...over,
  });

describe('the API Gateway adapter', () => {
  it('turns a proxy event into a plain request: owner from the sub claim, headers in lower case', () => {
    expect(toApiRequest(event())).toEqual({
      method: 'POST',
      path: '/cases/c1/uploads',
      pathParameters: { caseId: 'c1' },
      query: {},
      headers: { 'content-type': 'application/json', origin: 'https://a.example' },
      body: '{"files":[]}',
      owner: 'user-1',
      groups: [],
      requestId: 'r1',
    });
  });

  it('decodes base64 bodies', () => {
    expect(toApiRequest(event({ body: Buffer.from('{"a":1}').toString('base64'), isBase64Encoded: true })).body).toBe('{"a":1}');
  });

  it('refuses a request without verified claims (401), never trusting a body or header for the owner', () => {
    expect(() => toApiRequest(event({ sub: undefined }))).toThrow(Unauthenticated);
    expect(() => toApiRequest(event({ sub: undefined, headers: { 'x-owner': 'user-1' }, body: '{"owner":"user-1"}' }))).toThrow(Unauthenticated);
    const noSub = event();
    noSub.requestContext.authorizer = { claims: { email: 'x@example.ca' } } as never;
    expect(() => toApiRequest(noSub)).toThrow(Unauthenticated);
    // A Lambda authorizer's context (not this API's Cognito authorizer) names no verified caller either.
    const lambdaAuthorizer = event();
    lambdaAuthorizer.requestContext.authorizer = { integrationLatency: 12, principalId: 'user-1' } as never;
    expect(() => toApiRequest(lambdaAuthorizer)).toThrow(Unauthenticated);
  });

  it('refuses what is not a REST API proxy event (the handler answers 400), naming what is missing', () => {
    expect(() => toApiRequest({ httpMethod: 'POST', path: '/audits' })).toThrow(/requestContext/);
    const { multiValueQueryStringParameters: _dropped, ...incomplete } = event();
    expect(() => toApiRequest(incomplete)).toThrow(/multiValueQueryStringParameters/);
    expect(() => toApiRequest(event({ method: 'post' as never }))).toThrow(/httpMethod/);
  });

  it('answers 400 with CORS to an event that is not a REST API proxy event, running no operation', async () => {
    const operation = jest.fn();
    const handler = createApiGatewayHandler(operation, () => ({}) as ApiDeps);
    const before = process.env.CORS_ALLOWED_ORIGINS;
    process.env.CORS_ALLOWED_ORIGINS = 'https://a.example';
    try {
      const result = await handler({ httpMethod: 'GET', path: '/audits', headers: { origin: 'https://a.example' } }, localContext('api-test', 29_000) as never);
      expect(result).toMatchObject({ statusCode: 400, headers: { 'access-control-allow-origin': 'https://a.example' } });
      expect(JSON.parse(result.body)).toEqual({ error: 'InvalidRequest', message: 'the request could not be read' });
      expect(operation).not.toHaveBeenCalled();
    } finally {
      if (before === undefined) delete process.env.CORS_ALLOWED_ORIGINS;
      else process.env.CORS_ALLOWED_ORIGINS = before;
    }
  });

  it('echoes only allowed origins', () => {
    expect(corsHeaders('https://a.example', ['https://a.example'])).toEqual({ 'access-control-allow-origin': 'https://a.example', vary: 'Origin' });
    expect(corsHeaders('https://b.example', ['https://a.example'])).toEqual({ vary: 'Origin' });
    expect(corsHeaders(undefined, ['https://a.example'])).toEqual({ vary: 'Origin' });
  });

  it('answers JSON that is never cached', () => {
    const result = toProxyResult({ statusCode: 201, body: { ok: true }, headers: { location: '/audits/x' } });
    expect(result).toEqual({
      statusCode: 201,
      body: '{"ok":true}',
      headers: expect.objectContaining({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', location: '/audits/x' }),
    });
  });
});

describe('request validation messages', () => {
  it('names each field at fault by its path', () => {
    const schema = z.strictObject({ files: z.array(z.strictObject({ name: z.string() })) });
    const parsed = schema.safeParse({ files: [{ name: 3 }], extra: 1 });
    if (parsed.success) throw new Error('expected a failure');
    const { message, fields } = describeIssues(parsed.error.issues, 'request body');
    expect(fields.sort()).toEqual(['extra', 'files[0].name']);
    expect(message).toMatch(/^invalid request body: /);
    expect(message).toContain('files[0].name: ');
    expect(message).toContain('unknown field "extra"');
  });
});

describe('route matching for a local server', () => {
  it('fills path parameters from a resource template', () => {
    expect(matchResource('/audits/{id}/report', '/audits/aud-1/report')).toEqual({ id: 'aud-1' });
    expect(matchResource('/audits/{id}', '/audits/aud-1/report')).toBeUndefined();
    expect(matchResource('/cases/{caseId}/uploads', '/cases/my%20case/uploads?x=1')).toEqual({ caseId: 'my case' });
    expect(matchResource('/audits', '/audits/')).toEqual({});
  });
});
