import { ExponentialBackoff, handleWhen, noJitterGenerator, retry, type GeneratorFn, type IBackoff } from 'cockatiel';
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

/** Full jitter over cockatiel's exponential ceiling min(maxDelay, initialDelay · 2^k), drawn from the caller's random source. */
const fullJitter =
  (random: () => number): GeneratorFn<number> =>
  (state, options) => {
    const [ceiling, next] = noJitterGenerator(state, options);
    return [random() * ceiling, next];
  };

/** Stops the policy when the next backoff would outlast the time left; it never leaves `withRetries`. */
class NoTimeForRetry extends Error {}

const asModelError = (e: unknown): ModelError => (e instanceof ModelError ? e : new ModelUnavailable(`the model call failed (${e instanceof Error ? e.name : 'Error'})`));

/**
 * Runs `attempt` until it succeeds, a non-retryable error occurs, or `maxAttempts` are spent.
 * Between attempts it waits with exponential backoff and full jitter: a random delay in
 * [0, min(maxDelayMs, baseDelayMs · 2^(n−1))) (throttling, unavailable, not ready, timeouts).
 * Non-retryable errors are thrown at once; the last retryable one comes wrapped in RetriesExhausted.
 *
 * cockatiel's retry policy runs the attempts and decides which errors are retried, and its
 * ExponentialBackoff gives the delays. cockatiel would wait on its own timer, so its policy waits
 * nothing and the delay is slept here, on the injected clock, where the deadline is also checked.
 */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<RetryOutcome<T>> {
  const max = Math.max(1, Math.floor(options.maxAttempts));
  const policy = retry(
    handleWhen((e) => e instanceof ModelError && e.retryable),
    { maxAttempts: max - 1 },
  );
  const delays = new ExponentialBackoff({ generator: fullJitter(options.random), initialDelay: options.baseDelayMs, maxDelay: options.maxDelayMs });
  let backoff: IBackoff<unknown> | undefined;
  let last: ModelError | undefined;
  let attempts = 0;
  try {
    const value = await policy.execute(async () => {
      if (attempts > 0) {
        backoff = backoff ? backoff.next(undefined) : delays.next();
        const delay = backoff.duration;
        if (options.remainingMs && options.remainingMs() <= delay) throw new NoTimeForRetry();
        await options.sleep(delay);
      }
      attempts += 1;
      try {
        return await attempt(attempts);
      } catch (e) {
        throw (last = asModelError(e));
      }
    });
    return { value, attempts };
  } catch (e) {
    if (last && (e instanceof NoTimeForRetry || e === last) && last.retryable) throw new RetriesExhausted(last, attempts);
    throw e;
  }
}
