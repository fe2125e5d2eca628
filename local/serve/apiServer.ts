import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { ApiDeps } from '../../lambdas/api/apiDeps';
import { handleApiRequest } from '../../lambdas/api/routes';
import { bearerMatches } from './serveToken';

/** Largest request body accepted (the API takes small JSON documents; uploads go to S3). */
export const MAX_BODY_BYTES = 1024 * 1024;

const errorBody = (error: string, message: string) => ({ error, message });

export interface ApiServerOptions {
  /**
   * What the handlers use; a function for a server whose stores change while it runs (`case-audit
   * serve` reconnecting to a new host of its data folder). Undefined meanwhile: requests get a 503.
   */
  deps: ApiDeps | (() => ApiDeps | undefined);
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

/**
 * How much of an over-limit body is read and thrown away after the 413 is sent, and for how long:
 * closing a socket with unread data makes the kernel reset the connection, and a client still sending
 * would then see "connection reset" instead of the answer. Past either bound the socket is closed anyway.
 */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 10_000;

class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge';
}

/** The body, or BodyTooLarge as soon as it passes the limit (the rest is then left to drainThenClose). */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  const declared = Number(req.headers['content-length']);
  if (declared > MAX_BODY_BYTES) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        chunks.length = 0;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined));
    req.on('error', reject);
  });
}

/**
 * Sends the 413 at once (a client may read it while still sending), then reads and discards the rest
 * of the body, within bounds, before ending the response, which closes the connection.
 */
function refuseTooLarge(req: IncomingMessage, res: ServerResponse): void {
  const text = JSON.stringify(errorBody('PayloadTooLarge', `request bodies are limited to ${MAX_BODY_BYTES} bytes; upload documents to S3 with the URLs from POST /cases/{caseId}/uploads`));
  res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', connection: 'close' });
  res.write(text);
  let drained = 0;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    req.off('data', onData);
    res.end();
  };
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_BYTES) finish();
  };
  const timer = setTimeout(finish, DRAIN_MS);
  timer.unref();
  req.on('data', onData);
  req.once('end', finish);
  req.once('error', finish);
  req.once('close', finish);
  req.resume();
  if (req.readableEnded) finish();
}

function send(res: ServerResponse, statusCode: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...headers });
  res.end(text);
}


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
      const deps = typeof opts.deps === 'function' ? opts.deps() : opts.deps;
      if (!deps) {
        send(res, 503, errorBody('Unavailable', "the data folder's host stopped and case-audit serve is connecting to a new one: retry in a few seconds"), { 'retry-after': '2' });
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name.toLowerCase()] = value;
      const response = await handleApiRequest(
        deps,
        { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body, owner: opts.owner, requestId },
        opts.log,
      );
      send(res, response.statusCode, response.body, response.headers);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        refuseTooLarge(req, res);
        return;
      }
      opts.log.error('request failed', { requestId, error: err instanceof Error ? err.name : 'Error' });
      if (!res.headersSent) send(res, 500, errorBody('InternalError', `the request could not be completed (request ${requestId})`));
    }
  });
  // `Expect: 100-continue` (curl's way with bodies over 1 MB): a body declared too large is refused
  // before the client sends it; any other request is told to go on and handled as usual.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (Number(req.headers['content-length']) > MAX_BODY_BYTES && bearerMatches(req.headers.authorization, opts.token)) {
      refuseTooLarge(req, res);
      return;
    }
    res.writeContinue();
    server.emit('request', req, res);
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
