import * as iam from 'aws-cdk-lib/aws-iam';
import type { ApiRouteName } from '../../lambdas/api/routeTable';
import { grantKeyUse } from '../storage/dataKey';
import { grantObjectAccess } from '../storage/s3Access';
import { grantAuditStart, type AuditStartingResources } from '../workflows/auditStarting';

/**
 * What each API route's function may do, and nothing more. Reading an audit reads its session item
 * (and outputs spilled to `sessions/`); listing queries the owner index only; a report URL is signed
 * with read access to `reports/`; upload URLs with write access to `cases/` (the handler builds the
 * key from the caller's own id); starting an audit needs what the upload trigger needs.
 */
export const ROUTE_ACCESS: Record<ApiRouteName, (role: iam.IRole, r: AuditStartingResources) => void> = {
  createAudit: (role, r) => {
    grantAuditStart(role, r);
  },
  listAudits: (role, r) => {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: [r.sessions.ownerIndexArn] }));
    // The reviewers' queue (?status=AWAITING_REVIEW for the reviewers group): a Query of its partition, then each session.
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['dynamodb:Query', 'dynamodb:GetItem'], resources: [r.sessions.table.tableArn] }));
    grantKeyUse(role, r.sessions.table.encryptionKey, 'read', 'dynamodb');
  },
  getAudit: (role, r) => {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['dynamodb:GetItem'], resources: [r.sessions.table.tableArn] }));
    grantKeyUse(role, r.sessions.table.encryptionKey, 'read', 'dynamodb');
    grantObjectAccess(role, r.bucket, { read: ['sessions/'], list: ['sessions/*'] });
  },
  getReport: (role, r) => {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['dynamodb:GetItem'], resources: [r.sessions.table.tableArn] }));
    grantKeyUse(role, r.sessions.table.encryptionKey, 'read', 'dynamodb');
    grantObjectAccess(role, r.bucket, { read: ['sessions/', 'reports/'], list: ['sessions/*', 'reports/*'] });
  },
  // Records the decision on the session (spilled outputs under sessions/) and answers the waiting
  // Task of the six state machines' executions: SendTaskSuccess (and SendTaskFailure) only.
  reviewAudit: (role, r) => {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:PutItem'], resources: [r.sessions.table.tableArn] }));
    grantKeyUse(role, r.sessions.table.encryptionKey, 'write', 'dynamodb');
    grantObjectAccess(role, r.bucket, { read: ['sessions/'], write: ['sessions/'], list: ['sessions/*'] });
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['states:SendTaskSuccess', 'states:SendTaskFailure'], resources: [...r.machines.values()].map((m) => m.stateMachineArn) }),
    );
  },
  createUploads: (role, r) => {
    grantObjectAccess(role, r.bucket, { write: ['cases/'] });
  },
};

/** Route functions' memory (MB): starting an audit hashes every document once. */
export const ROUTE_MEMORY: Record<ApiRouteName, number> = { createAudit: 1024, listAudits: 256, getAudit: 512, getReport: 256, reviewAudit: 256, createUploads: 256 };
