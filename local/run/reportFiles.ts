import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AuditSummary } from '../../lambdas/core/audit/auditSummary';
import type { BlobStore } from '../../lambdas/core/storage/blobStore';

/** Copies the audit's reports from the (local) bucket to `outDir`; returns the summary with local paths. */
export async function copyReports(blobs: BlobStore, summary: AuditSummary, outDir: string): Promise<AuditSummary> {
  const dir = resolve(outDir);
  const reports = { ...summary.reports };
  const keys = Object.entries(summary.reports).filter((e): e is [keyof AuditSummary['reports'], string] => Boolean(e[1]));
  if (!keys.length) return summary;
  mkdirSync(dir, { recursive: true });
  for (const [kind, key] of keys) {
    const file = join(dir, key.slice(key.lastIndexOf('/') + 1));
    writeFileSync(file, await blobs.get(key));
    reports[kind] = file;
  }
  return { ...summary, reports };
}
