import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { createModelRuntime, type ModelRuntime, type ModelRuntimeOptions } from '../../../lambdas/core/model/modelRuntime';
import { ModelSession, type ModelCallRecord } from '../../../lambdas/core/model/modelSession';
import { readModelSettings } from '../../../lambdas/core/model/modelSettings';
import { definePrompt } from '../../../lambdas/core/model/prompts/promptDefinition';
import { BedrockProvider } from '../../../lambdas/core/model/providers/bedrockProvider';
import { ModelBudget, type ModelBudgetLimits } from '../../../lambdas/core/model/resilience/modelBudget';

/** A small schema like the agents' (a bounded number, a reason, a list of notes). */
export const ReviewSchema = z.strictObject({
  points: z.number().int().min(-10).max(10),
  reason: z.string().min(5),
  notes: z.array(z.strictObject({ kind: z.enum(['strength', 'weakness']), note: z.string().min(1) })).max(3),
});

export const TEST_PROMPT = definePrompt({
  id: 'strategist.test-review',
  version: 3,
  tool: { name: 'record_review', description: 'Records a review.' },
  system: 'Review the file.',
  maxOutputTokens: 300,
});

export const VALID_REVIEW = { points: 3, reason: 'The letters corroborate each other.', notes: [{ kind: 'strength', note: 'Consistent dates.' }] };

export const AMPLE_BUDGET: ModelBudgetLimits = { calls: 50, inputTokens: 1_000_000, outputTokens: 100_000 };

/** A fake clock and sleep: sleeping advances the clock, so no test waits for real time. */
export function fakeTime(start = 1_000_000) {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

export interface Kit {
  client: BedrockRuntimeClient;
  runtime: ModelRuntime;
  time: ReturnType<typeof fakeTime>;
  records: ModelCallRecord[];
  session(opts?: { budget?: ModelBudgetLimits; spent?: { modelCalls: number; inputTokens: number; outputTokens: number }; agent?: string }): ModelSession;
}

/** A Bedrock runtime client (to be mocked with aws-sdk-client-mock), the model runtime around it, and sessions on it. */
export function bedrockKit(env: Record<string, string> = {}, options: Omit<ModelRuntimeOptions, 'bedrock'> = {}): Kit {
  const client = new BedrockRuntimeClient({ region: 'ca-central-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' }, maxAttempts: 1 });
  const time = fakeTime();
  const settings = readModelSettings({ AWS_REGION: 'ca-central-1', CASE_AUDIT_MODEL_MAX_ATTEMPTS: '3', CASE_AUDIT_MODEL_BREAKER_THRESHOLD: '2', CASE_AUDIT_MODEL_BREAKER_COOLDOWN_MS: '30000', ...env });
  const runtime = createModelRuntime(settings, { bedrock: new BedrockProvider(client, settings.bedrock.guardrail), sleep: time.sleep, now: time.now, random: () => 0.5, ...options });
  const records: ModelCallRecord[] = [];
  return {
    client,
    runtime,
    time,
    records,
    session: (opts = {}) =>
      new ModelSession({
        choice: 'bedrock',
        agent: opts.agent ?? 'strategist',
        stage: opts.agent ?? 'strategist',
        budget: new ModelBudget(opts.budget ?? AMPLE_BUDGET, opts.spent ?? { modelCalls: 0, inputTokens: 0, outputTokens: 0 }),
        runtime: () => runtime,
        onCall: (r) => {
          records.push(r);
        },
      }),
  };
}

/** A Converse answer whose content is one tool call. */
export function toolAnswer(input: unknown, usage = { inputTokens: 1000, outputTokens: 100 }, stopReason: 'tool_use' | 'max_tokens' = 'tool_use') {
  return {
    output: { message: { role: 'assistant' as const, content: [{ toolUse: { toolUseId: 'tu-1', name: 'record_review', input: input as never } }] } },
    stopReason,
    usage: { ...usage, totalTokens: usage.inputTokens + usage.outputTokens },
    metrics: { latencyMs: 10 },
  };
}

/** A Converse answer with text only (a model that ignored the tool). */
export function textAnswer(text: string, usage = { inputTokens: 1000, outputTokens: 100 }) {
  return {
    output: { message: { role: 'assistant' as const, content: [{ text }] } },
    stopReason: 'end_turn' as const,
    usage: { ...usage, totalTokens: usage.inputTokens + usage.outputTokens },
    metrics: { latencyMs: 10 },
  };
}

export const ask = (session: ModelSession) => session.structured({ prompt: TEST_PROMPT, input: 'Review this file.', schema: ReviewSchema });
