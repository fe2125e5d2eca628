import type { SessionStore } from '../session/sessionStore';
import type { Session } from '../session/sessionSchema';
import type { BlobStore } from '../storage/blobStore';
import { pinCaseDocuments, storeManifest, type DocumentManifest } from './documentManifest';
import type { AuditRequest } from './auditRequest';
import { newAuditId } from './auditId';

/** Starts the state machine for a session: Step Functions in AWS, the embedded interpreter locally. */
export interface ExecutionStarter {
  start(session: Session): Promise<{ executionArn: string }>;
}

export interface StartAuditDeps {
  store: SessionStore;
  blobs: BlobStore;
  starter: ExecutionStarter;
  now?: () => Date;
}

export interface StartAuditRequest extends AuditRequest {
  owner: string;
  auditId?: string;
  /** The documents to audit; default: what is under the case's documents prefix now. */
  manifest?: DocumentManifest;
  /** Hold the audit for a reviewer when its outcome matches the tier's policy (`policy`), or never (`off`, the default here). */
  reviewMode?: 'policy' | 'off';
  /** Runs once the session exists, before the execution starts (e.g. to report the audit id). */
  onCreated?: (session: Session) => void | Promise<void>;
}

/** Pins the documents, creates the session for a validated request, and starts its execution. */
export async function startAudit(deps: StartAuditDeps, request: StartAuditRequest): Promise<Session> {
  const auditId = request.auditId ?? newAuditId(deps.now?.());
  const manifest = request.manifest ?? (await pinCaseDocuments(deps.blobs, request.owner, request.caseId));
  const created = await deps.store.create({
    auditId,
    caseId: request.caseId,
    owner: request.owner,
    workflowType: request.workflowType,
    tier: request.tier,
    model: request.model,
    gateMode: request.gateMode,
    manifest: await storeManifest(deps.blobs, auditId, manifest),
    ...(request.reviewMode ? { reviewMode: request.reviewMode } : {}),
  });
  await deps.store.appendEvent(auditId, {
    type: 'audit-started',
    detail: { workflowType: request.workflowType, tier: request.tier, model: request.model, documents: manifest.documents.length, skipped: manifest.skipped.length },
  });
  await request.onCreated?.(created);
  const { executionArn } = await deps.starter.start(created);
  return deps.store.update(auditId, (s) => ({ ...s, executionArn }));
}
