import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeModelServer } from '../../integration/model/fakeModelServers';

/**
 * In front of the fake OpenAI-compatible endpoint: forwards every request, except that once armed it
 * holds the first request for the given tool and never answers it. The CLI under test is then
 * provably inside that stage (its model call is in flight) when it is killed, whatever the load.
 */
export interface HoldingProxy {
  url: string;
  /** The tool of every request received, in order. */
  tools: string[];
  /** Holds the next request for `tool`; resolves when it has arrived. */
  holdNext(tool: string): Promise<void>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startHoldingProxy(target: FakeModelServer): Promise<HoldingProxy> {
  const upstream = new URL(target.url).origin;
  const tools: string[] = [];
  const held: ServerResponse[] = [];
  let hold: { tool: string; arrived: () => void } | undefined;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const tool = String((JSON.parse(body) as { tools?: Array<{ function?: { name?: string } }> }).tools?.[0]?.function?.name ?? '');
      tools.push(tool);
      if (hold && hold.tool === tool) {
        held.push(res);
        hold.arrived();
        hold = undefined;
        return; // never answered: the caller is killed meanwhile
      }
      const answer = await fetch(`${upstream}${req.url}`, { method: req.method, headers: { 'content-type': 'application/json' }, body });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => {
      res.writeHead(502);
      res.end();
    });
  });
  server.keepAliveTimeout = 1000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    tools,
    holdNext: (tool) => new Promise((arrived) => (hold = { tool, arrived })),
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
