import { once } from 'node:events';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createH2cServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { schemaExample } from './schemaExample';

/** One request as a fake model server received it, in provider-neutral terms. */
export interface FakeModelRequest {
  protocol: 'bedrock' | 'openai';
  httpVersion: string;
  path: string;
  modelId: string;
  toolName: string;
  toolSchema: Record<string, unknown>;
  system: string;
  /** Every user-side text of the conversation, joined (documents, data blocks, corrections). */
  userText: string;
  /** True when the conversation already holds an answer (this is a re-ask). */
  reAsk: boolean;
  rawBody: string;
  authorization?: string;
}

/** What the fake answers: a tool input, raw tool arguments (OpenAI) or text, an HTTP error, or (undefined) a schema example. */
export type FakeReply =
  | { input: unknown; stopReason?: string }
  | { rawArguments: string }
  | { text: string; stopReason?: string }
  | { error: { status: number; type: string; message?: string } }
  | undefined;

export type Responder = (request: FakeModelRequest, index: number) => FakeReply;

export interface FakeModelServer {
  url: string;
  requests: FakeModelRequest[];
  /** Tokens the fake billed (answers only): the model layer's accounting must match them. */
  billed: { answers: number; inputTokens: number; outputTokens: number };
  respond: Responder;
  close(): Promise<void>;
}

/** Deterministic token counts: about four characters per token, at least one. */
export const tokensOf = (text: string): number => Math.max(1, Math.ceil(text.length / 4));

type Json = Record<string, any>;

function textOfBedrock(messages: Json[]): { userText: string; reAsk: boolean } {
  const texts: string[] = [];
  let reAsk = false;
  for (const m of messages) {
    if (m.role === 'assistant') reAsk = true;
    if (m.role !== 'user') continue;
    for (const c of m.content ?? []) {
      if (typeof c.text === 'string') texts.push(c.text);
      for (const r of c.toolResult?.content ?? []) if (typeof r.text === 'string') texts.push(r.text);
    }
  }
  return { userText: texts.join('\n'), reAsk };
}

function textOfOpenAi(messages: Json[]): { system: string; userText: string; reAsk: boolean } {
  return {
    system: messages.filter((m) => m.role === 'system').map((m) => String(m.content)).join('\n'),
    userText: messages.filter((m) => m.role === 'user' || m.role === 'tool').map((m) => String(m.content)).join('\n'),
    reAsk: messages.some((m) => m.role === 'assistant'),
  };
}

async function readBody(req: IncomingMessage | Http2ServerRequest): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function finish(server: { requests: FakeModelRequest[]; respond: Responder }, request: FakeModelRequest): FakeReply {
  server.requests.push(request);
  const reply = server.respond(request, server.requests.length - 1);
  return reply ?? { input: schemaExample(request.toolSchema) };
}

/**
 * A fake Amazon Bedrock runtime that speaks the Converse REST-JSON protocol over h2c (HTTP/2 without
 * TLS, as the SDK's HTTP/2 handler uses it against an `http://` endpoint): `POST /model/{id}/converse`,
 * errors with `x-amzn-errortype`.
 */
export async function startFakeBedrock(respond: Responder = () => undefined): Promise<FakeModelServer> {
  const state: FakeModelServer = { url: '', requests: [], billed: { answers: 0, inputTokens: 0, outputTokens: 0 }, respond, close: async () => undefined };
  const sessions = new Set<import('node:http2').ServerHttp2Session>();
  const server = createH2cServer();
  server.on('session', (s) => {
    sessions.add(s);
    s.on('close', () => sessions.delete(s));
  });
  server.on('request', (req: Http2ServerRequest, res: Http2ServerResponse) => {
    void (async () => {
      const rawBody = await readBody(req);
      const match = /^\/model\/([^/]+)\/converse$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'UnknownOperationException' });
        res.end(JSON.stringify({ message: 'unknown operation' }));
        return;
      }
      const body = JSON.parse(rawBody) as Json;
      const tool = body.toolConfig?.tools?.[0]?.toolSpec ?? {};
      const { userText, reAsk } = textOfBedrock(body.messages ?? []);
      const request: FakeModelRequest = {
        protocol: 'bedrock',
        httpVersion: req.httpVersion,
        path: req.url ?? '',
        modelId: decodeURIComponent(match[1]),
        toolName: tool.name ?? '',
        toolSchema: tool.inputSchema?.json ?? {},
        system: (body.system ?? []).map((s: Json) => s.text).join('\n'),
        userText,
        reAsk,
        rawBody,
        ...(typeof req.headers.authorization === 'string' ? { authorization: req.headers.authorization } : {}),
      };
      const reply = finish(state, request);
      if (reply && 'error' in reply) {
        res.writeHead(reply.error.status, { 'content-type': 'application/json', 'x-amzn-errortype': `${reply.error.type}:http://internal.amazon.com/coral/com.amazon.bedrock/` });
        res.end(JSON.stringify({ message: reply.error.message ?? `fake ${reply.error.type}` }));
        return;
      }
      const content = reply && 'text' in reply ? [{ text: reply.text }] : [{ toolUse: { toolUseId: `tooluse_${state.requests.length}`, name: request.toolName, input: reply && 'input' in reply ? reply.input : {} } }];
      const answer = JSON.stringify(content);
      const usage = { inputTokens: tokensOf(rawBody), outputTokens: tokensOf(answer) };
      state.billed.answers += 1;
      state.billed.inputTokens += usage.inputTokens;
      state.billed.outputTokens += usage.outputTokens;
      const stopReason = (reply && 'stopReason' in reply && reply.stopReason) || (reply && 'text' in reply ? 'end_turn' : 'tool_use');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ output: { message: { role: 'assistant', content } }, stopReason, usage: { ...usage, totalTokens: usage.inputTokens + usage.outputTokens }, metrics: { latencyMs: 3 } }));
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    for (const s of sessions) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}

/** A fake OpenAI-compatible endpoint: `POST <base>/chat/completions`, forced function calls answered with arguments as a JSON string. */
export async function startFakeOpenAi(respond: Responder = () => undefined): Promise<FakeModelServer> {
  const state: FakeModelServer = { url: '', requests: [], billed: { answers: 0, inputTokens: 0, outputTokens: 0 }, respond, close: async () => undefined };
  const server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const rawBody = await readBody(req);
      if (req.method !== 'POST' || !(req.url ?? '').endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'not_found', message: 'no such route' } }));
        return;
      }
      const body = JSON.parse(rawBody) as Json;
      const fn = body.tools?.[0]?.function ?? {};
      const { system, userText, reAsk } = textOfOpenAi(body.messages ?? []);
      const request: FakeModelRequest = {
        protocol: 'openai',
        httpVersion: req.httpVersion,
        path: req.url ?? '',
        modelId: String(body.model),
        toolName: fn.name ?? '',
        toolSchema: fn.parameters ?? {},
        system,
        userText,
        reAsk,
        rawBody,
        ...(typeof req.headers.authorization === 'string' ? { authorization: req.headers.authorization } : {}),
      };
      const reply = finish(state, request);
      if (reply && 'error' in reply) {
        res.writeHead(reply.error.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: reply.error.type, message: 'fake error' } }));
        return;
      }
      const message =
        reply && 'text' in reply
          ? { role: 'assistant', content: reply.text }
          : { role: 'assistant', content: null, tool_calls: [{ id: `call_${state.requests.length}`, type: 'function', function: { name: request.toolName, arguments: reply && 'rawArguments' in reply ? reply.rawArguments : JSON.stringify(reply && 'input' in reply ? reply.input : {}) } }] };
      const usage = { prompt_tokens: tokensOf(rawBody), completion_tokens: tokensOf(JSON.stringify(message)) };
      state.billed.answers += 1;
      state.billed.inputTokens += usage.prompt_tokens;
      state.billed.outputTokens += usage.completion_tokens;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion', model: body.model, choices: [{ index: 0, message, finish_reason: reply && 'text' in reply ? 'stop' : 'tool_calls' }], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }));
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  server.keepAliveTimeout = 1000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
