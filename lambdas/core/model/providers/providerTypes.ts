/**
 * What the model layer asks of a provider (Bedrock Converse, an OpenAI-compatible endpoint), in
 * provider-neutral terms: one tool the model must call with its answer, and the turns so far.
 */

/** The tool through which the model answers: its input schema is the agent's zod schema as JSON Schema. */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the tool input (generated from zod). */
  inputSchema: Record<string, unknown>;
}

/** A tool call in a model's answer. `input` when the provider parsed it; `raw` when it gave text (OpenAI arguments). */
export interface ToolCall {
  id: string;
  name: string;
  input?: unknown;
  raw?: string;
}

export type ChatTurn =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text?: string; toolCall?: ToolCall }
  /** Feedback on the previous tool call (or on a text answer when there was none). */
  | { role: 'correction'; toolCallId?: string; text: string };

export interface ProviderRequest {
  modelId: string;
  system: string;
  turns: ChatTurn[];
  tool: ToolSpec;
  maxTokens: number;
  temperature: number;
  signal: AbortSignal;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ProviderResponse {
  toolCall?: ToolCall;
  /** Text the model wrote besides (or instead of) a tool call. */
  text?: string;
  usage: TokenUsage;
  /** `tool_use`, `end_turn`, `max_tokens`, … as the provider says it (normalised to these three when known). */
  stopReason: string;
}

export interface ModelProvider {
  readonly kind: 'bedrock' | 'openai';
  /** One request, no retries (the caller retries); throws a ModelError. */
  send(request: ProviderRequest): Promise<ProviderResponse>;
}
