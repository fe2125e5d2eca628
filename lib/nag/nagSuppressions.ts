import { Stack, Validations } from 'aws-cdk-lib';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import type { CaseAuditStack } from '../caseAuditStack';
import type { CaseAuditFunction } from '../compute/caseAuditFunction';
import type { BucketPrefix, ObjectAccess } from '../storage/s3Access';
import type { ApiRouteName } from '../../lambdas/api/routeTable';
import { AGENT_FUNCTIONS } from '../compute/agentCatalog';
import { modelOf } from '../compute/agentFunctions';
import { crossRegionFoundationModels } from '../compute/bedrockAccess';

/**
 * Every cdk-nag (AwsSolutions) finding this stack accepts, each acknowledged on the construct it is
 * about, with the reason it is right here. Anything not listed fails `cdk synth`.
 */
export const NAG_REASONS = {
  xrayAndLogDelivery:
    'Resource "*" only for actions that AWS does not scope to resources: X-Ray PutTraceSegments/PutTelemetryRecords/GetSampling* ' +
    '(tracing) and, for state machines, the CloudWatch Logs vended-delivery actions (CreateLogDelivery, PutResourcePolicy, …) ' +
    'that Step Functions logging requires.',
  sessionsPrefix:
    'sessions/* holds each audit’s working objects (manifest, extracted text, spilled stage outputs) under sessions/<auditId>/; ' +
    'the audit id is known only at run time, and this role has nothing outside the prefix.',
  casesReadPrefix:
    'Reads the documents of the case being audited (cases/<owner>/<caseId>/…, owner and case known only at run time): ' +
    'pinning lists and hashes them when the audit starts (listing only documents folders), the upload trigger reads the uploaded ' +
    'audit.json by the version its event names, Intake reads the pinned versions. Read only.',
  casesUploadPrefix:
    'Signs upload URLs: the handler builds every key from the caller’s verified Cognito sub (cases/<sub>/<caseId>/…), which an ' +
    'IAM policy cannot express for a Lambda role; the owner scoping is tested. Write only, no read or list.',
  reportsPrefix:
    'reports/<owner>/<caseId>/<auditId>/ is written by the Reporter and signed for download for the audit’s owner (checked in the ' +
    'handler); ids are known only at run time.',
  synchronousInvocation:
    'Invoked synchronously only (Step Functions tasks, API Gateway, the SQS event source): the caller retries and records every ' +
    'failure (the state machines catch into the failure recorder; the upload queue redrives to its dead-letter queue), so an ' +
    'asynchronous-invocation DLQ would never receive anything.',
  deadLetterQueueItself:
    'This queue is a dead-letter queue: the end of the line, kept 14 days and alarmed in Monitoring; a queue behind it would hold nothing.',
  emailSubscription:
    'An e-mail subscription to the alarm topic: SNS retries e-mail delivery itself, and an alarm that cannot be mailed stays ' +
    'in ALARM on the dashboard; a dead-letter queue of alarm e-mails would be read by no one.',
  eventSourceFailures:
    'Messages that fail are redriven by the upload queue itself to its dead-letter queue after five receives (alarmed); an ' +
    'on-failure destination would duplicate that path.',
  uploadersOwnPrefix:
    'Scoped with the ${aws:userid} policy variable to the principal’s own cases/iam/<userid>/ and reports/iam/<userid>/ ' +
    'prefixes (a bucket-policy deny holds tagged uploaders to them too); the wildcard only covers the objects beneath them.',
  apiGatewayLoggingRole:
    'AmazonAPIGatewayPushToCloudWatchLogs is the AWS-documented policy for the account-level role API Gateway needs to write ' +
    'access and execution logs; it grants only CloudWatch Logs writes.',
  wafOptional:
    'AWS WAF is optional (context caseAudit:enableWaf=true adds a web ACL with managed rules and a per-IP rate limit); it is off by ' +
    'default because its fixed monthly cost outweighs its value for a small firm’s authenticated, throttled API.',
  crossRegionInference:
    'A cross-region inference profile routes each request to the same foundation model in one of the regions of its geography, ' +
    'chosen by AWS per request; the grant names the exact model this agent uses and is paired with the profile ARN in this ' +
    'account and region.',
  optionalMfa:
    'The deployment chose optional MFA (context caseAudit:requireMfa=false); TOTP stays available to every user. The default ' +
    'requires it.',
  eventBridgeDeadLetters:
    'This queue is itself a dead-letter queue: EventBridge puts there the execution-end events the failure recorder could not ' +
    'take after its retries (an EventBridge target DLQ, which cdk-nag does not recognise as one). It is alarmed in Monitoring.',
  corsPreflight:
    'CORS preflight (OPTIONS) requests carry no credentials by the Fetch standard, so they cannot be authorised; the mock ' +
    'integration returns only CORS headers and touches no data. Every other method uses the Cognito authorizer.',
} as const;

function acknowledge(scope: IConstruct, id: string, reason: string, pack = 'AwsSolutions'): void {
  Validations.of(scope).acknowledge({ id: `${pack}-${id}`, reason });
}

/** The finding id cdk-nag gives a wildcard resource under the case bucket. */
function bucketPrefixFinding(stack: Stack, bucket: CfnBucket, pattern: string): string {
  return `IAM5[Resource::<${stack.getLogicalId(bucket)}.Arn>/${pattern}]`;
}

function acknowledgeFunction(stack: CaseAuditStack, bucket: CfnBucket, fn: CaseAuditFunction, prefixes: Partial<Record<BucketPrefix, string>>, modelIds: readonly string[] = []): void {
  acknowledge(fn.role, 'IAM5[Resource::*]', NAG_REASONS.xrayAndLogDelivery);
  for (const model of crossRegionFoundationModels(modelIds)) {
    acknowledge(fn.role, `IAM5[Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/${model}]`, NAG_REASONS.crossRegionInference);
  }
  for (const [prefix, reason] of Object.entries(prefixes)) acknowledge(fn.role, bucketPrefixFinding(stack, bucket, `${prefix}*`), reason);
}

/** The reason for each prefix an agent's catalog entry grants (reads of `cases/` are pinned documents). */
function agentPrefixes(access: ObjectAccess): Partial<Record<BucketPrefix, string>> {
  const granted = new Set([...(access.read ?? []), ...(access.write ?? [])]);
  const reasons: Record<BucketPrefix, string> = { 'sessions/': NAG_REASONS.sessionsPrefix, 'cases/': NAG_REASONS.casesReadPrefix, 'reports/': NAG_REASONS.reportsPrefix };
  return Object.fromEntries([...granted].map((prefix) => [prefix, reasons[prefix]]));
}

export function addNagSuppressions(stack: CaseAuditStack): void {
  const bucket = stack.storage.bucket.node.defaultChild as CfnBucket;
  const { sessionsPrefix, casesReadPrefix, reportsPrefix } = NAG_REASONS;

  for (const spec of AGENT_FUNCTIONS) {
    const fn = stack.agents.functions.get(spec.key);
    const model = modelOf(spec, stack.settings);
    if (fn) acknowledgeFunction(stack, bucket, fn, agentPrefixes(spec.s3), model ? [model] : []);
  }
  for (const machine of stack.workflows.machines.values()) acknowledge(machine.role, 'IAM5[Resource::*]', NAG_REASONS.xrayAndLogDelivery);
  acknowledge(stack.executionEnds.deadLetterQueue, 'SQS3', NAG_REASONS.eventBridgeDeadLetters);

  acknowledgeFunction(stack, bucket, stack.trigger.startAudit, { 'cases/': casesReadPrefix, 'sessions/': sessionsPrefix });
  const routePrefixes: Record<ApiRouteName, Partial<Record<BucketPrefix, string>>> = {
    createAudit: { 'cases/': casesReadPrefix, 'sessions/': sessionsPrefix },
    listAudits: {},
    getAudit: { 'sessions/': sessionsPrefix },
    getReport: { 'sessions/': sessionsPrefix, 'reports/': reportsPrefix },
    reviewAudit: { 'sessions/': sessionsPrefix },
    createUploads: { 'cases/': NAG_REASONS.casesUploadPrefix },
  };
  for (const [route, fn] of stack.api.functions) acknowledgeFunction(stack, bucket, fn, routePrefixes[route]);

  const uploaders = stack.uploaders.policy;
  acknowledge(uploaders, bucketPrefixFinding(stack, bucket, 'cases/iam/<aws:userid>/*'), NAG_REASONS.uploadersOwnPrefix);
  acknowledge(uploaders, bucketPrefixFinding(stack, bucket, 'reports/iam/<aws:userid>/*'), NAG_REASONS.uploadersOwnPrefix);

  if (!stack.settings.requireMfa) acknowledge(stack.api.users.userPool, 'COG2', NAG_REASONS.optionalMfa);

  // cdk-nag's Serverless pack (bin/cdkApp.ts runs it beside AWS Solutions).
  for (const fn of [...stack.agents.functions.values(), stack.trigger.startAudit, ...stack.api.functions.values()]) {
    acknowledge(fn.fn, 'LambdaDLQ', NAG_REASONS.synchronousInvocation, 'Serverless');
  }
  for (const dlq of [stack.trigger.deadLetterQueue, stack.executionEnds.deadLetterQueue]) acknowledge(dlq, 'SQSRedrivePolicy', NAG_REASONS.deadLetterQueueItself, 'Serverless');
  for (const subscription of stack.monitoring.topic.node.findAll().filter((c) => c.node.id.includes('@'))) {
    acknowledge(subscription, 'SNSRedrivePolicy', NAG_REASONS.emailSubscription, 'Serverless');
  }
  for (const mapping of stack.trigger.startAudit.fn.node.findAll().filter((c) => c.node.id.startsWith('SqsEventSource'))) {
    acknowledge(mapping, 'LambdaEventSourceMappingDestination', NAG_REASONS.eventSourceFailures, 'Serverless');
  }

  const restApi = stack.api.api;
  const cloudWatchRole = restApi.node.tryFindChild('CloudWatchRole');
  if (cloudWatchRole) acknowledge(cloudWatchRole, 'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]', NAG_REASONS.apiGatewayLoggingRole);
  if (!stack.api.webAcl) acknowledge(restApi.deploymentStage, 'APIG3', NAG_REASONS.wafOptional);
  for (const method of restApi.methods) {
    if (method.httpMethod !== 'OPTIONS') continue;
    acknowledge(method, 'APIG4', NAG_REASONS.corsPreflight);
    acknowledge(method, 'COG4', NAG_REASONS.corsPreflight);
  }
}
