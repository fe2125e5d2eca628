import * as z from 'zod';
import rawPrices from './modelPrices.json';
import type { TokenUsage } from '../providers/providerTypes';

const Price = z.strictObject({ input: z.number().nonnegative(), output: z.number().nonnegative() });

/** The price table (modelPrices.json): USD per million input and output tokens, per model id. */
export const PriceTable = z.strictObject({
  currency: z.literal('USD'),
  unit: z.literal('per million tokens'),
  note: z.string(),
  models: z.record(z.string().min(1), Price),
  /** What a model missing from the table costs (a local model: nothing). Such calls are marked unpriced. */
  unlisted: Price,
});
export type PriceTable = z.infer<typeof PriceTable>;

let table: PriceTable | undefined;
export function getPriceTable(): PriceTable {
  table ??= PriceTable.parse(rawPrices);
  return table;
}

/** Cross-region inference profiles are priced as the model they route to. */
const PROFILE_PREFIX = /^(us|eu|apac|ca|us-gov|global|jp|au)\./;

export interface CallCost {
  costUsd: number;
  /** False when the model is not in the table (its cost is the table's `unlisted` price, usually 0). */
  priced: boolean;
}

/** A model's price (a cross-region profile id is priced as its model); the `unlisted` price when the table lacks it. */
export function priceOf(modelId: string, prices: PriceTable = getPriceTable()): { price: z.infer<typeof Price>; priced: boolean } {
  const listed = prices.models[modelId] ?? prices.models[modelId.replace(PROFILE_PREFIX, '')];
  return { price: listed ?? prices.unlisted, priced: listed !== undefined };
}

/** Estimated cost of one call, rounded to a millionth of a dollar. */
export function costOf(modelId: string, usage: TokenUsage, prices: PriceTable = getPriceTable()): CallCost {
  const { price, priced } = priceOf(modelId, prices);
  const cost = (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
  return { costUsd: roundUsd(cost), priced };
}

export const roundUsd = (usd: number): number => Math.round(usd * 1_000_000) / 1_000_000;
