import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ContentBlock,
  type ConverseResponse,
  type Message,
  type ToolInputSchema,
} from '@aws-sdk/client-bedrock-runtime';
import { ModelError, ModelRequestRejected, ModelThrottled, ModelTimeout, ModelUnavailable } from '../modelErrors';
import type { BedrockSettings } from '../modelSettings';
import { statusError, transportError } from './providerErrors';
import type { ChatTurn, ModelProvider, ProviderRequest, ProviderResponse, ToolCall } from './providerTypes';

/** A JSON value as the SDK types it (tool schemas and tool inputs). */
type DocumentType = ToolInputSchema.JsonMember['json'];

/** Bedrock error types worth another attempt, by the exception's name (the list, plus the model's own timeout). */
const THROTTLED = new Set(['ThrottlingException', 'ModelNotReadyException', 'ServiceQuotaExceededException']);
const UNAVAILABLE = new Set(['ServiceUnavailableException', 'InternalServerException', 'ModelStreamErrorException']);
const TIMED_OUT = new Set(['ModelTimeoutException', 'RequestTimeout', 'RequestTimeoutException']);

/** Words Bedrock uses for a retired model, and for an id it does not know. */
const END_OF_LIFE = /end of (its )?life|end-of-life/i;
const UNKNOWN_MODEL = /model identifier is invalid|model .*not (found|supported)/i;

/** The runtime client, created once per configuration (DESIGN §9). Our retry policy is the only one: the SDK makes one attempt. */
export function createBedrockClient(settings: BedrockSettings): BedrockRuntimeClient {
  return new BedrockRuntimeClient({
    region: settings.region,
    maxAttempts: 1,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    // A copy of the keys: the SDK marks the object it is given, and the settings are shared by every stage.
    ...(settings.credentials ? { credentials: { ...settings.credentials } } : settings.profile ? { profile: settings.profile } : {}),
  });
}

function contentOf(turn: ChatTurn): Message {
  switch (turn.role) {
    case 'user':
      return { role: 'user', content: [{ text: turn.text }] };
    case 'assistant': {
      const content: ContentBlock[] = [];
      if (turn.text) content.push({ text: turn.text });
      if (turn.toolCall) {
        const input = typeof turn.toolCall.input === 'object' && turn.toolCall.input !== null ? turn.toolCall.input : {};
        content.push({ toolUse: { toolUseId: turn.toolCall.id, name: turn.toolCall.name, input: input as DocumentType } });
      }
      if (!content.length) content.push({ text: '(no answer)' });
      return { role: 'assistant', content };
    }
    case 'correction':
      return turn.toolCallId
        ? { role: 'user', content: [{ toolResult: { toolUseId: turn.toolCallId, status: 'error', content: [{ text: turn.text }] } }] }
        : { role: 'user', content: [{ text: turn.text }] };
  }
}

function readResponse(out: ConverseResponse): ProviderResponse {
  const blocks = out.output?.message?.content ?? [];
  let toolCall: ToolCall | undefined;
  const texts: string[] = [];
  for (const block of blocks) {
    if (block.toolUse && !toolCall) toolCall = { id: block.toolUse.toolUseId ?? 'tool-1', name: block.toolUse.name ?? '', input: block.toolUse.input };
    if (typeof block.text === 'string' && block.text.trim()) texts.push(block.text);
  }
  return {
    ...(toolCall ? { toolCall } : {}),
    ...(texts.length ? { text: texts.join('\n') } : {}),
    usage: { inputTokens: out.usage?.inputTokens ?? 0, outputTokens: out.usage?.outputTokens ?? 0 },
    stopReason: out.stopReason ?? 'unknown',
  };
}

/** An SDK exception as a ModelError (names only: Bedrock messages may echo the request). */
export function bedrockError(error: unknown, signal: AbortSignal, modelId: string): ModelError {
  if (error instanceof ModelError) return error;
  const name = error instanceof Error ? error.name : '';
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
  const where = `Amazon Bedrock (${modelId})`;
  if (THROTTLED.has(name)) return new ModelThrottled(`${where} is throttling requests (${name})`);
  if (UNAVAILABLE.has(name)) return new ModelUnavailable(`${where} is unavailable (${name})`);
  if (TIMED_OUT.has(name)) return new ModelTimeout(`${where} timed out (${name})`);
  if (name === 'AccessDeniedException' || name === 'UnrecognizedClientException' || name === 'ExpiredTokenException') {
    return new ModelRequestRejected(`${where} refused the credentials (${name}): check the AWS credentials and that the role may call bedrock:InvokeModel on this model`, 'access-denied', status ?? 403);
  }
  if (name === 'CredentialsProviderError') {
    return new ModelRequestRejected('no AWS credentials for Amazon Bedrock were found: set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY (or CASE_AUDIT_BEDROCK_PROFILE) before running the audit');
  }
  // Bedrock says a retired model "has reached the end of its life" (ResourceNotFoundException, sometimes
  // ValidationException); an unknown id is "invalid". Only these words are read: the message never leaves here.
  const said = error instanceof Error ? error.message : '';
  if ((name === 'ResourceNotFoundException' || name === 'ValidationException') && END_OF_LIFE.test(said)) {
    return new ModelRequestRejected(`${where} has reached end of life (${name}): choose a current model (lambdas/core/model/catalog/models.json)`, 'end-of-life', status ?? 404);
  }
  if (name === 'ResourceNotFoundException' || (name === 'ValidationException' && UNKNOWN_MODEL.test(said))) {
    return new ModelRequestRejected(`${where}: no such model in this region (${name}); check CASE_AUDIT_BEDROCK_MODEL_ID and the region`, 'not-found', status ?? 404);
  }
  if (name === 'ValidationException') return new ModelRequestRejected(`${where} rejected the request (${name})`, 'invalid-request', status ?? 400);
  if (typeof status === 'number' && status >= 400) return statusError(status, name || undefined, where);
  return transportError(error, signal, where);
}

/** Amazon Bedrock through the Converse API; the answer comes back as a forced tool call. */
export class BedrockProvider implements ModelProvider {
  readonly kind = 'bedrock' as const;

  /** `guardrail`: applied to every call (the request and the answer); an intervention is a rejection, never an answer. */
  constructor(
    private readonly client: BedrockRuntimeClient,
    private readonly guardrail?: { identifier: string; version: string },
  ) {}

  async send(request: ProviderRequest): Promise<ProviderResponse> {
    const command = new ConverseCommand({
      modelId: request.modelId,
      system: [{ text: request.system }],
      messages: request.turns.map(contentOf),
      inferenceConfig: { maxTokens: request.maxTokens, temperature: request.temperature },
      toolConfig: {
        tools: [{ toolSpec: { name: request.tool.name, description: request.tool.description, inputSchema: { json: request.tool.inputSchema as DocumentType } } }],
        toolChoice: { tool: { name: request.tool.name } },
      },
      ...(this.guardrail ? { guardrailConfig: { guardrailIdentifier: this.guardrail.identifier, guardrailVersion: this.guardrail.version, trace: 'disabled' as const } } : {}),
    });
    let response: ProviderResponse;
    try {
      response = readResponse(await this.client.send(command, { abortSignal: request.signal }));
    } catch (error) {
      throw bedrockError(error, request.signal, request.modelId);
    }
    if (response.stopReason === 'guardrail_intervened') {
      // The guardrail's own message replaces the answer: it is never read as one.
      throw new ModelRequestRejected(`Amazon Bedrock (${request.modelId}): the guardrail blocked the request or the answer`, 'guardrail-intervened');
    }
    return response;
  }
}
