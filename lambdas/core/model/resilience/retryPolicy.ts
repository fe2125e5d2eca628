import { fullJitterDelayMs } from '../../session/fullJitterBackoff';
import { ModelError, ModelUnavailable } from '../modelErrors';

export interface RetryOptions {
  /** Attempts in all, the first included (1 = no retry). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  /** Milliseconds left for this request in all; no retry starts when its backoff would outlast them. */
  remainingMs?: () => number;
}

export interface RetryOutcome<T> {
  value: T;
  attempts: number;
}

/** Thrown by `withRetries` once the attempts are spent: the last error, and how many attempts were made. */
export class RetriesExhausted extends Error {
  override readonly name = 'RetriesExhausted';
  constructor(
    readonly last: ModelError,
    readonly attempts: number,
  ) {
    super(last.message);
  }
}

/**
 * Runs `attempt` until it succeeds, a non-retryable error occurs, or `maxAttempts` are spent.
 * Between attempts it waits with exponential backoff and full jitter: a random delay in
 * [0, min(maxDelayMs, baseDelayMs · 2^(n−1))) (throttling, unavailable, not ready, timeouts).
 * Non-retryable errors are thrown at once; the last retryable one comes wrapped in RetriesExhausted.
 */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<RetryOutcome<T>> {
  const max = Math.max(1, Math.floor(options.maxAttempts));
  for (let n = 1; ; n++) {
    try {
      return { value: await attempt(n), attempts: n };
    } catch (e) {
      const error = e instanceof ModelError ? e : new ModelUnavailable(`the model call failed (${e instanceof Error ? e.name : 'Error'})`);
      if (!error.retryable) throw error;
      if (n >= max) throw new RetriesExhausted(error, n);
      const delay = fullJitterDelayMs(n, options.baseDelayMs, options.maxDelayMs, options.random);
      if (options.remainingMs && options.remainingMs() <= delay) throw new RetriesExhausted(error, n);
      await options.sleep(delay);
    }
  }
}
