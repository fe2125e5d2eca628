import { roundUsd } from './priceTable';

/** Model calls, tokens and estimated cost, as the session, bundle.json and `--json` report them. */
export interface UsageTotals {
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  estimatedCostUsd: number;
}

export const ZERO_USAGE: Readonly<UsageTotals> = Object.freeze({ modelCalls: 0, inputTokens: 0, outputTokens: 0, estimatedCostUsd: 0 });

/** The sum of usages (a missing cost counts as 0: sessions stored before costs were recorded). */
export function sumUsage(...items: ReadonlyArray<Partial<UsageTotals> | undefined>): UsageTotals {
  const total = { ...ZERO_USAGE };
  for (const u of items) {
    if (!u) continue;
    total.modelCalls += u.modelCalls ?? 0;
    total.inputTokens += u.inputTokens ?? 0;
    total.outputTokens += u.outputTokens ?? 0;
    total.estimatedCostUsd = roundUsd(total.estimatedCostUsd + (u.estimatedCostUsd ?? 0));
  }
  return total;
}
