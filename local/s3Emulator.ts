import type { IncomingMessage, ServerResponse } from 'node:http';
import S3rver from 's3rver';
import AWSAccount from 's3rver/lib/models/account';
import type { LocalCredentials } from './auth/localCredentials';
import { verifySigV4, type SigV4Problem } from './auth/sigV4';
import type { RunningEmulator } from './dynamoEmulator';
import { AtomicFilesystemStore } from './s3AtomicStore';

/**
 * s3rver stores each object at a file path made of its key's segments. Real S3 takes any key, but
 * here a `..` segment would write or read outside the data folder, and a segment longer than the file
 * system allows makes s3rver throw where nothing catches it (the host and every command attached to
 * it would stop). Such requests are refused with S3's own error shape before s3rver sees them.
 */
const MAX_SEGMENT_BYTES = 200;

/** Why a request's path cannot be stored on disk, or undefined when it can. */
export function unsafeObjectPath(url: string | undefined): string | undefined {
  const path = (url ?? '/').split('?')[0];
  for (const raw of path.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return 'the object key is not valid percent-encoded UTF-8';
    }
    if (segment === '.' || segment === '..') return `the object key has a '${segment}' segment, which this local S3 emulator cannot store`;
    if (segment.includes('/')) return "the object key has an encoded '/' inside a segment";
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) return `a part of the object key between slashes is longer than ${MAX_SEGMENT_BYTES} bytes, which this local S3 emulator cannot store`;
  }
  return undefined;
}

/** s3rver names a multipart upload's folder after its id: one safe segment, as the ids it makes itself. */
const UPLOAD_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** S3's own range of part numbers (s3rver names each part's file after it). */
const PART_NUMBER = /^[1-9][0-9]{0,4}$/;

/**
 * Why a request must not reach s3rver's file store, or undefined when it may. Besides the key (path),
 * s3rver builds file paths from query parameters (a multipart upload's id and part number), a copy's
 * source header and a browser form's key field: each is either checked to be one safe name or, where
 * the product never needs the operation (copies, browser form uploads), refused.
 */
export function unsafeRequest(req: Pick<IncomingMessage, 'url' | 'method' | 'headers'>): string | undefined {
  const pathProblem = unsafeObjectPath(req.url);
  if (pathProblem) return pathProblem;
  const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
  for (const id of query.getAll('uploadId')) {
    if (!UPLOAD_ID.test(id)) return 'the multipart upload id is not one this local S3 emulator issued';
  }
  for (const part of query.getAll('partNumber')) {
    if (!PART_NUMBER.test(part) || Number(part) > 10_000) return 'the part number must be a whole number from 1 to 10000';
  }
  if (req.headers['x-amz-copy-source'] !== undefined) return 'copying objects is not supported by this local S3 emulator';
  const contentType = String(req.headers['content-type'] ?? '').toLowerCase();
  if (req.method === 'POST' && contentType.startsWith('multipart/form-data')) return 'browser form uploads are not supported by this local S3 emulator; use a PUT (the API gives presigned PUT URLs)';
  return undefined;
}

/**
 * Why the product has no use for the request's operation, or undefined when it does. The product
 * creates its bucket, lists it, and puts, gets, heads and deletes objects (multipart uploads too, for
 * large files uploaded with other S3 tools while `serve` runs). Everything else s3rver implements
 * (bucket deletion, ACLs, CORS, website, policies, tagging, batch deletes, the service listing) is
 * refused, so nothing the product does not need is reachable even with the credentials.
 */
export function unneededOperation(req: Pick<IncomingMessage, 'url' | 'method'>): string | undefined {
  const [path, queryString = ''] = (req.url ?? '/').split('?', 2);
  const segments = path.split('/').filter((s) => s !== '');
  const params = [...new URLSearchParams(queryString).keys()].filter((k) => !/^x-amz-/i.test(k) && k !== 'x-id');
  const method = req.method ?? 'GET';
  const only = (allowed: string[]) => params.find((k) => !allowed.includes(k));
  let extra: string | undefined;
  if (segments.length === 0) return 'listing buckets is not supported by this local S3 emulator';
  if (segments.length === 1) {
    if (method === 'PUT' || method === 'HEAD') extra = only([]);
    else if (method === 'GET') extra = only(['prefix', 'marker', 'max-keys', 'delimiter', 'list-type', 'continuation-token', 'start-after', 'encoding-type', 'fetch-owner', 'location']);
    else return `${method} on a bucket is not supported by this local S3 emulator`;
  } else if (method === 'GET' || method === 'HEAD') {
    extra = only(['versionId', 'partNumber', 'uploadId', 'response-content-type', 'response-content-disposition', 'response-content-language', 'response-expires', 'response-cache-control', 'response-content-encoding']);
  } else if (method === 'PUT') extra = only(['partNumber', 'uploadId']);
  else if (method === 'POST') extra = only(['uploads', 'uploadId']);
  else if (method === 'DELETE') extra = only(['uploadId', 'versionId']);
  else return `${method} is not supported by this local S3 emulator`;
  return extra === undefined ? undefined : `the '${extra.replace(/[^\w.-]/g, '')}' operation is not supported by this local S3 emulator`;
}

function sendError(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/xml');
  // A HEAD answer has no body: the SDK reads the error from the status (403 → Forbidden).
  if (req.method === 'HEAD') return void res.end();
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/[<&>]/g, '')}</Message></Error>`);
}

/** S3's own answer to each way a request can fail authentication. */
const AUTH_ERRORS: Record<SigV4Problem, { status: number; code: string }> = {
  missing: { status: 403, code: 'AccessDenied' },
  malformed: { status: 400, code: 'AuthorizationHeaderMalformed' },
  'unknown-key': { status: 403, code: 'InvalidAccessKeyId' },
  mismatch: { status: 403, code: 'SignatureDoesNotMatch' },
  expired: { status: 403, code: 'AccessDenied' },
  skewed: { status: 403, code: 'RequestTimeTooSkewed' },
};

/**
 * Starts s3rver on 127.0.0.1 (ephemeral port), storing objects under `directory`. Every request is
 * checked, before s3rver sees it, for a SigV4 signature made with `credentials` (header or presigned
 * URL), a name that is safe on disk, and an operation the product uses. s3rver's own check verifies
 * no SigV4 signature and lets anonymous requests through, so it is not relied on.
 */
export interface S3EmulatorOptions {
  /** Given the object store before the first request: how a data folder's host journals uploads (dataFolder/uploadJournal.ts). */
  instrumentStore?(store: AtomicFilesystemStore): void;
}

export async function startS3Emulator(directory: string, credentials: LocalCredentials, options: S3EmulatorOptions = {}): Promise<RunningEmulator> {
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const store = new AtomicFilesystemStore(directory);
  await store.open();
  server.store = server.context.store = store;
  options.instrumentStore?.(store);
  // s3rver's middleware looks the key id up in its own registry; its built-in S3RVER pair is removed.
  AWSAccount.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
  AWSAccount.DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);

  const handler = server.callback.bind(server);
  server.callback = () => {
    const handle = handler();
    return (req: IncomingMessage, res: ServerResponse) => {
      const verdict = verifySigV4({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, rawHeaders: req.rawHeaders }, { service: 's3', credentials });
      if (!verdict.ok) {
        const { status, code } = AUTH_ERRORS[verdict.problem];
        const presigned = (req.url ?? '').includes('X-Amz-');
        return sendError(req, res, status, verdict.problem === 'malformed' && presigned ? 'AuthorizationQueryParametersError' : code, verdict.message);
      }
      const problem = unsafeRequest(req);
      if (problem) return sendError(req, res, 400, 'InvalidArgument', problem);
      const unneeded = unneededOperation(req);
      if (unneeded) return sendError(req, res, 405, 'MethodNotAllowed', unneeded);
      return handle(req, res);
    };
  };
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      server.httpServer?.closeAllConnections();
      await server.close();
      AWSAccount.DUMMY_ACCOUNT.revokeAccessKey(credentials.accessKeyId);
    },
  };
}
