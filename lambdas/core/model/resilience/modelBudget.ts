import type { ModelBudget as ModelBudgetLimits } from '../../../../workflows/schema';
import { ModelBudgetExhausted } from '../modelErrors';
import type { TokenUsage } from '../providers/providerTypes';

export type { ModelBudgetLimits };

export interface ModelSpend {
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
}

/** A call is not worth making with fewer output tokens than this left. */
export const MIN_OUTPUT_TOKENS = 64;

/**
 * The audit's model budget as one stage sees it: what earlier stages spent (the session's usage when
 * the stage started) plus this stage's own calls. A call that would go over is refused before it
 * is made (ModelBudgetExhausted); the agent then keeps its rules-only result.
 */
export class ModelBudget {
  private spent: ModelSpend;

  constructor(
    readonly limits: ModelBudgetLimits,
    spentBefore: ModelSpend,
  ) {
    this.spent = { ...spentBefore };
  }

  get used(): Readonly<ModelSpend> {
    return this.spent;
  }

  /**
   * Checks that a call with about `estimatedInputTokens` of input fits, and returns how many output
   * tokens it may use (at most `wantedOutputTokens`).
   */
  reserve(estimatedInputTokens: number, wantedOutputTokens: number): number {
    const { limits, spent } = this;
    if (spent.modelCalls + 1 > limits.calls) throw new ModelBudgetExhausted('calls', spent.modelCalls, limits.calls);
    if (spent.inputTokens + estimatedInputTokens > limits.inputTokens) throw new ModelBudgetExhausted('inputTokens', spent.inputTokens, limits.inputTokens);
    const outputLeft = limits.outputTokens - spent.outputTokens;
    if (outputLeft < Math.min(MIN_OUTPUT_TOKENS, wantedOutputTokens)) throw new ModelBudgetExhausted('outputTokens', spent.outputTokens, limits.outputTokens);
    return Math.max(1, Math.min(wantedOutputTokens, outputLeft));
  }

  record(usage: TokenUsage): void {
    this.spent = {
      modelCalls: this.spent.modelCalls + 1,
      inputTokens: this.spent.inputTokens + usage.inputTokens,
      outputTokens: this.spent.outputTokens + usage.outputTokens,
    };
  }
}

/** A rough token count for budgeting before a call (about 3.5 characters per token for English prose and JSON). */
export function estimateTokens(...texts: readonly string[]): number {
  let chars = 0;
  for (const t of texts) chars += t.length;
  return Math.ceil(chars / 3.5);
}
