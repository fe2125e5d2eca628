import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { ApiDeps } from '../../lambdas/api/apiDeps';
import { handleApiRequest } from '../../lambdas/api/routes';
import { bearerMatches } from './serveToken';

/** Largest request body accepted (the API takes small JSON documents; uploads go to S3). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface ApiServerOptions {
  deps: ApiDeps;
  /** The bearer token that stands in for Cognito, and the owner it authenticates. */
  token: string;
  owner: string;
  port: number;
  host?: string;
  /** Structured warnings and errors (never request bodies). */
  log: Pick<Logger, 'warn' | 'error'>;
}

export interface RunningApi {
  url: string;
  server: Server;
  close(): Promise<void>;
}

class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge';
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, statusCode: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...headers });
  res.end(text);
}

const errorBody = (error: string, message: string) => ({ error, message });

/**
 * The API of DESIGN §7 on loopback: the same route table and operations as the API Gateway
 * Lambdas, with a bearer token per local user in place of the Cognito authorizer.
 */
export async function startApiServer(opts: ApiServerOptions): Promise<RunningApi> {
  let sequence = 0;
  const server = createServer(async (req, res) => {
    const requestId = `local-${Date.now().toString(36)}-${(sequence++).toString(36)}`;
    try {
      if (!bearerMatches(req.headers.authorization, opts.token)) {
        send(res, 401, errorBody('Unauthorized', 'send the token printed by case-audit serve as "Authorization: Bearer <token>"'), { 'www-authenticate': 'Bearer' });
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = await readBody(req);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name.toLowerCase()] = value;
      const response = await handleApiRequest(
        opts.deps,
        { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body, owner: opts.owner, requestId },
        opts.log,
      );
      send(res, response.statusCode, response.body, response.headers);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        send(res, 413, errorBody('PayloadTooLarge', `request bodies are limited to ${MAX_BODY_BYTES} bytes; upload documents to S3 with the URLs from POST /cases/{caseId}/uploads`));
        return;
      }
      opts.log.error('request failed', { requestId, error: err instanceof Error ? err.name : 'Error' });
      if (!res.headersSent) send(res, 500, errorBody('InternalError', `the request could not be completed (request ${requestId})`));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
