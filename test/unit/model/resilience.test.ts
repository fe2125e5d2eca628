import { CircuitBreaker } from '../../../lambdas/core/model/resilience/circuitBreaker';
import { ConcurrencyLimit } from '../../../lambdas/core/model/resilience/concurrencyLimit';
import { ModelBudget, estimateTokens } from '../../../lambdas/core/model/resilience/modelBudget';
import { withRetries } from '../../../lambdas/core/model/resilience/retryPolicy';
import { ModelCircuitOpen, ModelRequestRejected, ModelThrottled } from '../../../lambdas/core/model/modelErrors';

describe('circuit breaker', () => {
  it('opens after the threshold, fails fast during the cooldown, lets one trial through, and reopens if it fails', () => {
    let now = 0;
    const breaker = new CircuitBreaker('bedrock:m', { failureThreshold: 3, cooldownMs: 1000, now: () => now });
    breaker.failed();
    breaker.failed();
    expect(breaker.state).toBe('closed');
    breaker.failed();
    expect(breaker.state).toBe('open');
    expect(() => breaker.admit()).toThrow(ModelCircuitOpen);
    now = 1000;
    expect(breaker.state).toBe('half-open');
    breaker.admit(); // the trial
    expect(() => breaker.admit()).toThrow(ModelCircuitOpen); // only one trial at a time
    breaker.failed();
    expect(breaker.state).toBe('open');
    now = 2000;
    breaker.admit();
    breaker.succeeded();
    expect(breaker.state).toBe('closed');
  });

  it('counts consecutive failures only: a success resets the count', () => {
    const breaker = new CircuitBreaker('k', { failureThreshold: 2, cooldownMs: 1000, now: () => 0 });
    breaker.failed();
    breaker.succeeded();
    breaker.failed();
    expect(breaker.state).toBe('closed');
  });
});

describe('concurrency limit', () => {
  it('queues callers beyond the limit and serves them in order', async () => {
    const limit = new ConcurrencyLimit(1);
    const order: number[] = [];
    const gate: Array<() => void> = [];
    const task = (n: number) => limit.run(async () => {
      order.push(n);
      await new Promise<void>((r) => gate.push(r));
    });
    const all = [task(1), task(2), task(3)];
    await Promise.resolve();
    expect(limit.inFlight).toBe(1);
    expect(limit.queued).toBe(2);
    while (gate.length || order.length < 3) {
      gate.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    gate.shift()?.();
    await Promise.all(all);
    expect(order).toEqual([1, 2, 3]);
    expect(limit.inFlight).toBe(0);
  });

  it('refuses a limit below 1', () => {
    expect(() => new ConcurrencyLimit(0)).toThrow(RangeError);
  });
});

describe('retries with full jitter', () => {
  it('waits a random delay below min(cap, base · 2^(n−1)) between attempts', async () => {
    const waits: number[] = [];
    let n = 0;
    const out = await withRetries(
      async () => {
        n += 1;
        if (n < 4) throw new ModelThrottled('slow down');
        return 'ok';
      },
      { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 250, sleep: async (ms) => void waits.push(ms), random: () => 0.999 },
    );
    expect(out).toEqual({ value: 'ok', attempts: 4 });
    expect(waits.map(Math.floor)).toEqual([99, 199, 249]);
  });

  it('never retries an error that another attempt cannot fix', async () => {
    let n = 0;
    await expect(withRetries(async () => {
      n += 1;
      throw new ModelRequestRejected('no');
    }, { maxAttempts: 5, baseDelayMs: 1, maxDelayMs: 1, sleep: async () => undefined, random: Math.random })).rejects.toBeInstanceOf(ModelRequestRejected);
    expect(n).toBe(1);
  });
});

describe('per-audit model budget', () => {
  it('starts from what earlier stages spent and records every answer', () => {
    const budget = new ModelBudget({ calls: 3, inputTokens: 10_000, outputTokens: 1000 }, { modelCalls: 2, inputTokens: 4000, outputTokens: 300 });
    expect(budget.reserve(1000, 500)).toBe(500);
    budget.record({ inputTokens: 1200, outputTokens: 450 });
    expect(budget.used).toEqual({ modelCalls: 3, inputTokens: 5200, outputTokens: 750 });
    expect(() => budget.reserve(10, 10)).toThrow(/calls 3 of 3/);
  });

  it('estimates tokens from characters', () => {
    expect(estimateTokens('a'.repeat(35), 'b'.repeat(35))).toBe(20);
  });
});
