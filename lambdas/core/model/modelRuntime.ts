import { sleep as realSleep } from '../session/fullJitterBackoff';
import { isOpenAiChoice, openAiParts, type ModelChoice } from './modelChoice';
import { ModelSettingsInvalid } from './modelErrors';
import type { ModelSettings } from './modelSettings';
import type { ModelProvider } from './providers/providerTypes';
import { CircuitBreaker } from './resilience/circuitBreaker';
import { ConcurrencyLimit } from './resilience/concurrencyLimit';
import type { ModelSlots } from './resilience/accountModelSlots';

/** Which provider and model answer one agent, and the circuit breaker they share. */
export interface ModelTarget {
  provider: ModelProvider;
  modelId: string;
  /** `bedrock:<modelId>` or `openai:<host>#<model>`: the breaker's key and what logs name. */
  key: string;
}

/**
 * The model layer's per-process state (DESIGN §9: clients created once and passed in): the
 * providers and their clients, one circuit breaker per model, and the concurrency limit.
 */
export interface ModelRuntime {
  readonly settings: ModelSettings;
  readonly limiter: ConcurrencyLimit;
  /** The account-wide governor of Bedrock calls, when the deployment sets one. */
  readonly slots?: ModelSlots;
  target(choice: Exclude<ModelChoice, 'none'>, agent: string): ModelTarget;
  breaker(key: string): CircuitBreaker;
  sleep(ms: number): Promise<void>;
  random(): number;
  now(): number;
  dispose(): void;
}

export interface ModelRuntimeOptions {
  /** Providers to use instead of the real ones (tests, benches). */
  bedrock?: ModelProvider;
  openai?: (baseUrl: string) => ModelProvider;
  /** The account-wide governor to use instead of one over the sessions table (tests). */
  slots?: ModelSlots;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

/* Providers are loaded when an audit first uses one: a rules-only run never loads the Bedrock client. */
type BedrockModule = typeof import('./providers/bedrockProvider');

export function createModelRuntime(settings: ModelSettings, options: ModelRuntimeOptions = {}): ModelRuntime {
  const limiter = new ConcurrencyLimit(settings.concurrency);
  const breakers = new Map<string, CircuitBreaker>();
  const openAi = new Map<string, ModelProvider>();
  const now = options.now ?? Date.now;
  let bedrock = options.bedrock;
  let bedrockClient: ReturnType<BedrockModule['createBedrockClient']> | undefined;

  const bedrockProvider = (): ModelProvider => {
    if (bedrock) return bedrock;
    if (!settings.bedrock.region) throw new ModelSettingsInvalid('Invalid model settings: no region for Amazon Bedrock; set CASE_AUDIT_BEDROCK_REGION or AWS_REGION');
    const { BedrockProvider, createBedrockClient } = require('./providers/bedrockProvider') as BedrockModule;
    bedrockClient = createBedrockClient(settings.bedrock);
    bedrock = new BedrockProvider(bedrockClient, settings.bedrock.guardrail);
    return bedrock;
  };

  return {
    settings,
    limiter,
    ...(options.slots ? { slots: options.slots } : settings.accountSlots ? { slots: accountSlotsOf(settings, now) } : {}),
    target(choice, agent) {
      if (isOpenAiChoice(choice)) {
        const { baseUrl, model } = openAiParts(choice);
        let provider = openAi.get(baseUrl);
        if (!provider) {
          const { OpenAiProvider } = require('./providers/openaiProvider') as typeof import('./providers/openaiProvider');
          provider = options.openai ? options.openai(baseUrl) : new OpenAiProvider(baseUrl, settings.openAiApiKey);
          openAi.set(baseUrl, provider);
        }
        return { provider, modelId: model, key: `openai:${new URL(baseUrl).host}#${model}` };
      }
      const modelId = settings.bedrock.modelIds[agent as keyof ModelSettings['bedrock']['modelIds']] ?? settings.bedrock.defaultModelId;
      return { provider: bedrockProvider(), modelId, key: `bedrock:${modelId}` };
    },
    breaker(key) {
      let breaker = breakers.get(key);
      if (!breaker) {
        breaker = new CircuitBreaker(key, { ...settings.breaker, now });
        breakers.set(key, breaker);
      }
      return breaker;
    },
    sleep: options.sleep ?? realSleep,
    random: options.random ?? Math.random,
    now,
    dispose() {
      bedrockClient?.destroy();
    },
  };
}

/** The governor over the sessions table, with the function's own DynamoDB client (loaded only where it is configured). */
function accountSlotsOf(settings: ModelSettings, now: () => number): ModelSlots {
  const { DynamoDBClient } = require('@aws-sdk/client-dynamodb') as typeof import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient } = require('@aws-sdk/lib-dynamodb') as typeof import('@aws-sdk/lib-dynamodb');
  const { AccountModelSlots } = require('./resilience/accountModelSlots') as typeof import('./resilience/accountModelSlots');
  const slots = settings.accountSlots!;
  return new AccountModelSlots({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: slots.tableName, limit: slots.limit, leaseMs: settings.timeoutMs + 30_000, now });
}

let shared: { key: string; runtime: ModelRuntime } | undefined;

/**
 * The process's model runtime for these settings: created on first use (never for a rules-only
 * audit) and again only when the settings change, so audits with the same settings share one
 * concurrency limit and one circuit breaker per model.
 */
export function sharedModelRuntime(settings: ModelSettings): ModelRuntime {
  const key = JSON.stringify(settings);
  if (shared?.key === key) return shared.runtime;
  shared?.runtime.dispose();
  shared = { key, runtime: createModelRuntime(settings) };
  return shared.runtime;
}

/** Releases the shared runtime's clients (end of a test file, local runtime shutdown). */
export function disposeModelRuntime(): void {
  shared?.runtime.dispose();
  shared = undefined;
}
