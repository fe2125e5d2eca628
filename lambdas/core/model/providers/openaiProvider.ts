import * as z from 'zod';
import { ModelUnavailable } from '../modelErrors';
import { statusError, transportError } from './providerErrors';
import type { ChatTurn, ModelProvider, ProviderRequest, ProviderResponse, ToolCall } from './providerTypes';

/** The part of a chat-completions answer the model layer reads; anything else is ignored. */
const ChatCompletion = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        finish_reason: z.string().nullish(),
        message: z.looseObject({
          content: z.string().nullish(),
          tool_calls: z
            .array(z.looseObject({ id: z.string().nullish(), function: z.looseObject({ name: z.string().nullish(), arguments: z.string().nullish() }) }))
            .nullish(),
        }),
      }),
    )
    .min(1),
  usage: z.looseObject({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() }).nullish(),
});

const ErrorBody = z.looseObject({ error: z.union([z.string(), z.looseObject({ type: z.string().nullish(), code: z.unknown().optional() })]).nullish() });

type ChatMessage = Record<string, unknown>;

function messagesOf(system: string, turns: readonly ChatTurn[]): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: system }];
  for (const turn of turns) {
    if (turn.role === 'user') messages.push({ role: 'user', content: turn.text });
    else if (turn.role === 'assistant') {
      const call = turn.toolCall;
      messages.push({
        role: 'assistant',
        content: turn.text ?? null,
        ...(call ? { tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.raw ?? JSON.stringify(call.input ?? {}) } }] } : {}),
      });
    } else if (turn.toolCallId) messages.push({ role: 'tool', tool_call_id: turn.toolCallId, content: turn.text });
    else messages.push({ role: 'user', content: turn.text });
  }
  return messages;
}

const STOP_REASONS: Record<string, string> = { tool_calls: 'tool_use', function_call: 'tool_use', stop: 'end_turn', length: 'max_tokens' };

/**
 * Any OpenAI-compatible chat-completions endpoint (`<baseUrl>/chat/completions`): a local Ollama,
 * vLLM or LM Studio, or a hosted service. The answer is requested as a forced function call; a
 * server that ignores tools may answer with the JSON as text, which the caller repairs and reads.
 */
export class OpenAiProvider implements ModelProvider {
  readonly kind = 'openai' as const;
  private readonly url: string;
  private readonly where: string;

  constructor(
    baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.where = `the OpenAI-compatible endpoint at ${new URL(baseUrl).host}`;
  }

  async send(request: ProviderRequest): Promise<ProviderResponse> {
    const body = {
      model: request.modelId,
      messages: messagesOf(request.system, request.turns),
      tools: [{ type: 'function', function: { name: request.tool.name, description: request.tool.description, parameters: request.tool.inputSchema } }],
      tool_choice: { type: 'function', function: { name: request.tool.name } },
      max_tokens: request.maxTokens,
      temperature: request.temperature,
      stream: false,
    };
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal: request.signal,
      });
      text = await response.text();
    } catch (error) {
      throw transportError(error, request.signal, this.where);
    }
    if (!response.ok) throw statusError(response.status, errorTypeOf(text), this.where);
    return this.read(text);
  }

  private read(text: string): ProviderResponse {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ModelUnavailable(`${this.where} answered with something that is not JSON`);
    }
    const parsed = ChatCompletion.safeParse(json);
    if (!parsed.success) throw new ModelUnavailable(`${this.where} answered without a chat completion (${parsed.error.issues[0]?.path.join('.') || 'body'})`);
    const choice = parsed.data.choices[0];
    const call = choice.message.tool_calls?.[0];
    const toolCall: ToolCall | undefined = call ? { id: call.id ?? 'call-1', name: call.function.name ?? '', raw: call.function.arguments ?? '' } : undefined;
    const content = choice.message.content?.trim();
    return {
      ...(toolCall ? { toolCall } : {}),
      ...(content ? { text: content } : {}),
      usage: { inputTokens: parsed.data.usage?.prompt_tokens ?? 0, outputTokens: parsed.data.usage?.completion_tokens ?? 0 },
      stopReason: STOP_REASONS[choice.finish_reason ?? ''] ?? choice.finish_reason ?? 'unknown',
    };
  }
}

/** The error's type or code from an error body, when it has one (never its message: it may echo the request). */
function errorTypeOf(text: string): string | undefined {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(text));
    if (!parsed.success || !parsed.data.error || typeof parsed.data.error === 'string') return undefined;
    const { type, code } = parsed.data.error;
    const value = type ?? (typeof code === 'string' ? code : undefined);
    return value && /^[A-Za-z0-9_.-]{1,60}$/.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

