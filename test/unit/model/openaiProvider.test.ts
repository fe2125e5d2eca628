import { OpenAiProvider } from '../../../lambdas/core/model/providers/openaiProvider';
import { ModelRequestRejected, ModelThrottled, ModelTimeout, ModelUnavailable } from '../../../lambdas/core/model/modelErrors';
import type { ProviderRequest } from '../../../lambdas/core/model/providers/providerTypes';

const request = (over: Partial<ProviderRequest> = {}): ProviderRequest => ({
  modelId: 'llama3.1',
  system: 'rules',
  turns: [{ role: 'user', text: 'task' }],
  tool: { name: 'record_review', description: 'd', inputSchema: { type: 'object' } },
  maxTokens: 100,
  temperature: 0,
  signal: new AbortController().signal,
  ...over,
});

function fetchReturning(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

describe('OpenAI-compatible provider', () => {
  it('sends a forced function call and reads the arguments and token usage', async () => {
    const { impl, calls } = fetchReturning(200, {
      choices: [{ finish_reason: 'tool_calls', message: { content: null, tool_calls: [{ id: 'c1', function: { name: 'record_review', arguments: '{"points": 1}' } }] } }],
      usage: { prompt_tokens: 120, completion_tokens: 12 },
    });
    const provider = new OpenAiProvider('http://127.0.0.1:11434/v1/', 'sk-local', impl);
    const answer = await provider.send(request({ turns: [{ role: 'user', text: 'task' }, { role: 'assistant', toolCall: { id: 'c0', name: 'record_review', raw: '{"points": 99}' } }, { role: 'correction', toolCallId: 'c0', text: 'points too big' }] }));

    expect(answer).toEqual({ toolCall: { id: 'c1', name: 'record_review', raw: '{"points": 1}' }, usage: { inputTokens: 120, outputTokens: 12 }, stopReason: 'tool_use' });
    expect(calls[0].url).toBe('http://127.0.0.1:11434/v1/chat/completions');
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Bearer sk-local');
    const body = JSON.parse(String(calls[0].init.body));
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'record_review' } });
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(body.messages[2].tool_calls[0].function.arguments).toBe('{"points": 99}');
  });

  it.each([
    [429, ModelThrottled],
    [503, ModelUnavailable],
    [500, ModelUnavailable],
    [408, ModelTimeout],
    [401, ModelRequestRejected],
    [404, ModelRequestRejected],
  ])('maps HTTP %i to its typed error, without echoing the error message', async (status, type) => {
    const { impl } = fetchReturning(status, { error: { type: 'some_error', message: 'the prompt said: secret client text' } });
    const error = await new OpenAiProvider('http://127.0.0.1:1/v1', undefined, impl).send(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toContain('some_error');
    expect((error as Error).message).not.toContain('secret client text');
  });

  it('reads a refused connection as unavailable and an abort as a timeout', async () => {
    const refused = (async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    }) as unknown as typeof fetch;
    await expect(new OpenAiProvider('http://127.0.0.1:1/v1', undefined, refused).send(request())).rejects.toThrow(ModelUnavailable);
    const controller = new AbortController();
    controller.abort();
    const aborted = (async () => {
      throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    }) as unknown as typeof fetch;
    await expect(new OpenAiProvider('http://127.0.0.1:1/v1', undefined, aborted).send(request({ signal: controller.signal }))).rejects.toThrow(ModelTimeout);
  });

  it('treats an answer that is not a chat completion as unavailable', async () => {
    const { impl } = fetchReturning(200, '<html>proxy error</html>');
    await expect(new OpenAiProvider('http://127.0.0.1:1/v1', undefined, impl).send(request())).rejects.toThrow(ModelUnavailable);
  });
});
