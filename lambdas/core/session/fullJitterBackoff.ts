/**
 * "Full jitter" exponential backoff: a random delay in [0, min(cap, base * factor^(attempt-1))).
 * A factor of 2 is the classic; a larger one reaches the cap in fewer rounds, which suits many
 * writers racing for one item (fewer wasted attempts while their retries spread out).
 */
export function fullJitterDelayMs(attempt: number, baseMs = 5, capMs = 200, random: () => number = Math.random, factor = 2): number {
  const ceiling = Math.min(capMs, baseMs * factor ** Math.max(0, attempt - 1));
  return random() * ceiling;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
