import type * as z from 'zod';
import { costOf, roundUsd } from './accounting/priceTable';
import { sumUsage, ZERO_USAGE, type UsageTotals } from './accounting/usageTotals';
import type { AgentModel, StructuredAnswer, StructuredRequest } from './agentModel';
import type { ModelChoice } from './modelChoice';
import { ModelDisabled, ModelError, ModelOutputInvalid, ModelRequestRejected, ModelTimeout, ModelUnavailable } from './modelErrors';
import { stageFallback, type ModelFallback } from './modelFallback';
import { countMetric, METRIC } from '../observability/metrics';
import type { ModelRuntime, ModelTarget } from './modelRuntime';
import { readStructured, toolSpecFor } from './output/structuredOutput';
import { promptRef } from './prompts/promptDefinition';
import { systemPromptOf } from './prompts/sharedRules';
import type { ChatTurn, ProviderResponse, ToolSpec } from './providers/providerTypes';
import { estimateTokens, type ModelBudget } from './resilience/modelBudget';
import { RetriesExhausted, withRetries } from './resilience/retryPolicy';

/**
 * One structured request as the transparency log records it (event `model-call`): which prompt and
 * model, how it went, tokens and estimated cost. Never any prompt text, document text or answer.
 */
export interface ModelCallRecord {
  agent: string;
  stage: string;
  prompt: string;
  provider: 'bedrock' | 'openai';
  modelId: string;
  /** `ok`; `repaired` (accepted after repair or coercion); `re-asked` (accepted after the re-ask); `invalid`; `failed`. */
  outcome: 'ok' | 'repaired' | 're-asked' | 'invalid' | 'failed';
  /** Answers received (billed): 0, 1 or 2. */
  answers: number;
  /** Requests sent, retries included. */
  attempts: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** False when the model is missing from the price table (its cost is then the table's `unlisted` price). */
  priced: boolean;
  latencyMs: number;
  repairs: string[];
  error?: string;
}

export interface ModelSessionOptions {
  choice: ModelChoice;
  agent: string;
  stage: string;
  budget: ModelBudget;
  /** The process's runtime, asked for only when a request is made (a rules-only stage never reads model settings). */
  runtime: () => ModelRuntime;
  /** Called once per structured request, when it ends (writes the `model-call` event). */
  onCall?: (record: ModelCallRecord) => void | Promise<void>;
}

const CORRECTION = (problems: readonly string[], tool: string) =>
  `Your answer could not be used: ${problems.join('; ')}. Call the tool "${tool}" again with a complete input that follows its schema exactly. Change nothing else.`;

/** The turn that repeats the model's previous answer in a re-ask. */
function assistantTurn(response: ProviderResponse): ChatTurn {
  return { role: 'assistant', ...(response.text ? { text: response.text } : {}), ...(response.toolCall ? { toolCall: response.toolCall } : {}) };
}

function turnsText(system: string, tool: ToolSpec, turns: readonly ChatTurn[]): string[] {
  const texts = [system, JSON.stringify(tool.inputSchema)];
  for (const t of turns) {
    if (t.role === 'assistant') texts.push(t.text ?? '', t.toolCall?.raw ?? JSON.stringify(t.toolCall?.input ?? ''));
    else texts.push(t.text);
  }
  return texts;
}

/**
 * The model layer as one stage of one audit uses it: structured requests through the stage's model
 * (per agent), with the audit's budget, the process's concurrency limit and circuit breaker, retries
 * with full jitter, repair, one re-ask, and token and cost accounting for the session.
 */
export class ModelSession implements AgentModel {
  readonly enabled: boolean;
  private totals: UsageTotals = { ...ZERO_USAGE };
  private readonly calls: ModelCallRecord[] = [];
  private readonly fellBack: ModelError[] = [];

  constructor(private readonly options: ModelSessionOptions) {
    this.enabled = options.choice !== 'none';
  }

  get choice(): ModelChoice {
    return this.options.choice;
  }

  /** Model calls, tokens and estimated cost of this stage so far. */
  usage(): UsageTotals {
    return { ...this.totals };
  }

  records(): readonly ModelCallRecord[] {
    return this.calls;
  }

  noteFallback(_step: string, error: ModelError): void {
    this.fellBack.push(error);
  }

  /** What this stage's fallbacks to rules come to (undefined when none was a model failure): the session keeps it. */
  fallback(): ModelFallback | undefined {
    return stageFallback(this.fellBack);
  }

  async structured<S extends z.ZodType>(request: StructuredRequest<S>): Promise<StructuredAnswer<z.output<S>>> {
    const { choice } = this.options;
    if (choice === 'none') throw new ModelDisabled();
    const runtime = this.options.runtime();
    const target = runtime.target(choice, this.options.agent);
    const started = runtime.now();
    const record: ModelCallRecord = {
      agent: this.options.agent,
      stage: this.options.stage,
      prompt: promptRef(request.prompt),
      provider: target.provider.kind,
      modelId: target.modelId,
      outcome: 'failed',
      answers: 0,
      attempts: 0,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      priced: true,
      latencyMs: 0,
      repairs: [],
    };
    const system = systemPromptOf(request.prompt);
    const tool = toolSpecFor(request.prompt.tool.name, request.prompt.tool.description, request.schema);
    const turns: ChatTurn[] = [{ role: 'user', text: request.input }];
    const deadline = started + runtime.settings.deadlineMs;
    try {
      const first = await this.send(runtime, target, request, system, tool, turns, record, deadline);
      let read = readStructured(first, tool.name, request.schema);
      if (!read.ok) {
        turns.push(assistantTurn(first), { role: 'correction', ...(first.toolCall ? { toolCallId: first.toolCall.id } : {}), text: CORRECTION(read.problems, tool.name) });
        const second = await this.send(runtime, target, request, system, tool, turns, record, deadline);
        read = readStructured(second, tool.name, request.schema);
        if (!read.ok) {
          record.outcome = 'invalid';
          throw new ModelOutputInvalid(record.prompt, read.problems);
        }
        record.outcome = 're-asked';
      } else {
        record.outcome = read.repairs.length ? 'repaired' : 'ok';
      }
      record.repairs = read.repairs;
      return { value: read.value, answers: record.answers, repairs: read.repairs, modelId: target.modelId };
    } catch (e) {
      const error = e instanceof ModelError ? e : new ModelUnavailable(`the model call failed (${e instanceof Error ? e.name : 'Error'})`);
      record.error = error.name;
      // Bedrock refused the request (4xx other than throttling): retired or unknown model, access, validation.
      if (error instanceof ModelRequestRejected && target.provider.kind === 'bedrock') countMetric(METRIC.modelClientError);
      throw error;
    } finally {
      record.latencyMs = Math.max(0, Math.round(runtime.now() - started));
      record.costUsd = roundUsd(record.costUsd);
      this.calls.push(record);
      try {
        await this.options.onCall?.(record);
      } catch {
        // The record stays in this session's list; a log write must never change the call's outcome.
      }
    }
  }

  /** One answer: budget, breaker, concurrency limit, retries with full jitter and a timeout per attempt; then accounting. */
  private async send(
    runtime: ModelRuntime,
    target: ModelTarget,
    request: StructuredRequest<z.ZodType>,
    system: string,
    tool: ToolSpec,
    turns: ChatTurn[],
    record: ModelCallRecord,
    deadline: number,
  ): Promise<ProviderResponse> {
    const remaining = () => deadline - runtime.now();
    if (remaining() <= 0) throw new ModelTimeout(`the ${record.prompt} step ran out of its time (CASE_AUDIT_MODEL_DEADLINE_MS)`);
    const maxTokens = this.options.budget.reserve(estimateTokens(...turnsText(system, tool, turns)), request.prompt.maxOutputTokens);
    const breaker = runtime.breaker(target.key);
    breaker.admit();
    const { settings } = runtime;
    let response: ProviderResponse;
    try {
      const outcome = await withRetries(
        () => {
          record.attempts += 1;
          return runtime.limiter.run(async () => {
            // The deployment's account-wide slot for this model (Bedrock only), waited for within the step's time.
            const release = runtime.slots && target.key.startsWith('bedrock:') ? await runtime.slots.acquire(target.key, remaining()) : undefined;
            const controller = new AbortController();
            const timer = setTimeout(() => controller.abort(), Math.max(1, Math.min(settings.timeoutMs, remaining())));
            try {
              return await target.provider.send({ modelId: target.modelId, system, turns, tool, maxTokens, temperature: request.prompt.temperature, signal: controller.signal });
            } finally {
              clearTimeout(timer);
              await release?.();
            }
          });
        },
        { ...settings.retry, sleep: (ms) => runtime.sleep(ms), random: () => runtime.random(), remainingMs: remaining },
      );
      response = outcome.value;
    } catch (e) {
      const error = e instanceof RetriesExhausted ? e.last : e;
      breaker.failed(error instanceof ModelError ? error : undefined);
      throw error;
    }
    breaker.succeeded();
    this.account(target.modelId, response, record);
    return response;
  }

  private account(modelId: string, response: ProviderResponse, record: ModelCallRecord): void {
    const usage = { inputTokens: Math.max(0, Math.round(response.usage.inputTokens)), outputTokens: Math.max(0, Math.round(response.usage.outputTokens)) };
    const cost = costOf(modelId, usage);
    this.options.budget.record(usage);
    record.answers += 1;
    record.inputTokens += usage.inputTokens;
    record.outputTokens += usage.outputTokens;
    record.costUsd += cost.costUsd;
    record.priced &&= cost.priced;
    this.totals = sumUsage(this.totals, { modelCalls: 1, ...usage, estimatedCostUsd: cost.costUsd });
  }
}
