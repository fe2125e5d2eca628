import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Time-ordered, URL-safe audit id: `aud-<10 chars of time><10 random chars>` (sortable like a ULID). */
export function newAuditId(now: Date = new Date()): string {
  let t = now.getTime();
  let time = '';
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const rand = [...randomBytes(10)].map((b) => ALPHABET[b % 32]).join('');
  return `aud-${time}${rand}`;
}
