import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** What every audit id looks like: `aud-` and 20 characters of a lower-case base-32 alphabet. */
export const AUDIT_ID_PATTERN = /^aud-[0-9a-hjkmnp-tv-z]{20}$/;

function timePart(now: Date): string {
  let t = now.getTime();
  let time = '';
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return time;
}

/** Time-ordered, URL-safe audit id: `aud-<10 chars of time><10 random chars>` (sortable like a ULID). */
export function newAuditId(now: Date = new Date()): string {
  const rand = [...randomBytes(10)].map((b) => ALPHABET[b % 32]).join('');
  return `aud-${timePart(now)}${rand}`;
}

/**
 * The audit id for something that must start at most one audit (an uploaded audit.json version):
 * the same time-ordered shape as newAuditId, with the random part taken from a hash of `seed`, so
 * every delivery of the same event computes the same id (and the same Step Functions execution name).
 */
export function auditIdFromSeed(seed: string, at: Date): string {
  const digest = createHash('sha256').update(seed).digest();
  const rand = [...digest.subarray(0, 10)].map((b) => ALPHABET[b % 32]).join('');
  return `aud-${timePart(at)}${rand}`;
}
