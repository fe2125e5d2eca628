import { ConsecutiveBreaker } from 'cockatiel';
import { ModelCircuitOpen, type ModelError } from '../modelErrors';

export interface BreakerOptions {
  /** Consecutive failed calls (after their retries) that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit fails fast before one trial call is let through. */
  cooldownMs: number;
  now: () => number;
}

export type BreakerState = 'closed' | 'open' | 'half-open';

/**
 * A circuit breaker per model (per process): after `failureThreshold` consecutive failed calls it
 * opens and every call fails fast with ModelCircuitOpen for `cooldownMs`; then one trial call is let
 * through (half-open): its success closes the circuit, its failure opens it again. Answers that fail
 * validation are not failures here: the model did answer.
 *
 * cockatiel's ConsecutiveBreaker counts the failures and says when to open. cockatiel's
 * CircuitBreakerPolicy is not used: it wraps the call (`execute(fn)`), reads Date.now() and changes
 * state only once the wrapped promise settles, while callers here admit a call and report its outcome
 * separately (the breaker is checked before the retries, the outcome is known after them), synchronously,
 * on the runtime's clock. What remains here is that state: when the circuit opened and whether its trial
 * call is out.
 */
export class CircuitBreaker {
  private readonly failures: ConsecutiveBreaker;
  private openedAt: number | undefined;
  private trialInFlight = false;
  private lastFailure: ModelError | undefined;

  constructor(
    readonly key: string,
    private readonly options: BreakerOptions,
  ) {
    this.failures = new ConsecutiveBreaker(options.failureThreshold);
  }

  get state(): BreakerState {
    if (this.openedAt === undefined) return 'closed';
    return this.options.now() - this.openedAt >= this.options.cooldownMs ? 'half-open' : 'open';
  }

  /** Throws ModelCircuitOpen when calls must fail fast; otherwise lets this call through. */
  admit(): void {
    const state = this.state;
    if (state === 'closed') return;
    if (state === 'half-open' && !this.trialInFlight) {
      this.trialInFlight = true;
      return;
    }
    const remaining = this.openedAt === undefined ? 0 : Math.max(0, this.options.cooldownMs - (this.options.now() - this.openedAt));
    throw new ModelCircuitOpen(this.key, remaining || this.options.cooldownMs, this.lastFailure);
  }

  succeeded(): void {
    this.failures.success();
    this.openedAt = undefined;
    this.trialInFlight = false;
  }

  /** Counts a failed call; `error` is kept as the cause calls failing fast report. */
  failed(error?: ModelError): void {
    this.trialInFlight = false;
    if (error) this.lastFailure = error;
    const reached = this.failures.failure();
    // Open, or open again (a failed trial, or a call admitted before the circuit opened): the cooldown starts now.
    if (this.openedAt !== undefined || reached) this.openedAt = this.options.now();
  }
}
