import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { LocalCredentials } from './localCredentials';

/**
 * AWS Signature Version 4, checked on the server side: what the local emulators use to tell the
 * data folder's own clients from any other process on the machine. Hand-written because no library
 * in the dependencies verifies (they only sign); it follows the published algorithm (canonical
 * request, string to sign, HMAC chain) for both the Authorization header and the query-string
 * (presigned URL) forms, and compares signatures in constant time.
 */

/** Why a request is not authenticated; each emulator answers it with its service's own error shape. */
export type SigV4Problem =
  /** No signature at all (anonymous). */
  | 'missing'
  /** A signature whose parts cannot be read, or another algorithm / service. */
  | 'malformed'
  /** Signed with an access key id that is not the data folder's. */
  | 'unknown-key'
  /** The signature does not match (other secret, or the request was changed after signing). */
  | 'mismatch'
  /** A presigned URL past its expiry. */
  | 'expired'
  /** A header-signed request whose time is more than 15 minutes from the server's. */
  | 'skewed';

export type SigV4Verdict = { ok: true } | { ok: false; problem: SigV4Problem; message: string };

export interface SigV4Request {
  method: string;
  /** The request target as received (path and query, still percent-encoded). */
  url: string;
  headers: IncomingHttpHeaders;
  /** Node's raw header list, to join repeated headers as SigV4 does (comma, no space). */
  rawHeaders?: string[];
}

export interface SigV4Options {
  service: 's3' | 'dynamodb';
  credentials: LocalCredentials;
  /**
   * The hex SHA-256 of the body, for services that sign it (DynamoDB). S3 signs the value of its
   * `x-amz-content-sha256` header (or UNSIGNED-PAYLOAD for presigned URLs) instead.
   */
  bodySha256?: string;
  now?: Date;
}

/** AWS refuses header-signed requests more than 15 minutes off its clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** Presigned URLs live at most 7 days (S3's limit). */
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'AWS4-HMAC-SHA256';
const AMZ_DATE = /^(\d{8})T(\d{6})Z$/;

const fail = (problem: SigV4Problem, message: string): SigV4Verdict => ({ ok: false, problem, message });

/** RFC 3986 encoding, as SigV4 canonicalization requires (encodeURIComponent leaves !'()* alone). */
export const uriEscape = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

function parseAmzDate(value: string | undefined): Date | undefined {
  const m = AMZ_DATE.exec(value ?? '');
  if (!m) return undefined;
  const [d, t] = [m[1], m[2]];
  const ms = Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8), +t.slice(0, 2), +t.slice(2, 4), +t.slice(4, 6));
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** The query's parameters, decoded, in order; undefined when a part is not valid percent-encoding. */
function parseQuery(query: string): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    try {
      pairs.push(eq < 0 ? [decodeURIComponent(part), ''] : [decodeURIComponent(part.slice(0, eq)), decodeURIComponent(part.slice(eq + 1))]);
    } catch {
      return undefined;
    }
  }
  return pairs;
}

function canonicalQuery(pairs: [string, string][]): string {
  return pairs
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [uriEscape(k), uriEscape(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/**
 * The canonical paths a client may have signed. S3 signs the path as sent; other services (DynamoDB)
 * normalize it and encode it once more. The strict re-encoding is also tried for S3, for clients
 * that send a looser encoding than they sign.
 */
function canonicalPaths(path: string, service: SigV4Options['service']): string[] {
  const decodedSegments = (p: string) => p.split('/').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  if (service === 's3') {
    const strict = decodedSegments(path).map(uriEscape).join('/');
    return strict === path ? [path] : [path, strict];
  }
  const segments: string[] = [];
  for (const s of path.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') segments.pop();
    else segments.push(s);
  }
  const normalized = `/${segments.join('/')}${segments.length > 0 && path.endsWith('/') ? '/' : ''}`;
  return [uriEscape(normalized).replace(/%2F/g, '/')];
}

/** Every value of a header, each trimmed with inner whitespace folded, joined by commas. */
function headerValue(req: SigV4Request, name: string): string | undefined {
  const values: string[] = [];
  if (req.rawHeaders) {
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
      if (req.rawHeaders[i].toLowerCase() === name) values.push(req.rawHeaders[i + 1]);
    }
  } else {
    const v = req.headers[name];
    if (v !== undefined) values.push(...(Array.isArray(v) ? v : [v]));
  }
  if (values.length === 0) return undefined;
  return values.map((v) => v.trim().replace(/\s+/g, ' ')).join(',');
}

interface SignatureParts {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
}

function credentialScope(credential: string): Omit<SignatureParts, 'signedHeaders' | 'signature' | 'amzDate'> | undefined {
  const parts = credential.split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request') return undefined;
  const [accessKeyId, date, region, service] = parts;
  if (!accessKeyId || !/^\d{8}$/.test(date) || !region || !service) return undefined;
  return { accessKeyId, date, region, service };
}

function fromHeader(authorization: string, req: SigV4Request): SignatureParts | string {
  const space = authorization.indexOf(' ');
  if (space < 0 || authorization.slice(0, space) !== ALGORITHM) return `only ${ALGORITHM} signatures are accepted`;
  const fields = new Map<string, string>();
  for (const item of authorization.slice(space + 1).split(',')) {
    const eq = item.indexOf('=');
    if (eq > 0) fields.set(item.slice(0, eq).trim(), item.slice(eq + 1).trim());
  }
  const scope = credentialScope(fields.get('Credential') ?? '');
  const signedHeaders = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  const amzDate = headerValue(req, 'x-amz-date');
  if (!scope || !signedHeaders || !signature) return 'the Authorization header needs Credential, SignedHeaders and Signature';
  if (!amzDate) return 'a signed request needs an x-amz-date header';
  return { ...scope, signedHeaders: signedHeaders.split(';'), signature, amzDate };
}

function fromQuery(query: Map<string, string>): SignatureParts | string {
  if (query.get('X-Amz-Algorithm') !== ALGORITHM) return `X-Amz-Algorithm must be ${ALGORITHM}`;
  const scope = credentialScope(query.get('X-Amz-Credential') ?? '');
  const signedHeaders = query.get('X-Amz-SignedHeaders');
  const signature = query.get('X-Amz-Signature');
  const amzDate = query.get('X-Amz-Date');
  if (!scope || !signedHeaders || !signature || !amzDate || !query.has('X-Amz-Expires')) {
    return 'a presigned URL needs X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders and X-Amz-Signature';
  }
  return { ...scope, signedHeaders: signedHeaders.split(';'), signature, amzDate };
}

/** Checks a request's SigV4 signature against the data folder's credentials. */
export function verifySigV4(req: SigV4Request, opts: SigV4Options): SigV4Verdict {
  const now = opts.now ?? new Date();
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const pairs = parseQuery(q < 0 ? '' : req.url.slice(q + 1));
  if (!pairs) return fail('malformed', 'the query string is not valid percent-encoding');
  const query = new Map(pairs);
  const authorization = headerValue(req, 'authorization');
  const presigned = query.has('X-Amz-Algorithm') || query.has('X-Amz-Signature') || query.has('X-Amz-Credential');
  if (authorization === undefined && !presigned) return fail('missing', 'the request is not signed; sign it (SigV4) with the data folder\'s credentials');
  if (authorization !== undefined && presigned) return fail('malformed', 'only one of the Authorization header and a presigned query string may be given');

  const parts = authorization !== undefined ? fromHeader(authorization, req) : fromQuery(query);
  if (typeof parts === 'string') return fail('malformed', parts);
  if (parts.service !== opts.service) return fail('malformed', `the credential scope names the service '${parts.service}', not '${opts.service}'`);
  const signedAt = parseAmzDate(parts.amzDate);
  if (!signedAt || parts.amzDate.slice(0, 8) !== parts.date) return fail('malformed', 'the signing date is not a valid ISO 8601 basic date matching the credential scope');
  if (!parts.signedHeaders.includes('host')) return fail('malformed', 'the signature must cover the host header');
  if (!timingSafeStringEqual(parts.accessKeyId, opts.credentials.accessKeyId)) return fail('unknown-key', 'the access key id is not this data folder\'s');

  if (presigned) {
    const expires = Number(query.get('X-Amz-Expires'));
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) return fail('malformed', `X-Amz-Expires must be a whole number of seconds from 1 to ${MAX_EXPIRES_SECONDS}`);
    if (signedAt.getTime() - now.getTime() > MAX_SKEW_MS) return fail('skewed', 'the presigned URL is dated in the future');
    if (now.getTime() > signedAt.getTime() + expires * 1000) return fail('expired', 'the presigned URL has expired');
  } else if (Math.abs(now.getTime() - signedAt.getTime()) > MAX_SKEW_MS) {
    return fail('skewed', 'the difference between the request time and the current time is too large');
  }

  const canonicalHeaders: string[] = [];
  for (const name of parts.signedHeaders) {
    const value = headerValue(req, name);
    if (value === undefined) return fail('mismatch', `the signed header ${name} is missing from the request`);
    canonicalHeaders.push(`${name}:${value}\n`);
  }
  const payloadHash =
    opts.bodySha256 ??
    (presigned ? query.get('X-Amz-Content-Sha256') ?? headerValue(req, 'x-amz-content-sha256') ?? 'UNSIGNED-PAYLOAD' : headerValue(req, 'x-amz-content-sha256'));
  if (payloadHash === undefined) return fail('malformed', 'a signed S3 request needs an x-amz-content-sha256 header');

  const scope = `${parts.date}/${parts.region}/${parts.service}/aws4_request`;
  let key = hmac(`AWS4${opts.credentials.secretAccessKey}`, parts.date);
  for (const step of [parts.region, parts.service, 'aws4_request']) key = hmac(key, step);
  const given = Buffer.from(parts.signature, 'utf8');
  for (const canonicalPath of canonicalPaths(path, opts.service)) {
    const canonicalRequest = [req.method, canonicalPath, canonicalQuery(pairs), canonicalHeaders.join(''), parts.signedHeaders.join(';'), payloadHash].join('\n');
    const stringToSign = [ALGORITHM, parts.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    const expected = Buffer.from(createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex'), 'utf8');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true };
  }
  return fail('mismatch', 'the request signature does not match; check the data folder\'s credentials and the signing method');
}

function timingSafeStringEqual(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
