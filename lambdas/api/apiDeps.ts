import type { AuditDefaults } from '../core/audit/auditDefaults';
import type { ExecutionStarter } from '../core/audit/startAudit';
import type { SessionStore } from '../core/session/sessionStore';
import type { DecidedReview } from '../review/reviewSteps';
import type { BlobStore } from '../core/storage/blobStore';

/** Short-lived URLs for one object: the signature covers the key, so a caller cannot change it. */
export interface UrlSigner {
  /** A PUT URL for exactly `contentLength` bytes (the length is signed: S3 refuses any other). */
  uploadUrl(key: string, opts: { contentType?: string; contentLength: number; expiresInSeconds: number }): Promise<string>;
  downloadUrl(key: string, opts: { filename?: string; expiresInSeconds: number }): Promise<string>;
}

/**
 * Hands a recorded review decision to the waiting execution: SendTaskSuccess with the stored task
 * token in AWS; locally (`case-audit serve`), the execution runs again as `resume` runs it.
 */
export interface ReviewContinuation {
  continueAfter(decided: DecidedReview): Promise<void>;
}

/** What the API operations need; created once per Lambda container (or once by `case-audit serve`). */
export interface ApiDeps {
  store: SessionStore;
  blobs: BlobStore;
  starter: ExecutionStarter;
  signer: UrlSigner;
  defaults: AuditDefaults;
  /** Lifetimes of presigned URLs. */
  uploadUrlSeconds: number;
  downloadUrlSeconds: number;
  /** Absent: this API cannot continue executions, and POST /audits/{id}/review answers 503. */
  reviews?: ReviewContinuation;
  now?: () => Date;
}
