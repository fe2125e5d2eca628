/** "Full jitter" exponential backoff: a random delay in [0, min(cap, base * 2^(attempt-1))). */
export function fullJitterDelayMs(attempt: number, baseMs = 5, capMs = 200, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return random() * ceiling;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
