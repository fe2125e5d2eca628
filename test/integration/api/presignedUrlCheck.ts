import { createHash, createHmac } from 'node:crypto';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

/** RFC 3986 encoding as SigV4 wants it (path separators kept in the path). */
const encode = (s: string, keepSlash: boolean) =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%2F/g, keepSlash ? '/' : '%2F');

/**
 * The SigV4 query signature S3 expects for a presigned URL, recomputed from the URL itself: what S3
 * does when the URL is used. A URL whose path (the object key) was changed after signing no longer
 * matches its `X-Amz-Signature`, so S3 refuses it.
 */
export function expectedSignature(url: URL, method: string, secretAccessKey: string, headers: Record<string, string> = {}): string {
  const params = [...url.searchParams.entries()].filter(([k]) => k !== 'X-Amz-Signature');
  const query = params
    .map(([k, v]) => [encode(k, false), encode(v, false)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const signedHeaders = (url.searchParams.get('X-Amz-SignedHeaders') ?? 'host').split(';');
  const lowerHeaders: Record<string, string> = { host: url.host };
  for (const [k, v] of Object.entries(headers)) lowerHeaders[k.toLowerCase()] = v;
  const canonicalHeaders = signedHeaders.map((h) => `${h}:${(lowerHeaders[h] ?? '').trim()}\n`).join('');
  const path = decodeURIComponent(url.pathname)
    .split('/')
    .map((segment) => encode(segment, true))
    .join('/');
  const canonicalRequest = [method, path, query, canonicalHeaders, signedHeaders.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const credential = url.searchParams.get('X-Amz-Credential') ?? '';
  const [, date, region, service] = credential.split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', url.searchParams.get('X-Amz-Date'), scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}
