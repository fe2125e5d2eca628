import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { CaseAuditStack } from '../../lib/caseAuditStack';
import { API_ROUTE_TABLE } from '../../lambdas/api/routeTable';
import { synthCaseAuditStack } from './synthStack';

type Resource = { Type: string; Properties: Record<string, unknown> };
const ORIGIN = 'https://portal.example-law.ca';

describe('The API', () => {
  let template: Template;
  let stack: CaseAuditStack;
  let resources: Record<string, Resource>;
  let open: { template: Template; stack: CaseAuditStack; resources: Record<string, Resource> };
  const idIn = (s: CaseAuditStack) => (c: { node: { defaultChild?: unknown } }) => s.getLogicalId(c.node.defaultChild as never);

  beforeAll(() => {
    ({ template, stack } = synthCaseAuditStack());
    resources = template.toJSON().Resources as Record<string, Resource>;
    const withBrowserAndWaf = synthCaseAuditStack({ allowedOrigins: [ORIGIN], enableWaf: true });
    open = { ...withBrowserAndWaf, resources: withBrowserAndWaf.template.toJSON().Resources as Record<string, Resource> };
  });

  /** `GET /audits/{id}` for each method, from the resource tree. */
  const routesOf = (res: Record<string, Resource>) => {
    const pathOf = (resourceId: unknown): string => {
      const ref = resourceId as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
      if (ref['Fn::GetAtt']) return '';
      const r = res[ref.Ref as string];
      return `${pathOf(r.Properties.ParentId)}/${String(r.Properties.PathPart)}`;
    };
    return Object.entries(res)
      .filter(([, r]) => r.Type === 'AWS::ApiGateway::Method')
      .map(([logicalId, r]) => ({ logicalId, route: `${String(r.Properties.HttpMethod)} ${pathOf(r.Properties.ResourceId) || '/'}`, props: r.Properties }));
  };

  it('serves exactly the five routes of DESIGN §7', () => {
    expect(routesOf(resources).map((m) => m.route).sort()).toEqual(API_ROUTE_TABLE.map((r) => `${r.method} ${r.resource}`).sort());
  });

  it('puts the Cognito user pool authorizer on every method', () => {
    const authorizer = stack.getLogicalId(stack.api.authorizer.node.defaultChild as never);
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
      ProviderARNs: [{ 'Fn::GetAtt': [idIn(stack)(stack.api.users.userPool), 'Arn'] }],
    });
    for (const m of routesOf(resources)) {
      expect(m.props.AuthorizationType).toBe('COGNITO_USER_POOLS');
      expect(m.props.AuthorizerId).toEqual({ Ref: authorizer });
      expect(m.props.RequestParameters).toEqual({ 'method.request.header.Authorization': true });
      expect(m.props.RequestValidatorId).toBeDefined();
    }
  });

  it('sends each route to its own function through the Lambda proxy integration', () => {
    for (const route of API_ROUTE_TABLE) {
      const method = routesOf(resources).find((m) => m.route === `${route.method} ${route.resource}`);
      const fn = stack.api.functions.get(route.name);
      const integration = method?.props.Integration as { Type: string; Uri: { 'Fn::Join': [string, unknown[]] } };
      expect(integration.Type).toBe('AWS_PROXY');
      expect(JSON.stringify(integration.Uri)).toContain(idIn(stack)(fn!.fn));
    }
  });

  it('validates parameters and bodies (JSON objects) before a handler runs', () => {
    template.hasResourceProperties('AWS::ApiGateway::RequestValidator', { ValidateRequestBody: true, ValidateRequestParameters: true });
    for (const m of routesOf(resources).filter((r) => r.route.startsWith('POST'))) {
      expect(m.props.RequestModels).toEqual({ 'application/json': { Ref: expect.stringMatching(/JsonObject/) } });
    }
  });

  it('throttles the stage, and POST /audits more tightly; logs access without bodies and traces with X-Ray', () => {
    const stage = Object.values(resources).find((r) => r.Type === 'AWS::ApiGateway::Stage')!.Properties;
    expect(stage.StageName).toBe('v1');
    expect(stage.TracingEnabled).toBe(true);
    expect(stage.AccessLogSetting).toEqual(expect.objectContaining({ DestinationArn: expect.anything(), Format: expect.stringContaining('"status"') }));
    expect(stage.MethodSettings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40, DataTraceEnabled: false, LoggingLevel: 'ERROR' }),
        expect.objectContaining({ HttpMethod: 'POST', ResourcePath: '/~1audits', ThrottlingRateLimit: 2, ThrottlingBurstLimit: 5 }),
      ]),
    );
  });

  it('allows no browser origin by default: no preflight methods, no origin in the handlers', () => {
    expect(routesOf(resources).filter((m) => m.route.startsWith('OPTIONS'))).toEqual([]);
    for (const fn of stack.api.functions.values()) {
      expect((resources[idIn(stack)(fn.fn)].Properties.Environment as { Variables: Record<string, unknown> }).Variables.CORS_ALLOWED_ORIGINS).toBe('');
    }
  });

  it('answers CORS preflights for exactly the configured origins, methods and headers', () => {
    const preflights = routesOf(open.resources).filter((m) => m.route.startsWith('OPTIONS'));
    expect(preflights.map((m) => m.route).sort()).toEqual(['OPTIONS /', 'OPTIONS /audits', 'OPTIONS /audits/{id}', 'OPTIONS /audits/{id}/report', 'OPTIONS /audits/{id}/review', 'OPTIONS /cases', 'OPTIONS /cases/{caseId}', 'OPTIONS /cases/{caseId}/uploads'].sort());
    for (const m of preflights) {
      expect(m.props.AuthorizationType).toBe('NONE');
      const headers = (m.props.Integration as { IntegrationResponses: Array<{ ResponseParameters: Record<string, string> }> }).IntegrationResponses[0].ResponseParameters;
      expect(headers).toMatchObject({
        'method.response.header.Access-Control-Allow-Origin': `'${ORIGIN}'`,
        'method.response.header.Access-Control-Allow-Methods': "'GET,POST,OPTIONS'",
        'method.response.header.Access-Control-Allow-Headers': "'Authorization,Content-Type'",
      });
    }
    for (const fn of open.stack.api.functions.values()) {
      expect((open.resources[idIn(open.stack)(fn.fn)].Properties.Environment as { Variables: Record<string, unknown> }).Variables.CORS_ALLOWED_ORIGINS).toBe(ORIGIN);
    }
    expect(open.resources[idIn(open.stack)(open.stack.storage.bucket)].Properties.CorsConfiguration).toEqual({
      CorsRules: [{ AllowedHeaders: ['content-type'], AllowedMethods: ['PUT', 'GET'], AllowedOrigins: [ORIGIN], ExposedHeaders: ['ETag'], MaxAge: 3000 }],
    });
  });

  it('puts AWS WAF in front of the stage only when asked to', () => {
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    open.template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'REGIONAL',
      Rules: Match.arrayWith([
        Match.objectLike({ Name: 'AWSManagedRulesCommonRuleSet' }),
        Match.objectLike({ Name: 'RatePerIp', Statement: { RateBasedStatement: { Limit: 1000, AggregateKeyType: 'IP' } } }),
      ]),
    });
    open.template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: Match.objectLike({ 'Fn::Join': Match.anyValue() }),
      WebACLArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('WafWebAcl'), 'Arn'] },
    });
  });

  it('signs users in through an invitation-only user pool with MFA, a strong password policy and threat protection', () => {
    const pool = resources[idIn(stack)(stack.api.users.userPool)].Properties;
    expect(pool.AdminCreateUserConfig).toEqual({ AllowAdminCreateUserOnly: true });
    expect(pool.MfaConfiguration).toBe('ON');
    expect(pool.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(pool.Policies).toEqual({
      PasswordPolicy: { MinimumLength: 12, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true, TemporaryPasswordValidityDays: 3 },
    });
    expect(pool.UserPoolTier).toBe('PLUS');
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', { GenerateSecret: false, PreventUserExistenceErrors: 'ENABLED' });
  });
});
