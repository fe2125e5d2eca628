import type { BlobListing } from '../storage/blobStore';
import type { ExpectedDocument } from './expectedDocuments';

/**
 * Whether a case's documents have all landed when its audit.json arrives. Uploads are not atomic:
 * `aws s3 sync` and parallel presigned PUTs can write audit.json before (or while) the documents
 * land, and an audit started then would pin a partial set with no error. So the start waits, for a
 * bounded time measured from the audit.json upload:
 * - when audit.json lists its documents, until each is there (at the listed size, if given); past the
 *   bound the start is refused, naming what is missing;
 * - otherwise, until no document has landed for `settleMs` (a quiet period); past the bound it starts
 *   with what is there.
 */
export interface ReadinessPolicy {
  /** The longest a start waits for documents after the audit.json upload. */
  maxWaitMs: number;
  /** Without a list: how long the documents folder must have been quiet. */
  settleMs: number;
}

/** What a start waits for unless told otherwise: the listed documents only (no quiet period). */
export const DEFAULT_READINESS: ReadinessPolicy = { maxWaitMs: 5 * 60_000, settleMs: 0 };
/** In AWS: S3 event delivery and `aws s3 sync` spread a case's uploads over seconds. */
export const AWS_READINESS: ReadinessPolicy = { maxWaitMs: 5 * 60_000, settleMs: 10_000 };
/** `case-audit serve`: uploads go to this machine, and a scan runs every second. */
export const LOCAL_READINESS: ReadinessPolicy = { maxWaitMs: 5 * 60_000, settleMs: 2_000 };

export type Readiness =
  | { state: 'ready' }
  | { state: 'waiting'; retryAfterMs: number; waitingFor: string }
  | { state: 'incomplete'; missing: string[] };

/** How a listed document differs from what landed: absent, or another size (still being written, or the wrong file). */
function shortfall(expected: ExpectedDocument, landed: ReadonlyMap<string, BlobListing>): string | undefined {
  const found = landed.get(expected.name);
  if (!found) return expected.name;
  if (expected.size !== undefined && found.size !== expected.size) return `${expected.name} (${found.size} bytes of ${expected.size})`;
  return undefined;
}

/** `listing`: the objects under the case's documents/ prefix; `prefix`: that prefix; `requestAt`: when audit.json was uploaded. */
export function uploadReadiness(
  listing: readonly BlobListing[],
  prefix: string,
  expected: readonly ExpectedDocument[] | undefined,
  requestAt: Date,
  now: Date,
  policy: ReadinessPolicy = DEFAULT_READINESS,
): Readiness {
  const waited = now.getTime() - requestAt.getTime();
  const remaining = policy.maxWaitMs - waited;
  if (expected) {
    const landed = new Map(listing.map((o) => [o.key.slice(prefix.length), o]));
    const missing = expected.map((d) => shortfall(d, landed)).filter((m): m is string => m !== undefined);
    if (missing.length === 0) return { state: 'ready' };
    if (remaining <= 0) return { state: 'incomplete', missing };
    return { state: 'waiting', retryAfterMs: Math.min(remaining, 15_000), waitingFor: `${missing.length} of ${expected.length} listed documents` };
  }
  const newest = Math.max(requestAt.getTime(), ...listing.map((o) => o.lastModified?.getTime() ?? 0));
  const quiet = now.getTime() - newest;
  if (quiet >= policy.settleMs || remaining <= 0) return { state: 'ready' };
  return { state: 'waiting', retryAfterMs: Math.min(policy.settleMs - quiet, remaining), waitingFor: 'documents still landing' };
}

/** The reason a start is refused when listed documents never arrived. */
export function missingDocumentsReason(missing: readonly string[], policy: ReadinessPolicy = DEFAULT_READINESS): string {
  const shown = missing.slice(0, 10).map((name) => JSON.stringify(name)).join(', ');
  const more = missing.length > 10 ? ` and ${missing.length - 10} more` : '';
  return `documents missing: ${shown}${more} (audit.json lists them; waited ${Math.round(policy.maxWaitMs / 60_000)} minutes after it was uploaded). Upload them, then upload audit.json again`;
}
