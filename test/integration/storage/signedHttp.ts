import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { request } from 'node:http';
import type { LocalCredentials } from '../../../local/auth/localCredentials';

/**
 * Raw HTTP requests to the local emulators, signed by the AWS SDK's own SigV4 signer (not the
 * emulators' verifier): the path and query are sent exactly as written, which an SDK client would
 * normalize, so hostile names reach the server as an attacker would send them.
 */

/** The hash the signer needs (SHA-256, or HMAC-SHA-256 with a key), from node:crypto. */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(toBytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return this.hash.digest();
  }
  reset(): void {}
}

const toBytes = (data: string | ArrayBuffer | ArrayBufferView): Buffer | string =>
  typeof data === 'string' ? data : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  method: string;
  /** Path and query, sent as written. */
  path: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  service?: 's3' | 'dynamodb';
  /** Sign with these instead (another data folder's), or send unsigned with `null`. */
  credentials?: LocalCredentials | null;
  /** Change the request after signing (a tampered request). */
  tamper?: (signed: { path: string; headers: Record<string, string>; body: Buffer }) => void;
}

function parseQuery(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const part of query.split('&').filter(Boolean)) {
    const eq = part.indexOf('=');
    const [k, v] = eq < 0 ? [decodeURIComponent(part), ''] : [decodeURIComponent(part.slice(0, eq)), decodeURIComponent(part.slice(eq + 1))];
    const prior = out[k];
    out[k] = prior === undefined ? v : Array.isArray(prior) ? [...prior, v] : [prior, v];
  }
  return out;
}

export function signer(credentials: LocalCredentials, service: 's3' | 'dynamodb' = 's3'): SignatureV4 {
  return new SignatureV4({ credentials, region: 'ca-central-1', service, sha256: Sha256, uriEscapePath: service !== 's3' });
}

/** Sends one request to `endpoint`, signed with `credentials` unless the request says otherwise. */
export async function sendRaw(endpoint: string, credentials: LocalCredentials, req: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(endpoint);
  const body = req.body === undefined ? Buffer.alloc(0) : Buffer.from(req.body);
  const [path, query = ''] = req.path.split('?', 2);
  let headers: Record<string, string> = { host: `${hostname}:${port}`, 'content-length': String(body.length), ...(req.headers ?? {}) };
  const service = req.service ?? 's3';
  const signWith = req.credentials === undefined ? credentials : req.credentials;
  if (signWith) {
    if (service === 's3') headers['x-amz-content-sha256'] = createHash('sha256').update(body).digest('hex');
    const signed = await signer(signWith, service).sign({ method: req.method, protocol: 'http:', hostname, port: Number(port), path, query: parseQuery(query), headers, body });
    headers = signed.headers as Record<string, string>;
  }
  const target = { path: req.path, headers, body };
  req.tamper?.(target);
  return new Promise((resolve, reject) => {
    const r = request({ hostname, port, path: target.path, method: req.method, headers: target.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    r.on('error', reject);
    r.end(target.body);
  });
}
