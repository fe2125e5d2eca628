import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { DeploymentSettings } from '../config/deploymentSettings';
import type { SessionTable } from '../storage/sessionTable';
import { grantObjectAccess } from '../storage/s3Access';
import { AGENT_FUNCTIONS, type AgentFunctionSpec } from './agentCatalog';
import { grantKnowledgeBaseRetrieval, grantModelInvocation } from './bedrockAccess';
import { CaseAuditFunction } from './caseAuditFunction';

export interface AgentFunctionsProps {
  settings: DeploymentSettings;
  sessions: SessionTable;
  bucket: s3.IBucket;
  logRetention: logs.RetentionDays;
}

/** The Lambda of every Task in the state machines (seven agents and the failure recorder). */
export class AgentFunctions extends Construct {
  readonly functions = new Map<string, CaseAuditFunction>();
  private readonly targets = new Map<string, lambda.IFunction>();

  constructor(scope: Construct, id: string, props: AgentFunctionsProps) {
    super(scope, id);
    const s = props.settings;
    for (const spec of AGENT_FUNCTIONS) {
      const fn = new CaseAuditFunction(this, spec.key, {
        entry: spec.entry,
        name: spec.agent === 'recordFailure' ? 'record-failure' : spec.agent,
        description: spec.description,
        memorySize: spec.memorySize,
        timeout: Duration.seconds(spec.timeoutSeconds),
        logRetention: props.logRetention,
        bundleAwsSdk: s.bundleAwsSdk,
        ...(spec.copiedPackages ? { copiedPackages: spec.copiedPackages } : {}),
        ...(s.reservedConcurrency[spec.agent] !== undefined ? { reservedConcurrency: s.reservedConcurrency[spec.agent] } : {}),
        environment: environmentFor(spec, s, props),
      });
      this.grant(fn.role, spec, props);
      this.functions.set(spec.key, fn);
      const provisioned = s.provisionedConcurrency[spec.agent];
      this.targets.set(
        spec.key,
        provisioned
          ? new lambda.Alias(fn, 'Live', { aliasName: 'live', version: fn.fn.currentVersion, provisionedConcurrentExecutions: provisioned })
          : fn.fn,
      );
    }
  }

  /** What the state machines invoke for a function key: the function, or its `live` alias when it has provisioned concurrency. */
  invokeTarget(key: string): lambda.IFunction {
    const target = this.targets.get(key);
    if (!target) throw new Error(`no agent function for the ASL key '${key}'; known: ${[...this.targets.keys()].join(', ')}`);
    return target;
  }

  private grant(role: iam.IRole, spec: AgentFunctionSpec, props: AgentFunctionsProps): void {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [...spec.dynamodb], resources: [props.sessions.table.tableArn] }));
    grantObjectAccess(role, props.bucket, spec.s3);
    if (spec.bedrock) grantModelInvocation(role, props.settings.bedrockModelIds);
    if (spec.knowledgeBase) grantKnowledgeBaseRetrieval(role, props.settings.knowledgeBaseId);
  }
}

function environmentFor(spec: AgentFunctionSpec, s: DeploymentSettings, props: AgentFunctionsProps): Record<string, string> {
  return {
    TABLE_NAME: props.sessions.table.tableName,
    BUCKET_NAME: props.bucket.bucketName,
    ...(spec.bedrock && s.bedrockModelIds.length ? { CASE_AUDIT_BEDROCK_MODEL_ID: s.bedrockModelIds[0] } : {}),
    ...(spec.knowledgeBase && s.knowledgeBaseId ? { CASE_AUDIT_KNOWLEDGE_BASE_ID: s.knowledgeBaseId } : {}),
  };
}
