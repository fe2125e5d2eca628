import dynalite from 'dynalite';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import type { LocalCredentials } from './auth/localCredentials';
import { verifySigV4, type SigV4Problem } from './auth/sigV4';

export interface RunningEmulator {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * The largest request body read before the signature is checked. DynamoDB's own limit for a request
 * is 16 MB (a BatchWriteItem of 25 items of 400 KB is under 10 MB); a larger body is refused unread.
 */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** DynamoDB's own answer to each way a request can fail authentication (its JSON error shape). */
const AUTH_ERRORS: Record<SigV4Problem, { status: number; type: string }> = {
  missing: { status: 400, type: 'MissingAuthenticationTokenException' },
  malformed: { status: 400, type: 'IncompleteSignatureException' },
  'unknown-key': { status: 400, type: 'UnrecognizedClientException' },
  mismatch: { status: 400, type: 'InvalidSignatureException' },
  expired: { status: 400, type: 'InvalidSignatureException' },
  skewed: { status: 400, type: 'InvalidSignatureException' },
};

function sendError(res: ServerResponse, status: number, type: string, message: string): void {
  const body = JSON.stringify({ __type: `com.amazon.coral.service#${type}`, message });
  res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.0', 'Content-Length': Buffer.byteLength(body), 'x-amzn-ErrorType': type });
  res.end(body);
}

/**
 * Puts a SigV4 check in front of dynalite's request listener. dynalite accepts any signature (it
 * only looks for one), so without this any local process could read and edit sessions. The body is
 * read whole (DynamoDB signs its hash), checked, and handed to dynalite as a fresh stream carrying
 * the same request line and headers.
 */
function authenticated(credentials: LocalCredentials, listener: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES && !refused) {
        refused = true;
        sendError(res, 413, 'ValidationException', `the request body is larger than ${MAX_BODY_BYTES} bytes`);
        req.destroy();
      } else if (!refused) chunks.push(chunk);
    });
    req.on('error', () => undefined); // a client that goes away mid-request: nothing to answer
    req.on('end', () => {
      if (refused) return;
      const body = Buffer.concat(chunks);
      const verdict = verifySigV4(
        { method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headers, rawHeaders: req.rawHeaders },
        { service: 'dynamodb', credentials, bodySha256: createHash('sha256').update(body).digest('hex') },
      );
      if (!verdict.ok) {
        const { status, type } = AUTH_ERRORS[verdict.problem];
        return sendError(res, status, type, verdict.message);
      }
      const replay = Object.assign(new PassThrough(), { headers: req.headers, rawHeaders: req.rawHeaders, method: req.method, url: req.url, httpVersion: req.httpVersion, socket: req.socket });
      listener(replay as unknown as IncomingMessage, res);
      replay.end(body);
    });
  };
}

/** Starts dynalite on 127.0.0.1 (ephemeral port), LevelDB at `path` or in memory, taking only requests signed with `credentials`. */
export async function startDynamoEmulator(credentials: LocalCredentials, path?: string): Promise<RunningEmulator> {
  const server = dynalite({ ...(path ? { path } : {}), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  for (const listener of listeners) server.on('request', authenticated(credentials, listener));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
