import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { agentModelId, type DeploymentSettings } from '../config/deploymentSettings';
import { CANLII_API_KEY_SECRET_SETTING } from '../../lambdas/core/research/canliiApiKey';
import type { SessionTable } from '../storage/sessionTable';
import { grantKeyUse } from '../storage/dataKey';
import { grantObjectAccess } from '../storage/s3Access';
import { AGENT_FUNCTIONS, type AgentFunctionSpec } from './agentCatalog';
import { grantGuardrail, grantKnowledgeBaseRetrieval, grantModelInvocation } from './bedrockAccess';
import { grantSecretRead } from './secretAccess';
import { OCR_SETTING } from '../../lambdas/core/settings/ocrSetting';
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
        ...(spec.workerEntries ? { workerEntries: spec.workerEntries } : {}),
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
    grantKeyUse(role, props.sessions.table.encryptionKey, spec.dynamodb.some((a) => a !== 'dynamodb:GetItem' && a !== 'dynamodb:Query') ? 'write' : 'read', 'dynamodb');
    grantObjectAccess(role, props.bucket, spec.s3);
    const model = modelOf(spec, props.settings);
    if (model) grantModelInvocation(role, [model]);
    if (model) grantGuardrail(role, props.settings.bedrockGuardrail?.id);
    if (spec.knowledgeBase) grantKnowledgeBaseRetrieval(role, props.settings.knowledgeBaseId);
    if (spec.canliiApiKey && props.settings.canliiApiKeySecret) grantSecretRead(role, props.settings.canliiApiKeySecret);
    if (spec.agent === 'intake' && props.settings.ocr === 'textract') grantTextract(role, props.bucket);
  }
}

/** Textract text detection: the actions have no resource-level permissions, hence "*". */
export const TEXTRACT_ACTIONS = ['textract:DetectDocumentText', 'textract:StartDocumentTextDetection', 'textract:GetDocumentTextDetection'];

/**
 * Intake's OCR with Textract. The asynchronous API reads the document from S3 with the caller's
 * permissions: Intake's own s3:GetObject on the case documents, and kms:Decrypt through S3 on the
 * bucket's key (granted here explicitly, whatever else Intake's object access grants).
 */
function grantTextract(role: iam.IRole, bucket: s3.IBucket): void {
  role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: TEXTRACT_ACTIONS, resources: ['*'] }));
  grantKeyUse(role, bucket.encryptionKey, 'read', 's3');
}

/** The one Bedrock model a function may call: its agent's (none for a function without a model layer). */
export function modelOf(spec: AgentFunctionSpec, s: DeploymentSettings): string | undefined {
  return spec.bedrock && spec.agent !== 'recordFailure' && spec.agent !== 'review' ? agentModelId(s, spec.agent) : undefined;
}

function environmentFor(spec: AgentFunctionSpec, s: DeploymentSettings, props: AgentFunctionsProps): Record<string, string> {
  const model = modelOf(spec, s);
  return {
    TABLE_NAME: props.sessions.table.tableName,
    BUCKET_NAME: props.bucket.bucketName,
    // The agent's model by its own name, and as the default of any other model call in this function:
    // either way the function only ever asks for the one model its role may invoke.
    ...(model ? { [`CASE_AUDIT_BEDROCK_MODEL_ID_${spec.agent.toUpperCase()}`]: model, CASE_AUDIT_BEDROCK_MODEL_ID: model } : {}),
    ...(model && s.bedrockConcurrency !== undefined ? { CASE_AUDIT_MODEL_ACCOUNT_SLOTS: String(s.bedrockConcurrency) } : {}),
    ...(model && s.bedrockGuardrail ? { CASE_AUDIT_BEDROCK_GUARDRAIL_ID: s.bedrockGuardrail.id, CASE_AUDIT_BEDROCK_GUARDRAIL_VERSION: s.bedrockGuardrail.version } : {}),
    ...(spec.knowledgeBase && s.knowledgeBaseId ? { CASE_AUDIT_KNOWLEDGE_BASE_ID: s.knowledgeBaseId } : {}),
    ...(spec.canliiApiKey && s.canliiApiKeySecret ? { [CANLII_API_KEY_SECRET_SETTING]: s.canliiApiKeySecret } : {}),
    // Said explicitly: Lambda has no Tesseract, so the default of a laptop (local) never applies.
    ...(spec.agent === 'intake' ? { [OCR_SETTING]: s.ocr } : {}),
  };
}
