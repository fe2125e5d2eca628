import { Aws, Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE } from '../../lambdas/core/observability/metrics';
import type { WorkflowType } from '../../workflows/schema';
import type { CaseAuditFunction } from '../compute/caseAuditFunction';

export interface MonitoringProps {
  machines: ReadonlyMap<WorkflowType, sfn.StateMachine>;
  functions: readonly CaseAuditFunction[];
  deadLetterQueue: sqs.IQueue;
  /** Execution-end events the failure recorder could not take (see ExecutionEndWatch). */
  executionEndDeadLetterQueue?: sqs.IQueue;
  uploadQueue: sqs.IQueue;
  api: apigw.RestApi;
  bedrockModelIds: readonly string[];
  alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Alarms on what needs a person (failed or timed-out executions, anything in the dead-letter queue,
 * Lambda errors and throttles, Bedrock throttling and client errors, stages that fell back to rules, API server errors), sent to an encrypted SNS topic
 * (optionally emailed), and one dashboard for the whole pipeline.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const stackName = Stack.of(this).stackName;
    const key = new kms.Key(this, 'AlarmTopicKey', { enableKeyRotation: true, description: 'Encrypts the Case Audit alarm topic' });
    // CloudWatch alarms publish to an encrypted topic only if they may use its key.
    key.grant(new iam.ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new sns.Topic(this, 'Alarms', { displayName: `${stackName} alarms`, masterKey: key, enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const notify = new actions.SnsAction(this.topic);

    const alarm = (id: string, metric: cloudwatch.IMetric, description: string, threshold = 1) => {
      const a = new cloudwatch.Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      a.addAlarmAction(notify);
      this.alarms.push(a);
      return a;
    };

    for (const [type, machine] of props.machines) {
      alarm(`${type}-failed`, machine.metricFailed({ period: FIVE_MINUTES, statistic: 'Sum' }), `${type} executions failed: open the execution from the console link of the audit`);
      alarm(`${type}-timed-out`, machine.metricTimedOut({ period: FIVE_MINUTES, statistic: 'Sum' }), `${type} executions timed out`);
    }
    alarm(
      'dead-letters',
      props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      'Upload events could not be processed: inspect the dead-letter queue, fix the cause, then redrive the messages',
    );
    if (props.executionEndDeadLetterQueue) {
      alarm(
        'execution-end-dead-letters',
        props.executionEndDeadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
        'Audits whose execution ended unrecorded could not be marked FAILED: inspect the dead-letter queue (each message names the audit) and the record-failure function',
      );
    }
    for (const f of props.functions) {
      const name = f.functionName.slice(stackName.length + 1);
      alarm(`${name}-errors`, f.fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), `${f.functionName} raised errors`);
      alarm(`${name}-throttles`, f.fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), `${f.functionName} was throttled`);
    }
    for (const modelId of props.bedrockModelIds) {
      alarm(
        `bedrock-throttles-${modelId.replace(/[^A-Za-z0-9-]/g, '-')}`,
        new cloudwatch.Metric({ namespace: 'AWS/Bedrock', metricName: 'InvocationThrottles', dimensionsMap: { ModelId: modelId }, period: FIVE_MINUTES, statistic: 'Sum' }),
        `Bedrock is throttling ${modelId}: request a quota increase or lower the audit concurrency`,
      );
    }
    alarm('api-5xx', props.api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }), 'The API answered with server errors');

    // Published by the functions through Powertools (EMF) with the service as their one dimension.
    const custom = (metricName: string, label: string) =>
      new cloudwatch.Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: 'case-audit' }, label, period: FIVE_MINUTES, statistic: 'Sum' });
    // A degraded audit succeeds: without these alarms, a retired model would silently turn every audit rules-only.
    alarm(
      'model-fallbacks',
      custom(METRIC.modelFallback, 'stages that fell back to rules'),
      'Stages fell back to rules because the Bedrock model failed (the audits are marked degraded): read the reason in GET /audits/{id} (degradedStages) or the stage logs; a retired or unknown model needs a new caseAudit:bedrockModelIds (docs/deploy.md)',
    );
    alarm(
      'bedrock-client-errors',
      custom(METRIC.modelClientError, 'Bedrock client errors'),
      'Bedrock refused requests with a client error other than throttling (model retired or not found, access denied, invalid request): check the model with aws bedrock get-foundation-model / get-inference-profile from this region',
    );
    alarm('stages-degraded', custom(METRIC.stageDegraded, 'stages degraded'), 'Non-critical stages failed and used their safe default: open the audit to see which and why');

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { dashboardName: `${stackName}-operations` });
    const machines = [...props.machines.entries()];
    this.dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: `# ${stackName}\nAudits by workflow, the upload trigger, agents, the API and Bedrock. Alarms notify the \`${stackName}\` alarm topic.`,
        width: 24,
        height: 2,
      }),
      new cloudwatch.GraphWidget({
        title: 'Executions started / succeeded',
        left: machines.map(([type, m]) => m.metricStarted({ label: `${type} started`, period: FIVE_MINUTES, statistic: 'Sum' })),
        right: machines.map(([type, m]) => m.metricSucceeded({ label: `${type} succeeded`, period: FIVE_MINUTES, statistic: 'Sum' })),
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Executions failed / timed out',
        left: machines.flatMap(([type, m]) => [
          m.metricFailed({ label: `${type} failed`, period: FIVE_MINUTES, statistic: 'Sum' }),
          m.metricTimedOut({ label: `${type} timed out`, period: FIVE_MINUTES, statistic: 'Sum' }),
        ]),
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Upload trigger',
        left: [
          custom(METRIC.auditStarted, 'audits started'),
          custom(METRIC.duplicateUpload, 'duplicate events'),
          custom(METRIC.auditRequestRejected, 'requests rejected'),
        ],
        right: [
          props.uploadQueue.metricApproximateAgeOfOldestMessage({ label: 'oldest upload event (s)', period: FIVE_MINUTES }),
          props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ label: 'dead letters', period: FIVE_MINUTES, statistic: 'Maximum' }),
        ],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Stages completed / degraded',
        left: [custom(METRIC.stageCompleted, 'stages completed'), custom(METRIC.stageDegraded, 'stages degraded')],
        right: [custom(METRIC.modelFallback, 'stages that fell back to rules'), custom(METRIC.modelClientError, 'Bedrock client errors')],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda errors',
        left: props.functions.map((f) => f.fn.metricErrors({ label: f.functionName.slice(stackName.length + 1), period: FIVE_MINUTES, statistic: 'Sum' })),
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda duration p95 (ms)',
        left: props.functions.map((f) => f.fn.metricDuration({ label: f.functionName.slice(stackName.length + 1), period: FIVE_MINUTES, statistic: 'p95' })),
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'API requests, 4xx, 5xx',
        left: [props.api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' })],
        right: [props.api.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum' }), props.api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' })],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Bedrock invocations / throttles',
        left: props.bedrockModelIds.map((id) => new cloudwatch.Metric({ namespace: 'AWS/Bedrock', metricName: 'Invocations', dimensionsMap: { ModelId: id }, period: FIVE_MINUTES, statistic: 'Sum' })),
        right: props.bedrockModelIds.map((id) => new cloudwatch.Metric({ namespace: 'AWS/Bedrock', metricName: 'InvocationThrottles', dimensionsMap: { ModelId: id }, period: FIVE_MINUTES, statistic: 'Sum' })),
        width: 12,
      }),
    );
  }

  /** The dashboard in the CloudWatch console. */
  get dashboardUrl(): string {
    return `https://${Aws.REGION}.console.aws.amazon.com/cloudwatch/home?region=${Aws.REGION}#dashboards:name=${this.dashboard.dashboardName}`;
  }
}
