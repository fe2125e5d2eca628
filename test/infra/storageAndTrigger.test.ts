import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { CaseAuditStack } from '../../lib/caseAuditStack';
import { SESSION_TABLE } from '../../lambdas/core/session/tableDefinition';
import { DEFAULT_BEDROCK_MODEL_ID } from '../../lambdas/core/model/modelSettings';
import { STATE_MACHINE_ARN_SETTINGS } from '../../lambdas/core/audit/stateMachineSettings';
import { WORKFLOW_TYPES } from '../../workflows/schema';
import { synthCaseAuditStack } from './synthStack';

type Resource = { Type: string; Properties: Record<string, unknown> };

describe('Storage, the upload trigger and operations', () => {
  let template: Template;
  let stack: CaseAuditStack;
  let resources: Record<string, Resource>;
  const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as never);

  beforeAll(() => {
    ({ template, stack } = synthCaseAuditStack());
    resources = template.toJSON().Resources as Record<string, Resource>;
  });

  describe('the case bucket', () => {
    it('is private, encrypted, versioned, TLS-only and logs access to its own log bucket', () => {
      const bucket = resources[id(stack.storage.bucket)].Properties;
      expect(bucket.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
      // Immigration files: SSE-KMS with the customer-managed data key (an S3 bucket key keeps KMS calls few).
      expect(bucket.BucketEncryption).toEqual({ ServerSideEncryptionConfiguration: [{ BucketKeyEnabled: true, ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: { 'Fn::GetAtt': [stack.getLogicalId(stack.dataKey.key.node.defaultChild as never), 'Arn'] } } }] });
      expect(bucket.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(bucket.LoggingConfiguration).toEqual({ DestinationBucketName: { Ref: id(stack.storage.accessLogs) }, LogFilePrefix: 'cases-bucket/' });
      expect(bucket.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id(stack.storage.bucket) },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Principal: { AWS: '*' }, Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { NumericLessThan: { 's3:TlsVersion': 1.2 } } }),
          ]),
        },
      });
    });

    it('keeps reports (Infrequent Access after 90 days, deleted after the retention), old versions 30 days, unfinished uploads 7 days', () => {
      const rules = (resources[id(stack.storage.bucket)].Properties.LifecycleConfiguration as { Rules: Array<Record<string, unknown>> }).Rules;
      expect(rules).toEqual([
        { Id: 'Reports', Prefix: 'reports/', Status: 'Enabled', ExpirationInDays: 2555, Transitions: [{ StorageClass: 'STANDARD_IA', TransitionInDays: 90 }] },
        {
          Id: 'OldVersionsAndUnfinishedUploads',
          Status: 'Enabled',
          NoncurrentVersionExpiration: { NoncurrentDays: 30 },
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 7 },
          ExpiredObjectDeleteMarker: true,
        },
      ]);
    });

    it('sends object events to EventBridge without a custom resource', () => {
      expect(resources[id(stack.storage.bucket)].Properties.NotificationConfiguration).toEqual({ EventBridgeConfiguration: { EventBridgeEnabled: true } });
      expect(Object.values(resources).filter((r) => r.Type === 'Custom::S3BucketNotifications')).toEqual([]);
    });

    it('protects the access-log bucket the same way and expires its logs', () => {
      const logs = resources[id(stack.storage.accessLogs)].Properties;
      expect(logs.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
      expect(logs.BucketEncryption).toBeDefined();
      expect(logs.LifecycleConfiguration).toEqual({ Rules: [{ Id: 'ExpireAccessLogs', Status: 'Enabled', ExpirationInDays: 365 }] });
    });
  });

  describe('the sessions table', () => {
    it('is on-demand, point-in-time recoverable, KMS-encrypted, deletion-protected and retained', () => {
      const table = template.toJSON().Resources[id(stack.sessions.table)] as Resource & { DeletionPolicy: string };
      expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
      expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(table.Properties.SSESpecification).toEqual({ SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: { 'Fn::GetAtt': [stack.getLogicalId(stack.dataKey.key.node.defaultChild as never), 'Arn'] } });
      expect(table.Properties.DeletionProtectionEnabled).toBe(true);
      expect(table.DeletionPolicy).toBe('Retain');
    });

    it('has the keys and the owner index the session store uses (the same definition the local emulator creates)', () => {
      const table = resources[id(stack.sessions.table)].Properties;
      expect(table.KeySchema).toEqual([
        { AttributeName: SESSION_TABLE.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: SESSION_TABLE.sortKey.name, KeyType: 'RANGE' },
      ]);
      expect(table.GlobalSecondaryIndexes).toEqual(
        SESSION_TABLE.globalSecondaryIndexes.map((g) => ({
          IndexName: g.indexName,
          KeySchema: [
            { AttributeName: g.partitionKey.name, KeyType: 'HASH' },
            { AttributeName: g.sortKey.name, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      );
    });
  });

  describe('the upload trigger', () => {
    it('routes audit.json object-created events of this bucket to the upload queue (failed deliveries to the dead-letter queue)', () => {
      const rule = resources[id(stack.trigger.rule)].Properties;
      expect(rule.EventPattern).toEqual({
        source: ['aws.s3'],
        'detail-type': ['Object Created'],
        detail: { bucket: { name: [{ Ref: id(stack.storage.bucket) }] }, object: { key: [{ wildcard: 'cases/*/*/audit.json' }] } },
      });
      expect(rule.Targets).toEqual([
        expect.objectContaining({
          Arn: { 'Fn::GetAtt': [id(stack.trigger.queue), 'Arn'] },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [id(stack.trigger.deadLetterQueue), 'Arn'] } },
          RetryPolicy: { MaximumEventAgeInSeconds: 86400, MaximumRetryAttempts: 20 },
        }),
      ]);
    });

    it('sends a message that failed five times to the dead-letter queue; both queues are encrypted and TLS-only', () => {
      const queue = resources[id(stack.trigger.queue)].Properties;
      expect(queue.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [id(stack.trigger.deadLetterQueue), 'Arn'] }, maxReceiveCount: 5 });
      for (const q of [stack.trigger.queue, stack.trigger.deadLetterQueue]) {
        expect(resources[id(q)].Properties.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [stack.getLogicalId(stack.dataKey.key.node.defaultChild as never), 'Arn'] });
        template.hasResourceProperties('AWS::SQS::QueuePolicy', {
          Queues: [{ Ref: id(q) }],
          PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
        });
      }
      expect(resources[id(stack.trigger.deadLetterQueue)].Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    });

    it('feeds the start-audit function with partial batch responses, the queue hiding a message longer than six runs', () => {
      const fn = resources[id(stack.trigger.startAudit.fn)].Properties;
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [id(stack.trigger.queue), 'Arn'] },
        FunctionName: { Ref: id(stack.trigger.startAudit.fn) },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BatchSize: 5,
      });
      expect(resources[id(stack.trigger.queue)].Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * (fn.Timeout as number));
      const env = (fn.Environment as { Variables: Record<string, unknown> }).Variables;
      for (const type of WORKFLOW_TYPES) expect(env[STATE_MACHINE_ARN_SETTINGS[type]]).toEqual({ Ref: id(stack.workflows.machines.get(type)!) });
      expect(Number(env.START_CLAIM_LEASE_SECONDS)).toBeGreaterThan(fn.Timeout as number);
      expect(env).toMatchObject({ CASE_AUDIT_DEFAULT_TIER: 'guest', CASE_AUDIT_DEFAULT_MODEL: 'none', CASE_AUDIT_GATE_MODE: 'live' });
    });
  });

  describe('every function', () => {
    it('runs on arm64 with the Node.js 24 runtime, X-Ray tracing, JSON logs in its own log group with a retention', () => {
      const functions = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
      expect(functions).toHaveLength(16); // 7 agents, record-failure, review, start-audit and the API's
      for (const [, fn] of functions) {
        expect(fn.Properties.Runtime).toBe('nodejs24.x');
        expect(fn.Properties.Architectures).toEqual(['arm64']);
        expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
        const logging = fn.Properties.LoggingConfig as { LogFormat: string; LogGroup: { Ref: string } };
        expect(logging.LogFormat).toBe('JSON');
        const logGroup = resources[logging.LogGroup.Ref].Properties;
        expect(logGroup.RetentionInDays).toBe(90);
        expect(logGroup.LogGroupName).toBe(`/aws/lambda/${String(fn.Properties.FunctionName)}`);
      }
    });

    it('tells every agent where the sessions live and which model it may call (the one its role is granted)', () => {
      for (const [key, fn] of stack.agents.functions) {
        const env = (resources[id(fn.fn)].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(env).toMatchObject({ TABLE_NAME: { Ref: id(stack.sessions.table) }, BUCKET_NAME: { Ref: id(stack.storage.bucket) }, NODE_OPTIONS: '--enable-source-maps' });
        if (key === 'RecordFailure' || key === 'Review') expect(env.CASE_AUDIT_BEDROCK_MODEL_ID).toBeUndefined();
        else expect(env.CASE_AUDIT_BEDROCK_MODEL_ID).toBe(DEFAULT_BEDROCK_MODEL_ID);
        expect(env.CASE_AUDIT_KNOWLEDGE_BASE_ID).toBeUndefined();
      }
    });

    it('exposes reserved and provisioned concurrency as settings', () => {
      const { template: tuned, stack: tunedStack } = synthCaseAuditStack({ reservedConcurrency: { intake: 3, startAudit: 2 }, provisionedConcurrency: { reporter: 1 } });
      const tunedResources = tuned.toJSON().Resources as Record<string, Resource>;
      const tid = (c: { node: { defaultChild?: unknown } }) => tunedStack.getLogicalId(c.node.defaultChild as never);
      expect(tunedResources[tid(tunedStack.agents.functions.get('Intake')!.fn)].Properties.ReservedConcurrentExecutions).toBe(3);
      expect(tunedResources[tid(tunedStack.trigger.startAudit.fn)].Properties.ReservedConcurrentExecutions).toBe(2);
      tuned.hasResourceProperties('AWS::Lambda::Alias', { Name: 'live', ProvisionedConcurrencyConfig: { ProvisionedConcurrentExecutions: 1 } });
      // The state machines then invoke the alias, which is what keeps instances warm.
      const machine = tunedResources[tid(tunedStack.workflows.machines.get('document-list')!)].Properties;
      expect((machine.DefinitionSubstitutions as Record<string, unknown>).ReporterFunctionArn).toEqual({ Ref: expect.stringMatching(/ReporterLive/) });
    });
  });

  describe('operations', () => {
    it('alarms on failed and timed-out executions, dead letters, Lambda errors and throttles, Bedrock throttling and API 5xx', () => {
      const alarms = Object.values(resources).filter((r) => r.Type === 'AWS::CloudWatch::Alarm').map((r) => r.Properties);
      const count = (metric: string, namespace: string) => alarms.filter((a) => a.MetricName === metric && a.Namespace === namespace).length;
      expect(count('ExecutionsFailed', 'AWS/States')).toBe(6);
      expect(count('ExecutionsTimedOut', 'AWS/States')).toBe(6);
      expect(count('ApproximateNumberOfMessagesVisible', 'AWS/SQS')).toBe(2); // upload dead letters and execution-end dead letters
      expect(count('Errors', 'AWS/Lambda')).toBe(16);
      expect(count('Throttles', 'AWS/Lambda')).toBe(16);
      expect(count('InvocationThrottles', 'AWS/Bedrock')).toBe(1);
      expect(count('5XXError', 'AWS/ApiGateway')).toBe(1);
      for (const a of alarms) {
        expect(a.AlarmActions).toEqual([{ Ref: id(stack.monitoring.topic) }]);
        expect(a.TreatMissingData).toBe('notBreaching');
      }
    });

    it('notifies an SNS topic that is KMS-encrypted and TLS-only', () => {
      expect(resources[id(stack.monitoring.topic)].Properties.KmsMasterKeyId).toBeDefined();
      template.hasResourceProperties('AWS::SNS::TopicPolicy', {
        PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
      });
    });

    it('has a dashboard and outputs the bucket, the API URL and console links', () => {
      template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
      const outputs = Object.keys(template.toJSON().Outputs as Record<string, unknown>);
      expect(outputs).toEqual(
        expect.arrayContaining(['BucketName', 'ApiUrl', 'UserPoolId', 'UserPoolClientId', 'DashboardUrl', 'StateMachinesConsoleUrl', 'DeadLetterQueueUrl', 'UploadersGroupName']),
      );
      expect(outputs.filter((o) => o.startsWith('StateMachine') && o !== 'StateMachinesConsoleUrl')).toHaveLength(6);
    });
  });
});
