import { ModelCircuitOpen } from '../modelErrors';

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
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | undefined;
  private trialInFlight = false;

  constructor(
    readonly key: string,
    private readonly options: BreakerOptions,
  ) {}

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
    throw new ModelCircuitOpen(this.key, remaining || this.options.cooldownMs);
  }

  succeeded(): void {
    this.failures = 0;
    this.openedAt = undefined;
    this.trialInFlight = false;
  }

  failed(): void {
    this.trialInFlight = false;
    this.failures += 1;
    if (this.openedAt !== undefined || this.failures >= this.options.failureThreshold) this.openedAt = this.options.now();
  }
}
