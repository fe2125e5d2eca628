import { createHash } from 'node:crypto';
import * as z from 'zod';
import { SkippedFile } from '../../contracts/intakeOutput';
import type { ManifestRef } from '../session/sessionSchema';
import type { BlobStore } from '../storage/blobStore';
import { documentsPrefix, manifestKey } from '../storage/objectKeys';
import { mapWithConcurrency } from '../concurrency/mapWithConcurrency';
import { DeterministicError } from '../errors/deterministicError';

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

/** A file in the case folder that is not audited, and why (symbolic link, hidden, special file, …). */

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
 * Pins whatever is under the case's documents prefix right now: the manifest for an audit started
 * from objects already in the bucket (an S3 upload, the API). Each object is read once to hash it,
 * and the version read is recorded (a versioned bucket), so that Intake, a resume or a retry reads
 * exactly these bytes even after the same file is uploaded again.
 */
export async function pinCaseDocuments(blobs: BlobStore, owner: string, caseId: string): Promise<DocumentManifest> {
  const prefix = documentsPrefix(owner, caseId);
  const objects = (await blobs.list(prefix)).filter((o) => !o.key.endsWith('/'));
  const documents = await mapWithConcurrency(objects, 4, async (o): Promise<ManifestEntry> => {
    const { bytes, versionId } = await blobs.getVersion(o.key);
    const name = o.key.slice(prefix.length);
    return { docId: name, name, key: o.key, size: bytes.byteLength, sha256: sha256Hex(bytes), ...(versionId ? { versionId } : {}) };
  });
  return { documents, skipped: [] };
}
