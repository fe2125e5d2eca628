import { randomInt } from 'node:crypto';

/** Crockford base32: its digits sort in ASCII order, so larger counters sort later. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const WIDTH = 6;
const MAX = 32 ** WIDTH - 1;

function encode(n: number): string {
  let out = '';
  for (let i = 0; i < WIDTH; i++) {
    out = ALPHABET[n % 32] + out;
    n = Math.floor(n / 32);
  }
  return out;
}

/**
 * The 6-character random suffix of event sort keys, monotonic within a process (like a ULID's
 * monotonic mode): a second event with the same timestamp gets the previous suffix plus one, so
 * events appended in one process list in the order they were appended. Suffixes start in the
 * lower half of the range, leaving 2^29 increments of headroom per timestamp.
 */
export class MonotonicEventSuffix {
  private lastAt = '';
  private last = 0;

  next(at: string): string {
    if (at === this.lastAt && this.last < MAX) {
      this.last += 1;
    } else {
      this.lastAt = at;
      this.last = randomInt(0, 2 ** 29);
    }
    return encode(this.last);
  }
}
