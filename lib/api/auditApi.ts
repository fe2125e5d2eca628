import { Duration, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_ROUTE_TABLE, type ApiRouteName } from '../../lambdas/api/routeTable';
import { CaseAuditFunction } from '../compute/caseAuditFunction';
import { auditStartEnvironment, type AuditStartingResources } from '../workflows/auditStarting';
import { ROUTE_ACCESS, ROUTE_MEMORY } from './routeAccess';
import { UserDirectory } from './userDirectory';
import { ApiWebAcl } from './webAcl';

export interface AuditApiProps extends AuditStartingResources {
  logRetention: logs.RetentionDays;
}

export const API_STAGE = 'v1';

const quoted = (s: string) => `'${s}'`;

/**
 * The REST API of DESIGN §7 behind a Cognito user pool authorizer on every method. One Lambda per
 * route (each with only its own permissions), all thin adapters over the shared operations in
 * `lambdas/api/`. Stage throttling (tighter for POST /audits), access logs without bodies, execution
 * logs without data, X-Ray, explicit CORS, parameter and body validation, and optionally AWS WAF.
 */
export class AuditApi extends Construct {
  readonly api: apigw.RestApi;
  readonly users: UserDirectory;
  readonly functions = new Map<ApiRouteName, CaseAuditFunction>();
  readonly webAcl: ApiWebAcl | undefined;
  readonly authorizer: apigw.CognitoUserPoolsAuthorizer;

  constructor(scope: Construct, id: string, props: AuditApiProps) {
    super(scope, id);
    const s = props.settings;
    const stackName = Stack.of(this).stackName;
    this.users = new UserDirectory(this, 'UserDirectory', { requireMfa: s.requireMfa });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention });
    this.api = new apigw.RestApi(this, 'Api', {
      restApiName: `${stackName}-api`,
      description: 'Case Audit: start audits, follow them, fetch reports, upload case documents',
      endpointTypes: [apigw.EndpointType.REGIONAL],
      cloudWatchRole: true,
      deployOptions: {
        stageName: API_STAGE,
        throttlingRateLimit: s.apiRateLimit,
        throttlingBurstLimit: s.apiBurstLimit,
        methodOptions: {
          '/audits/POST': { throttlingRateLimit: s.startAuditRateLimit, throttlingBurstLimit: s.startAuditBurstLimit },
        },
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: true,
        tracingEnabled: true,
        accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields({
          caller: false,
          httpMethod: true,
          ip: true,
          protocol: true,
          requestTime: true,
          resourcePath: true,
          responseLength: true,
          status: true,
          user: true,
        }),
      },
      defaultCorsPreflightOptions: s.allowedOrigins.length
        ? {
            allowOrigins: s.allowedOrigins,
            allowMethods: ['GET', 'POST', 'OPTIONS'],
            allowHeaders: ['Authorization', 'Content-Type'],
            maxAge: Duration.hours(1),
          }
        : undefined,
    });

    const authorizer = (this.authorizer = new apigw.CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [this.users.userPool],
      identitySource: apigw.IdentitySource.header('Authorization'),
      resultsCacheTtl: Duration.minutes(5),
    }));
    const validator = this.api.addRequestValidator('Validator', { validateRequestParameters: true, validateRequestBody: true });
    // Bodies must be JSON objects; the handlers' zod schemas check the fields and name any at fault.
    const jsonObject = this.api.addModel('JsonObject', {
      contentType: 'application/json',
      schema: { schema: apigw.JsonSchemaVersion.DRAFT4, type: apigw.JsonSchemaType.OBJECT },
    });
    this.addGatewayResponses(s.allowedOrigins);

    for (const route of API_ROUTE_TABLE) {
      const fn = new CaseAuditFunction(this, route.name, {
        entry: `lambdas/api/handlers/${route.name}.ts`,
        name: `api-${route.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
        description: `${route.method} ${route.resource}: ${route.summary}`,
        memorySize: ROUTE_MEMORY[route.name],
        timeout: Duration.seconds(29),
        logRetention: props.logRetention,
        bundleAwsSdk: s.bundleAwsSdk,
        environment: { ...auditStartEnvironment(props), CORS_ALLOWED_ORIGINS: s.allowedOrigins.join(',') },
      });
      ROUTE_ACCESS[route.name](fn.role, props);
      this.functions.set(route.name, fn);
      this.api.root.resourceForPath(route.resource).addMethod(route.method, new apigw.LambdaIntegration(fn.fn, { allowTestInvoke: false }), {
        authorizer,
        authorizationType: apigw.AuthorizationType.COGNITO,
        requestValidator: validator,
        requestParameters: { 'method.request.header.Authorization': true },
        ...(route.method === 'POST' ? { requestModels: { 'application/json': jsonObject } } : {}),
        operationName: route.name,
      });
    }

    this.webAcl = s.enableWaf ? new ApiWebAcl(this, 'Waf', { stageArn: this.api.deploymentStage.stageArn, rateLimitPer5Minutes: s.wafRateLimitPer5Minutes }) : undefined;
  }

  /** Errors API Gateway answers itself: JSON bodies like the handlers', with CORS when one origin is allowed. */
  private addGatewayResponses(origins: readonly string[]): void {
    const headers = origins.length === 1 ? { 'Access-Control-Allow-Origin': quoted(origins[0]), Vary: quoted('Origin') } : undefined;
    const respond = (id: string, type: apigw.ResponseType, error: string, message: string) =>
      this.api.addGatewayResponse(id, {
        type,
        ...(headers ? { responseHeaders: headers } : {}),
        templates: { 'application/json': JSON.stringify({ error, message }) },
      });
    respond('BadBody', apigw.ResponseType.BAD_REQUEST_BODY, 'InvalidRequest', 'the request body must be a JSON object (Content-Type: application/json)');
    respond('BadParameters', apigw.ResponseType.BAD_REQUEST_PARAMETERS, 'Unauthenticated', 'the Authorization header is missing: send the ID token from Cognito');
    respond('Unauthorized', apigw.ResponseType.UNAUTHORIZED, 'Unauthenticated', 'the token is missing, expired or invalid: sign in again');
    respond('Throttled', apigw.ResponseType.THROTTLED, 'TooManyRequests', 'too many requests: slow down and retry with backoff');
    respond('Default4xx', apigw.ResponseType.DEFAULT_4XX, 'RequestRejected', 'the request was rejected');
    respond('Default5xx', apigw.ResponseType.DEFAULT_5XX, 'InternalError', 'the API could not complete the request; try again later');
  }
}
