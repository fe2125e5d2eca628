import { createHash } from 'node:crypto';
import * as z from 'zod';
import { SkippedFile } from '../../contracts/intakeOutput';
import type { ManifestRef } from '../session/sessionSchema';
import type { BlobStore } from '../storage/blobStore';
import { documentsPrefix, manifestKey } from '../storage/objectKeys';
import { mapWithConcurrency } from '../concurrency/mapWithConcurrency';
import { DeterministicError } from '../errors/deterministicError';
import { documentTooLargeDetail } from './documentLimits';
import { MAX_CASE_DOCUMENTS, MAX_DOCUMENT_BYTES } from './documentLimits';

/**
 * The documents an audit reads, pinned when it starts (DESIGN §6): every key with its size, SHA-256
 * and object version. Intake reads exactly this set and checks each hash, so a later upload to the
 * same case never changes a running or resumed audit.
 */
export const ManifestEntry = z.strictObject({
  /** The document's id within the audit: its original path in the case (what users see). */
  docId: z.string().min(1),
  name: z.string().min(1),
  key: z.string().min(1).optional(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  versionId: z.string().optional(),
  /** Set when the file could not be stored at all; intake reports it with this status. */
  problem: z.strictObject({ status: z.enum(['unreadable', 'too-large']), detail: z.string() }).optional(),
});
export type ManifestEntry = z.infer<typeof ManifestEntry>;

export const DocumentManifest = z.strictObject({
  documents: z.array(ManifestEntry),
  skipped: z.array(SkippedFile),
});
export type DocumentManifest = z.infer<typeof DocumentManifest>;

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The stored manifest does not match the hash recorded on the session. */
export class ManifestTampered extends DeterministicError {
  override readonly name = 'ManifestTampered';
  constructor(readonly key: string) {
    super(`the document manifest at ${key} changed after the audit started; start a new audit`);
  }
}

/** The session has no manifest: it was started by an older version of Case Audit. */
export class NoManifest extends DeterministicError {
  override readonly name = 'NoManifest';
  constructor(readonly auditId: string) {
    super(`audit ${auditId} has no pinned document manifest (it was started by an older version); start a new audit`);
  }
}

/** Stores the manifest beside the audit's other system objects; returns the pointer the session keeps. */
export async function storeManifest(blobs: BlobStore, auditId: string, manifest: DocumentManifest): Promise<ManifestRef> {
  const body = JSON.stringify(DocumentManifest.parse(manifest));
  const key = manifestKey(auditId);
  await blobs.put(key, body, 'application/json');
  return {
    s3Key: key,
    sha256: sha256Hex(new TextEncoder().encode(body)),
    documents: manifest.documents.length,
    skipped: manifest.skipped.length,
  };
}

/** Reads the manifest a session points at and checks it is the one pinned at start. */
export async function loadManifest(blobs: BlobStore, auditId: string, ref: ManifestRef | undefined): Promise<DocumentManifest> {
  if (!ref) throw new NoManifest(auditId);
  const bytes = await blobs.get(ref.s3Key);
  if (sha256Hex(bytes) !== ref.sha256) throw new ManifestTampered(ref.s3Key);
  return DocumentManifest.parse(JSON.parse(new TextDecoder().decode(bytes)));
}

/**
 * The case holds more documents than one audit reads. The audit is refused as a whole, naming the
 * limit and the count, rather than cut: a cut would leave out whichever documents sort last (a
 * passport, say) and the checklist would call them missing.
 */
export class TooManyDocuments extends DeterministicError {
  override readonly name = 'TooManyDocuments';
  constructor(
    readonly found: number,
    readonly limit: number,
  ) {
    super(
      `the case holds ${found.toLocaleString('en-CA')} documents, over the limit of ${limit.toLocaleString('en-CA')} for one audit; ` +
        'remove files that are not part of the application (or split the case), then start the audit again',
    );
  }
}

export interface PinLimits {
  /** Larger objects are pinned with the `too-large` status, never read (default 50 MB). */
  maxDocumentBytes?: number;
  /** More objects under the prefix than this refuses the audit with TooManyDocuments (default 5,000). */
  maxDocuments?: number;
}

/**
 * Pins whatever is under the case's documents prefix right now: the manifest for an audit started
 * from objects already in the bucket (an S3 upload, the API). Sizes come from the listing, so an
 * object over the per-document limit is pinned as `too-large` without a byte of it read; the others
 * are hashed as they stream (never held whole, in Lambda as locally). The version read is recorded
 * (a versioned bucket), so that Intake, a resume or a retry reads exactly these bytes even after the
 * same file is uploaded again.
 */
export async function pinCaseDocuments(blobs: BlobStore, owner: string, caseId: string, limits: PinLimits = {}): Promise<DocumentManifest> {
  const maxBytes = limits.maxDocumentBytes ?? MAX_DOCUMENT_BYTES;
  const maxDocuments = limits.maxDocuments ?? MAX_CASE_DOCUMENTS;
  const prefix = documentsPrefix(owner, caseId);
  const objects = (await blobs.list(prefix)).filter((o) => !o.key.endsWith('/'));
  if (objects.length > maxDocuments) throw new TooManyDocuments(objects.length, maxDocuments);
  const tooLarge = (size: number): ManifestEntry['problem'] => ({ status: 'too-large', detail: `${documentTooLargeDetail(size, maxBytes)} — upload a smaller copy (split or compress it)` });
  const documents = await mapWithConcurrency(objects, 4, async (o): Promise<ManifestEntry> => {
    const name = o.key.slice(prefix.length);
    const base = { docId: name, name, key: o.key };
    if (o.size > maxBytes) return { ...base, size: o.size, problem: tooLarge(o.size) };
    const { sha256, size, versionId } = await blobs.digest(o.key);
    // Replaced by a larger object since the listing: still never read past the hash.
    if (size > maxBytes) return { ...base, size, problem: tooLarge(size) };
    return { ...base, size, sha256, ...(versionId ? { versionId } : {}) };
  });
  return { documents, skipped: [] };
}
