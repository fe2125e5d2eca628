import { corsHeaders, toApiRequest, toProxyResult } from '../../../lambdas/api/http/apiGatewayEvent';
import { Unauthenticated } from '../../../lambdas/api/http/apiErrors';
import { describeIssues } from '../../../lambdas/api/http/requestValidation';
import { matchResource } from '../../../lambdas/api/routes';
import * as z from 'zod';

const event = (over: Record<string, unknown> = {}) => ({
  httpMethod: 'post',
  path: '/cases/c1/uploads',
  pathParameters: { caseId: 'c1' },
  queryStringParameters: null,
  headers: { 'Content-Type': 'application/json', Origin: 'https://a.example' },
  body: '{"files":[]}',
  isBase64Encoded: false,
  requestContext: { requestId: 'r1', authorizer: { claims: { sub: 'user-1', email: 'x@example.ca' } } },
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
      requestId: 'r1',
    });
  });

  it('decodes base64 bodies', () => {
    expect(toApiRequest(event({ body: Buffer.from('{"a":1}').toString('base64'), isBase64Encoded: true })).body).toBe('{"a":1}');
  });

  it('refuses a request without verified claims (401), never trusting a body or header for the owner', () => {
    expect(() => toApiRequest(event({ requestContext: { requestId: 'r', authorizer: null } }))).toThrow(Unauthenticated);
    expect(() => toApiRequest(event({ headers: { 'x-owner': 'user-1' }, requestContext: {} }))).toThrow(Unauthenticated);
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
