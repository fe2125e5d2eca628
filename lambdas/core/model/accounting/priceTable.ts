import type * as z from 'zod';
import { getModelCatalog, type ModelCatalog, type Price as CatalogPrice } from '../catalog/modelCatalog';
import type { TokenUsage } from '../providers/providerTypes';

/** USD per million input and output tokens. */
export type Price = Pick<z.infer<typeof CatalogPrice>, 'input' | 'output'>;

/**
 * The prices cost estimates use, read from the model table (catalog/models.json): each Bedrock model
 * and inference profile, and the other providers' models. One source, so a model the product can
 * deploy is never "unpriced".
 */
export interface PriceTable {
  currency: 'USD';
  unit: 'per million tokens';
  /** Every priced id: Bedrock models, their inference profiles, and other providers' models. */
  models: Record<string, Price>;
  /** What a model missing from the table costs (a local model: nothing). Such calls are marked unpriced. */
  unlisted: Price;
}

const plain = (p: Price): Price => ({ input: p.input, output: p.output });

/** The price table of a catalog: a profile without a price of its own costs what its model costs. */
export function priceTableOf(catalog: ModelCatalog): PriceTable {
  const models: Record<string, Price> = {};
  for (const model of catalog.models) {
    models[model.id] = plain(model.price);
    for (const profile of model.profiles) models[profile.id] = plain(profile.price ?? model.price);
  }
  for (const [id, price] of Object.entries(catalog.otherProviders.prices)) models[id] = plain(price);
  return { currency: catalog.currency, unit: catalog.unit, models, unlisted: plain(catalog.unlisted) };
}

let table: PriceTable | undefined;
export function getPriceTable(): PriceTable {
  table ??= priceTableOf(getModelCatalog());
  return table;
}

export interface CallCost {
  costUsd: number;
  /** False when the model is not in the table (its cost is the table's `unlisted` price, usually 0). */
  priced: boolean;
}

/** Prefixes of cross-region inference profile ids, including ones the catalog does not list yet (pricing only). */
const PROFILE_PREFIX = /^(us|eu|apac|ca|us-gov|global|jp|au)\./;

/**
 * A model's price: its own entry; else, for a cross-region profile id the table lacks, its model's
 * (`ca.anthropic.…` costs what `anthropic.…` costs); else the `unlisted` price.
 */
export function priceOf(modelId: string, prices: PriceTable = getPriceTable()): { price: Price; priced: boolean } {
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
