import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as z from 'zod';

export interface ServedCase {
  citation: string;
  name: string;
  summary: string;
  url?: string;
  topics?: string[];
}

export interface CaseLawMcpServer {
  url: string;
  /** Arguments of every `search_cases` call received, in order. */
  calls: Array<{ query: string; limit?: number }>;
  close(): Promise<void>;
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** A fresh MCP server with the test tools: the real one and two that answer junk. */
function buildServer(cases: ServedCase[], calls: CaseLawMcpServer['calls']): McpServer {
  const server = new McpServer({ name: 'test-case-law', version: '1.0.0' });
  const input = { query: z.string(), limit: z.number().int().positive().optional() };
  server.registerTool('search_cases', { description: 'Search decisions', inputSchema: input }, async ({ query, limit }) => {
    calls.push({ query, limit });
    const words = query.toLowerCase().split(/\s+/);
    const matching = cases.filter((c) => words.some((w) => `${c.name} ${c.summary}`.toLowerCase().includes(w)));
    return text(JSON.stringify(matching.slice(0, limit ?? 10)));
  });
  server.registerTool('search_cases_prose', { inputSchema: input }, async () => text('Here are some cases you might like: Baker, Vavilov.'));
  server.registerTool('search_cases_wrong_shape', { inputSchema: input }, async () =>
    text(JSON.stringify([{ title: 'Baker', year: 1999 }])),
  );
  server.registerTool('search_cases_failing', { inputSchema: input }, async () => ({ ...text('index offline'), isError: true }));
  return server;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown) : undefined;
}

/** A real MCP server (official SDK, Streamable HTTP, stateless) on 127.0.0.1 at a free port. */
export async function startCaseLawMcpServer(cases: ServedCase[]): Promise<CaseLawMcpServer> {
  const calls: CaseLawMcpServer['calls'] = [];
  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      if (req.method !== 'POST') {
        res.writeHead(405).end();
        return;
      }
      const server = buildServer(cases, calls);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, await readJson(req));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A URL on which nothing listens: a port that was free a moment ago. */
export async function deadMcpUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/mcp`;
}
