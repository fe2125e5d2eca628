import { readFile } from 'node:fs/promises';
import { loadManifest, sha256Hex, type ManifestEntry } from '../../lambdas/core/audit/documentManifest';
import { mapWithConcurrency } from '../../lambdas/core/concurrency/mapWithConcurrency';
import { documentTooLargeDetail } from '../../lambdas/core/audit/documentLimits';
import type { SessionStore } from '../../lambdas/core/session/sessionStore';
import { BlobStorageFull } from '../../lambdas/core/storage/blobErrors';
import type { BlobStore } from '../../lambdas/core/storage/blobStore';
import { documentKey, documentsPrefix } from '../../lambdas/core/storage/objectKeys';
import { describeErrno } from './fileErrors';
import type { CaseFile } from './scanCaseFolder';

const UPLOAD_CONCURRENCY = 4;

/**
 * Copies a case folder's files into the local bucket and returns their manifest entries. A file
 * that cannot be read, or is over the size limit, is not copied: its entry carries the problem,
 * which becomes the document's status, and the audit goes on with the rest.
 */
export async function uploadCaseFiles(
  blobs: BlobStore,
  target: { owner: string; caseId: string },
  files: CaseFile[],
  maxDocumentBytes: number,
): Promise<ManifestEntry[]> {
  const tooLarge = (size: number) => ({
    status: 'too-large' as const,
    detail: `${documentTooLargeDetail(size, maxDocumentBytes)} — send a smaller copy (split or compress it)`,
  });
  return mapWithConcurrency(files, UPLOAD_CONCURRENCY, async (file): Promise<ManifestEntry> => {
    const base = { docId: file.name, name: file.name };
    if (file.size > maxDocumentBytes) return { ...base, size: file.size, problem: tooLarge(file.size) };
    let bytes: Buffer;
    try {
      bytes = await readFile(file.path);
    } catch (err) {
      return { ...base, size: file.size, problem: { status: 'unreadable', detail: `could not be read from disk: ${describeErrno(err)}` } };
    }
    if (bytes.byteLength > maxDocumentBytes) return { ...base, size: bytes.byteLength, problem: tooLarge(bytes.byteLength) };
    const sha256 = sha256Hex(bytes);
    const key = documentKey(target.owner, target.caseId, file.name, sha256);
    // Keys are content-addressed, but an object already there is checked, not trusted: a copy cut
    // short by a crash or a full disk is replaced with these bytes.
    let versionId: string | undefined;
    try {
      versionId = (await blobs.putUnlessIntact(key, bytes)).versionId;
    } catch (err) {
      throw err instanceof BlobStorageFull ? new BlobStorageFull(err.bucket, key, file.name) : err;
    }
    return { ...base, key, size: bytes.byteLength, sha256, ...(versionId ? { versionId } : {}) };
  });
}

/**
 * Deletes the case's stored documents that no audit can still need: not pinned by an audit whose
 * intake has yet to run (running, interrupted, or failed before reading), and older than `minAgeMs`
 * (so files uploaded by a run that is creating its audit right now are left alone).
 */
export async function removeUnpinnedDocuments(
  store: SessionStore,
  blobs: BlobStore,
  target: { owner: string; caseId: string },
  minAgeMs = 60 * 60 * 1000,
): Promise<number> {
  const sessions = await store.listByOwner(target.owner, { caseId: target.caseId });
  const pinned = new Set<string>();
  for (const s of sessions.filter((x) => !x.completedStages.includes('intake') && x.status !== 'SUCCEEDED' && x.status !== 'INCOMPLETE')) {
    const manifest = await loadManifest(blobs, s.auditId, s.manifest).catch(() => undefined);
    for (const d of manifest?.documents ?? []) if (d.key) pinned.add(d.key);
  }
  const cutoff = Date.now() - minAgeMs;
  const stale = (await blobs.list(documentsPrefix(target.owner, target.caseId))).filter(
    (o) => !pinned.has(o.key) && (o.lastModified?.getTime() ?? 0) < cutoff,
  );
  for (const o of stale) await blobs.delete(o.key);
  return stale.length;
}
