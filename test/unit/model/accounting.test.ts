import { costOf, getPriceTable, priceOf } from '../../../lambdas/core/model/accounting/priceTable';
import { ModelCatalog } from '../../../lambdas/core/model/catalog/modelCatalog';
import { DEFAULT_BEDROCK_MODEL_ID } from '../../../lambdas/core/model/modelSettings';
import { sumUsage } from '../../../lambdas/core/model/accounting/usageTotals';
import { modelUsageOf } from '../../../lambdas/core/model/accounting/modelUsageReport';
import rawCatalog from '../../../lambdas/core/model/catalog/models.json';

describe('token and cost accounting', () => {
  it('reads the prices from the model table, with the default model and every profile of a current model priced', () => {
    expect(ModelCatalog.safeParse(rawCatalog).success).toBe(true);
    expect(priceOf(DEFAULT_BEDROCK_MODEL_ID).priced).toBe(true);
    expect(getPriceTable().models['anthropic.claude-3-haiku-20240307-v1:0']).toEqual({ input: 0.25, output: 1.25 });
    for (const id of ['us.anthropic.claude-haiku-4-5-20251001-v1:0', 'global.anthropic.claude-haiku-4-5-20251001-v1:0', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'global.anthropic.claude-opus-4-7']) {
      expect(priceOf(id).priced).toBe(true);
    }
  });

  it('prices a profile as its model unless the table gives the profile its own price (a global profile costs less)', () => {
    expect(priceOf('us.anthropic.claude-haiku-4-5-20251001-v1:0').price).toEqual(priceOf('anthropic.claude-haiku-4-5-20251001-v1:0').price);
    expect(priceOf('global.anthropic.claude-haiku-4-5-20251001-v1:0').price.input).toBeLessThan(priceOf('us.anthropic.claude-haiku-4-5-20251001-v1:0').price.input);
  });

  it('estimates a call from its tokens (USD per million), pricing a cross-region profile as its model', () => {
    expect(costOf('anthropic.claude-3-haiku-20240307-v1:0', { inputTokens: 10_000, outputTokens: 1_000 })).toEqual({ costUsd: 0.00375, priced: true });
    expect(costOf('ca.anthropic.claude-3-haiku-20240307-v1:0', { inputTokens: 10_000, outputTokens: 1_000 })).toEqual({ costUsd: 0.00375, priced: true });
    expect(priceOf('gpt-4o-mini')).toEqual({ price: { input: 0.15, output: 0.6 }, priced: true });
  });

  it('marks a model the table lacks as unpriced (a local model costs nothing by default)', () => {
    expect(costOf('llama3.1:8b', { inputTokens: 10_000, outputTokens: 1_000 })).toEqual({ costUsd: 0, priced: false });
  });

  it('adds usages, reading a stored usage without a cost as 0', () => {
    expect(sumUsage({ modelCalls: 1, inputTokens: 10, outputTokens: 2 }, { modelCalls: 2, inputTokens: 5, outputTokens: 1, estimatedCostUsd: 0.0000015 }, undefined)).toEqual({
      modelCalls: 3,
      inputTokens: 15,
      outputTokens: 3,
      estimatedCostUsd: 0.000002,
    });
  });

  it('reports usage for bundle.json: totals with the running stage, per stage, per call, the budget and the prices used', () => {
    const call = { agent: 'judge', stage: 'judge', prompt: 'judge.write-rationale@1', provider: 'bedrock', modelId: 'anthropic.claude-3-haiku-20240307-v1:0', outcome: 'ok', answers: 1, attempts: 1, inputTokens: 800, outputTokens: 90, costUsd: 0.000313, priced: true, latencyMs: 400, repairs: [] };
    const report = modelUsageOf(
      { usage: { modelCalls: 1, inputTokens: 800, outputTokens: 90, estimatedCostUsd: 0.000313 }, usageByStage: { judge: { modelCalls: 1, inputTokens: 800, outputTokens: 90, estimatedCostUsd: 0.000313 } } },
      [{ at: '2026-01-01T00:00:00Z', type: 'model-call', stage: 'judge', detail: call }, { at: '2026-01-01T00:00:00Z', type: 'stage-completed', stage: 'judge', detail: {} }],
      { stage: 'reporter', usage: { modelCalls: 1, inputTokens: 1000, outputTokens: 100, estimatedCostUsd: 0.000375 } },
      { calls: 12, inputTokens: 90_000, outputTokens: 12_000 },
    );
    expect(report.total).toEqual({ modelCalls: 2, inputTokens: 1800, outputTokens: 190, estimatedCostUsd: 0.000688 });
    expect(Object.keys(report.byStage)).toEqual(['judge', 'reporter']);
    expect(report.calls).toEqual([call]);
    expect(report.budget).toEqual({ limits: { calls: 12, inputTokens: 90_000, outputTokens: 12_000 }, used: { calls: 2, inputTokens: 1800, outputTokens: 190 } });
    expect(report.prices).toMatchObject({ currency: 'USD', unit: 'per million tokens', models: { 'anthropic.claude-3-haiku-20240307-v1:0': { input: 0.25, output: 1.25 } } });
  });
});
