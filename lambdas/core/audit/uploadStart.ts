import { BlobNotFound, BlobTooLarge } from '../storage/blobErrors';
import { casePrefix, parseAuditRequestKey } from '../storage/objectKeys';
import { SessionNotFound } from '../session/sessionErrors';
import type { Session } from '../session/sessionSchema';
import { auditIdFromSeed } from './auditId';
import { defaultsLayer, type AuditDefaults } from './auditDefaults';
import { InvalidAuditRequest, readAuditRequestFile, resolveAuditRequest, type AuditRequest } from './auditRequest';
import { pinCaseDocuments, TooManyDocuments, type DocumentManifest } from './documentManifest';
import { formatByteSize, MAX_AUDIT_REQUEST_BYTES } from './documentLimits';
import { expectedDocumentsOf, type ExpectedDocument } from './expectedDocuments';
import { DEFAULT_READINESS, missingDocumentsReason, uploadReadiness, type Readiness, type ReadinessPolicy } from './uploadReadiness';
import { documentsPrefix } from '../storage/objectKeys';
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
  /** How long a start waits for the case's documents to land (uploadReadiness.ts). */
  readiness?: ReadinessPolicy;
  /**
   * How long one delivery may wait in place for them before handing the event back with a
   * `waiting` outcome (the start-audit Lambda: part of its run time; the local watcher: none, it
   * looks again at its next scan).
   */
  waitInPlaceMs?: number;
  sleep?(ms: number): Promise<void>;
}

export type UploadStartOutcome =
  | { outcome: 'started'; auditId: string; executionArn: string | undefined }
  | { outcome: 'duplicate'; auditId: string; state: UploadStartRecord['state'] }
  | { outcome: 'rejected'; auditId: string; reason: string }
  | { outcome: 'ignored'; reason: string }
  /** The case's documents are still landing: deliver the event again after `retryAfterSeconds`. */
  | { outcome: 'waiting'; reason: string; retryAfterSeconds: number };

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
  const uploadId = uploadIdOf(upload);
  const eventTime = upload.eventTime ? new Date(upload.eventTime) : undefined;
  const at = eventTime && !Number.isNaN(eventTime.getTime()) ? eventTime : (deps.now?.() ?? new Date());
  const readiness = await awaitDocuments(deps, upload, documentsPrefix(location.owner, location.caseId), at);
  if (readiness.state === 'waiting') return { outcome: 'waiting', reason: `waiting for ${readiness.waitingFor}`, retryAfterSeconds: Math.max(1, Math.ceil(readiness.retryAfterMs / 1000)) };
  const now = deps.now?.() ?? new Date();
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
  return continueStart(deps, upload, record, readiness);
}

async function continueStart(deps: UploadStartDeps, upload: UploadedAuditRequest, record: UploadStartRecord, readiness: Readiness): Promise<UploadStartOutcome> {
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

  if (readiness.state === 'incomplete') return reject(missingDocumentsReason(readiness.missing, deps.readiness));
  let request: AuditRequest;
  let expected: ExpectedDocument[] | undefined;
  try {
    ({ request, expected } = await readRequest(deps, upload, record));
  } catch (err) {
    if (err instanceof InvalidAuditRequest) return reject(err.message);
    if (err instanceof BlobNotFound) return reject('audit.json was deleted (or its version removed) before it could be read');
    if (err instanceof BlobTooLarge) return reject(`audit.json is over the ${formatByteSize(MAX_AUDIT_REQUEST_BYTES)} an audit request may be`);
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
  const changed = unlikeListed(manifest, expected);
  if (changed.length) return reject(`documents differ from the sha256 audit.json lists: ${changed.map((n) => JSON.stringify(n)).join(', ')}. Upload the intended files, then audit.json again`);
  // Held for a reviewer when the outcome matches the tier's review policy (issue 33).
  const session = await startAudit(deps, { ...request, owner: record.owner, auditId: record.auditId, manifest, reviewMode: 'policy' });
  await deps.records.markStarted(record.uploadId, record.claimedAt, finish());
  return { outcome: 'started', auditId: record.auditId, executionArn: session.executionArn };
}

/** The names of listed documents whose pinned bytes are not the ones the list's sha256 names. */
function unlikeListed(manifest: DocumentManifest, expected: readonly ExpectedDocument[] | undefined): string[] {
  const pinned = new Map(manifest.documents.map((d) => [d.name, d.sha256]));
  return (expected ?? []).filter((d) => d.sha256 !== undefined && pinned.get(d.name) !== d.sha256).map((d) => d.name);
}

/**
 * Waits, within the delivery's in-place budget, for the documents audit.json lists (or for the
 * documents folder to be quiet). An audit.json that cannot be read or parsed is not waited on: the
 * start goes on and rejects it with its own reason.
 */
async function awaitDocuments(deps: UploadStartDeps, upload: UploadedAuditRequest, prefix: string, requestAt: Date): Promise<Readiness> {
  let expected: ExpectedDocument[] | undefined;
  try {
    expected = expectedDocumentsOf(JSON.parse(new TextDecoder().decode(await deps.blobs.get(upload.key, upload.versionId, { maxBytes: MAX_AUDIT_REQUEST_BYTES }))));
  } catch {
    return { state: 'ready' };
  }
  const policy = deps.readiness ?? DEFAULT_READINESS;
  const clock = () => deps.now?.() ?? new Date();
  const started = clock().getTime();
  for (;;) {
    const listing = (await deps.blobs.list(prefix)).filter((o) => !o.key.endsWith('/'));
    const readiness = uploadReadiness(listing, prefix, expected, requestAt, clock(), policy);
    if (readiness.state !== 'waiting') return readiness;
    const budget = (deps.waitInPlaceMs ?? 0) - (clock().getTime() - started);
    if (!deps.sleep || budget < readiness.retryAfterMs) return readiness;
    await deps.sleep(readiness.retryAfterMs);
  }
}

/** The uploaded request, merged over the deployment's defaults; its caseId, if given, must be the folder's. */
async function readRequest(deps: UploadStartDeps, upload: UploadedAuditRequest, record: UploadStartRecord): Promise<{ request: AuditRequest; expected: ExpectedDocument[] | undefined }> {
  const source = 'audit.json';
  const bytes = await deps.blobs.get(upload.key, upload.versionId, { maxBytes: MAX_AUDIT_REQUEST_BYTES });
  const text = new TextDecoder().decode(bytes);
  const values = readAuditRequestFile(text, source);
  if (values.caseId !== undefined && values.caseId !== record.caseId) {
    throw new InvalidAuditRequest([{ source, field: 'caseId', problem: 'caseId must be the name of the case folder the file is in (or be left out)' }]);
  }
  const expected = expectedDocumentsOf(JSON.parse(text), source);
  return { request: resolveAuditRequest([defaultsLayer(deps.defaults, { caseId: record.caseId }), { kind: 'file', source, values }]), expected };
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
