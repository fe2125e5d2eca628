import { BlobNotFound } from '../storage/blobErrors';
import { casePrefix, parseAuditRequestKey } from '../storage/objectKeys';
import { SessionNotFound } from '../session/sessionErrors';
import type { Session } from '../session/sessionSchema';
import { auditIdFromSeed } from './auditId';
import { defaultsLayer, type AuditDefaults } from './auditDefaults';
import { InvalidAuditRequest, readAuditRequestFile, resolveAuditRequest, type AuditRequest } from './auditRequest';
import { pinCaseDocuments, TooManyDocuments } from './documentManifest';
import { startAudit, type StartAuditDeps } from './startAudit';
import { uploadIdOf, type UploadIdentity, type UploadStartRecord, type UploadStartRecords } from './uploadStartRecords';

/** An audit.json that landed in the bucket, as its object-created event describes it. */
export interface UploadedAuditRequest extends UploadIdentity {
  /** When S3 recorded the write (the event's time): the same in every delivery of the event. */
  eventTime?: string;
}

export interface UploadStartDeps extends StartAuditDeps {
  records: UploadStartRecords;
  defaults: AuditDefaults;
  /**
   * How long a claim protects the delivery that made it. Longer than the handler can run: a claim
   * older than this belongs to a delivery that died, and the next delivery takes it over.
   */
  claimLeaseMs: number;
}

export type UploadStartOutcome =
  | { outcome: 'started'; auditId: string; executionArn: string | undefined }
  | { outcome: 'duplicate'; auditId: string; state: UploadStartRecord['state'] }
  | { outcome: 'rejected'; auditId: string; reason: string }
  | { outcome: 'ignored'; reason: string };

/** Another delivery of the same upload is starting its audit right now; retry this one later. */
export class StartInProgress extends Error {
  override readonly name = 'StartInProgress';
  constructor(readonly auditId: string) {
    super(`another delivery of this upload is starting audit ${auditId}; this one will be retried`);
  }
}

/**
 * Starts the audit an uploaded `cases/<owner>/<caseId>/audit.json` asks for, at most once per object
 * version however often its event is delivered (DESIGN §6: the owner and case come from the key,
 * never from the file). The first delivery claims the upload with a conditional put; the audit id
 * (and so the execution name) is derived from the upload, so even a delivery that takes over a dead
 * claim continues the same audit instead of starting another.
 */
export async function startAuditFromUpload(deps: UploadStartDeps, upload: UploadedAuditRequest): Promise<UploadStartOutcome> {
  const location = parseAuditRequestKey(upload.key);
  if (!location) return { outcome: 'ignored', reason: 'not an audit request key (cases/<owner>/<caseId>/audit.json)' };
  try {
    casePrefix(location.owner, location.caseId);
  } catch (err) {
    return { outcome: 'ignored', reason: (err as Error).message };
  }
  const now = deps.now?.() ?? new Date();
  const uploadId = uploadIdOf(upload);
  const eventTime = upload.eventTime ? new Date(upload.eventTime) : undefined;
  const at = eventTime && !Number.isNaN(eventTime.getTime()) ? eventTime : now;
  const claim = await deps.records.claim({
    uploadId,
    bucket: upload.bucket,
    key: upload.key,
    ...(upload.versionId ? { versionId: upload.versionId } : {}),
    owner: location.owner,
    caseId: location.caseId,
    auditId: auditIdFromSeed(uploadId, at),
    claimedAt: now.toISOString(),
  });
  let record = claim.record;
  if (!claim.claimed) {
    if (record.state !== 'CLAIMED') return { outcome: 'duplicate', auditId: record.auditId, state: record.state };
    if (now.getTime() - Date.parse(record.claimedAt) < deps.claimLeaseMs) throw new StartInProgress(record.auditId);
    const takenAt = now.toISOString();
    if (!(await deps.records.takeOver(record, takenAt))) throw new StartInProgress(record.auditId);
    record = { ...record, claimedAt: takenAt };
  }
  return continueStart(deps, upload, record);
}

async function continueStart(deps: UploadStartDeps, upload: UploadedAuditRequest, record: UploadStartRecord): Promise<UploadStartOutcome> {
  const finish = () => (deps.now?.() ?? new Date()).toISOString();
  const earlier = await findSession(deps, record.auditId);
  if (earlier) {
    // A delivery that died after creating the session: start (or find) the execution it did not record.
    const session = earlier.executionArn ? earlier : await startExecution(deps, earlier);
    await deps.records.markStarted(record.uploadId, record.claimedAt, finish());
    return { outcome: 'started', auditId: record.auditId, executionArn: session.executionArn };
  }

  const reject = async (reason: string): Promise<UploadStartOutcome> => {
    await deps.records.markRejected(record.uploadId, record.claimedAt, reason, finish());
    return { outcome: 'rejected', auditId: record.auditId, reason };
  };

  let request: AuditRequest;
  try {
    request = await readRequest(deps, upload, record);
  } catch (err) {
    if (err instanceof InvalidAuditRequest) return reject(err.message);
    if (err instanceof BlobNotFound) return reject('audit.json was deleted (or its version removed) before it could be read');
    throw err;
  }
  let manifest;
  try {
    manifest = await pinCaseDocuments(deps.blobs, record.owner, record.caseId);
  } catch (err) {
    if (err instanceof TooManyDocuments) return reject(err.message);
    throw err;
  }
  if (manifest.documents.length === 0) {
    return reject('the case has no documents under its documents/ folder: upload the documents first, then audit.json');
  }
  const session = await startAudit(deps, { ...request, owner: record.owner, auditId: record.auditId, manifest });
  await deps.records.markStarted(record.uploadId, record.claimedAt, finish());
  return { outcome: 'started', auditId: record.auditId, executionArn: session.executionArn };
}

/** The uploaded request, merged over the deployment's defaults; its caseId, if given, must be the folder's. */
async function readRequest(deps: UploadStartDeps, upload: UploadedAuditRequest, record: UploadStartRecord): Promise<AuditRequest> {
  const source = 'audit.json';
  const bytes = await deps.blobs.get(upload.key, upload.versionId);
  const values = readAuditRequestFile(new TextDecoder().decode(bytes), source);
  if (values.caseId !== undefined && values.caseId !== record.caseId) {
    throw new InvalidAuditRequest([{ source, field: 'caseId', problem: 'caseId must be the name of the case folder the file is in (or be left out)' }]);
  }
  return resolveAuditRequest([defaultsLayer(deps.defaults, { caseId: record.caseId }), { kind: 'file', source, values }]);
}

async function findSession(deps: UploadStartDeps, auditId: string): Promise<Session | undefined> {
  try {
    return await deps.store.get(auditId);
  } catch (err) {
    if (err instanceof SessionNotFound) return undefined;
    throw err;
  }
}

async function startExecution(deps: UploadStartDeps, session: Session): Promise<Session> {
  const { executionArn } = await deps.starter.start(session);
  return deps.store.update(session.auditId, (s) => ({ ...s, executionArn }), { current: session });
}
