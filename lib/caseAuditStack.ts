import { Aws, CfnOutput, Stack, Tags, Token, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { WORKFLOW_TYPES } from '../workflows/schema';
import { AuditApi } from './api/auditApi';
import { AgentFunctions } from './compute/agentFunctions';
import { deployedModelIds, type DeploymentSettings } from './config/deploymentSettings';
import { enforceModelCheck, type ModelCheckContext } from './config/modelCheck';
import { addNagSuppressions } from './nag/nagSuppressions';
import { Monitoring } from './operations/monitoring';
import { CaseStorage } from './storage/caseStorage';
import { DataKey } from './storage/dataKey';
import { CaseUploaders } from './storage/caseUploaders';
import { SessionTable } from './storage/sessionTable';
import { UploadTrigger } from './trigger/uploadTrigger';
import { AuditStateMachines } from './workflows/auditStateMachines';
import { ExecutionEndWatch } from './workflows/executionEndWatch';

export interface CaseAuditStackProps extends StackProps {
  settings: DeploymentSettings;
  /** The model check's day and region (default: today, and `settings.region`, else the stack's region when it has one). */
  modelCheck?: Partial<ModelCheckContext>;
}

/**
 * Case Audit on AWS (DESIGN §1): the case bucket and the sessions table, one Lambda per agent, one
 * state machine per workflow type from the committed ASL, the upload trigger, the API with its
 * users, and alarms with a dashboard. Environment-agnostic: it synthesizes offline, and deploys to
 * the account and region of the credentials used.
 */
export class CaseAuditStack extends Stack {
  readonly dataKey: DataKey;
  readonly storage: CaseStorage;
  readonly sessions: SessionTable;
  readonly agents: AgentFunctions;
  readonly workflows: AuditStateMachines;
  readonly executionEnds: ExecutionEndWatch;
  readonly trigger: UploadTrigger;
  readonly api: AuditApi;
  readonly uploaders: CaseUploaders;
  readonly monitoring: Monitoring;
  readonly settings: DeploymentSettings;

  constructor(scope: Construct, id: string, props: CaseAuditStackProps) {
    super(scope, id, { description: 'Case Audit: audits of Canadian immigration case files (Step Functions, Lambda, DynamoDB, S3, API Gateway)', ...props });
    const settings = props.settings;
    this.settings = settings;
    // Before anything is built: a retired, unknown or unreachable model stops the synth with the reason.
    enforceModelCheck(this, settings, {
      today: props.modelCheck?.today ?? new Date().toISOString().slice(0, 10),
      region: props.modelCheck?.region ?? settings.region ?? (Token.isUnresolved(this.region) ? undefined : this.region),
    });
    const logRetention = settings.logRetentionDays as logs.RetentionDays;
    // Cost-allocation tags on every taggable resource (activate them once in the Billing console).
    // (CloudFormation takes no tags on a dashboard: cfn-lint E3002, and the deploy would fail.)
    for (const [key, value] of Object.entries({ application: 'case-audit', ...settings.costTags })) Tags.of(this).add(key, value, { excludeResourceTypes: ['AWS::CloudWatch::Dashboard'] });

    this.dataKey = new DataKey(this, 'DataKey', settings.dataKeyArn ? { existingKeyArn: settings.dataKeyArn } : {});
    const dataKey = this.dataKey.key;
    this.storage = new CaseStorage(this, 'Storage', { settings, dataKey });
    this.sessions = new SessionTable(this, 'Sessions', { dataKey });
    this.agents = new AgentFunctions(this, 'Agents', { settings, sessions: this.sessions, bucket: this.storage.bucket, logRetention });
    this.workflows = new AuditStateMachines(this, 'Workflows', { agents: this.agents, logRetention });
    this.executionEnds = new ExecutionEndWatch(this, 'ExecutionEnds', { machines: this.workflows.machines, recordFailure: this.agents.invokeTarget('RecordFailure'), dataKey });
    const starting = { machines: this.workflows.machines, sessions: this.sessions, bucket: this.storage.bucket, settings };
    this.trigger = new UploadTrigger(this, 'Trigger', { ...starting, logRetention, dataKey });
    this.api = new AuditApi(this, 'Api', { ...starting, logRetention });
    this.uploaders = new CaseUploaders(this, 'Uploaders', { bucket: this.storage.bucket });
    this.monitoring = new Monitoring(this, 'Monitoring', {
      machines: this.workflows.machines,
      functions: [...this.agents.functions.values(), this.trigger.startAudit, ...this.api.functions.values()],
      deadLetterQueue: this.trigger.deadLetterQueue,
      executionEndDeadLetterQueue: this.executionEnds.deadLetterQueue,
      uploadQueue: this.trigger.queue,
      api: this.api.api,
      bedrockModelIds: deployedModelIds(settings),
      ...(settings.alarmEmail ? { alarmEmail: settings.alarmEmail } : {}),
    });

    this.addOutputs();
    addNagSuppressions(this);
  }

  private addOutputs(): void {
    const region = Aws.REGION;
    const console = `https://${region}.console.aws.amazon.com`;
    new CfnOutput(this, 'BucketName', { value: this.storage.bucket.bucketName, description: 'Upload cases to s3://<bucket>/cases/<owner>/<caseId>/' });
    new CfnOutput(this, 'ApiUrl', { value: this.api.api.url, description: 'The API (Authorization: the Cognito ID token)' });
    new CfnOutput(this, 'UserPoolId', { value: this.api.users.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.api.users.client.userPoolClientId });
    new CfnOutput(this, 'SessionsTableName', { value: this.sessions.table.tableName });
    new CfnOutput(this, 'UploadersGroupName', { value: this.uploaders.group.groupName, description: 'Members (and roles given its managed policy) write only under cases/iam/<aws:userid>/' });
    new CfnOutput(this, 'DeadLetterQueueUrl', { value: this.trigger.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn });
    new CfnOutput(this, 'DashboardUrl', { value: this.monitoring.dashboardUrl });
    new CfnOutput(this, 'StateMachinesConsoleUrl', { value: `${console}/states/home?region=${region}#/statemachines` });
    for (const type of WORKFLOW_TYPES) {
      const machine = this.workflows.machines.get(type);
      if (!machine) continue;
      new CfnOutput(this, `StateMachine-${type}`, {
        value: `${console}/states/home?region=${region}#/statemachines/view/${machine.stateMachineArn}`,
        description: `The ${type} state machine in the Step Functions console`,
      });
    }
  }
}
