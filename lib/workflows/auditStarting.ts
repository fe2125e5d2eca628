import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { STATE_MACHINE_ARN_SETTINGS } from '../../lambdas/core/audit/stateMachineSettings';
import type { WorkflowType } from '../../workflows/schema';
import type { DeploymentSettings } from '../config/deploymentSettings';
import type { SessionTable } from '../storage/sessionTable';
import { grantKeyUse } from '../storage/dataKey';
import { AUDIT_REQUESTS, CASE_DOCUMENTS, grantObjectAccess } from '../storage/s3Access';

export interface AuditStartingResources {
  machines: ReadonlyMap<WorkflowType, sfn.StateMachine>;
  sessions: SessionTable;
  bucket: s3.IBucket;
  settings: DeploymentSettings;
}

export interface AuditStartAccess {
  /** Table actions beyond reading and creating items (the trigger moves its upload record with UpdateItem). */
  extraTableActions?: readonly string[];
  /**
   * Reads the uploaded `audit.json` by the version id of its object-created event (the upload
   * trigger): S3 authorises a read by version id as s3:GetObjectVersion, and a version deleted
   * before the read must read as absent (so its key name may be listed).
   */
  readsUploadedRequest?: boolean;
}

/**
 * What starting an audit takes (the upload trigger and POST /audits): list and read the case's
 * documents to pin them, store the manifest under `sessions/`, create the session item, and start
 * an execution of any of the six state machines. Listing is limited to the cases' documents folders.
 */
export function grantAuditStart(role: iam.IRole, r: AuditStartingResources, access: AuditStartAccess = {}): void {
  grantObjectAccess(role, r.bucket, {
    read: ['cases/'],
    write: ['sessions/'],
    ...(access.readsUploadedRequest ? { readVersions: ['cases/'] as const, list: [CASE_DOCUMENTS, AUDIT_REQUESTS] } : { list: [CASE_DOCUMENTS] }),
  });
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:PutItem', ...(access.extraTableActions ?? [])], resources: [r.sessions.table.tableArn] }),
  );
  grantKeyUse(role, r.sessions.table.encryptionKey, 'write', 'dynamodb');
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['states:StartExecution'], resources: [...r.machines.values()].map((m) => m.stateMachineArn) }),
  );
}

/** The environment of a function that starts audits: the table, the bucket, the machines and the defaults. */
export function auditStartEnvironment(r: AuditStartingResources): Record<string, string> {
  const env: Record<string, string> = {
    TABLE_NAME: r.sessions.table.tableName,
    BUCKET_NAME: r.bucket.bucketName,
    CASE_AUDIT_DEFAULT_TIER: r.settings.defaultTier,
    CASE_AUDIT_DEFAULT_MODEL: r.settings.defaultModel,
    CASE_AUDIT_GATE_MODE: r.settings.gateMode,
  };
  for (const [type, machine] of r.machines) env[STATE_MACHINE_ARN_SETTINGS[type]] = machine.stateMachineArn;
  return env;
}
