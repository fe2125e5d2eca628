import type { ModelBudget } from '../../../../workflows/schema';
import type { Session, SessionEvent } from '../../session/sessionSchema';
import type { ModelCallRecord } from '../modelSession';
import { getPriceTable, priceOf } from './priceTable';
import { CATALOG_FILE } from '../catalog/modelCatalog';
import { sumUsage, type UsageTotals } from './usageTotals';

/** The transparency-log event of one structured model request (see ModelSession). */
export const MODEL_CALL_EVENT = 'model-call';

/** Model usage as bundle.json reports it: totals, per stage, per call, against the tier's budget, with the prices used. */
export interface ModelUsageReport {
  total: UsageTotals;
  byStage: Record<string, UsageTotals>;
  calls: ModelCallRecord[];
  budget: { limits: ModelBudget; used: { calls: number; inputTokens: number; outputTokens: number } };
  prices: { currency: 'USD'; unit: string; source: string; models: Record<string, { input: number; output: number }> };
}

/**
 * The audit's model usage from the session (what completed stages recorded) plus a stage still
 * running (the reporter writes the bundle before its own usage reaches the session), and every call
 * from the transparency log.
 */
export function modelUsageOf(
  session: Pick<Session, 'usage' | 'usageByStage'>,
  events: readonly SessionEvent[],
  running: { stage: string; usage?: UsageTotals },
  budget: ModelBudget,
): ModelUsageReport {
  const total = sumUsage(session.usage, running.usage);
  const byStage: Record<string, UsageTotals> = {};
  for (const [stage, usage] of Object.entries(session.usageByStage ?? {})) byStage[stage] = sumUsage(usage);
  if (running.usage?.modelCalls) byStage[running.stage] = sumUsage(byStage[running.stage], running.usage);
  const calls = events.filter((e) => e.type === MODEL_CALL_EVENT).map((e) => e.detail as unknown as ModelCallRecord);
  const table = getPriceTable();
  const models: Record<string, { input: number; output: number }> = {};
  for (const call of calls) models[call.modelId] = priceOf(call.modelId, table).price;
  return {
    total,
    byStage,
    calls,
    budget: { limits: budget, used: { calls: total.modelCalls, inputTokens: total.inputTokens, outputTokens: total.outputTokens } },
    prices: { currency: table.currency, unit: table.unit, source: CATALOG_FILE, models },
  };
}
