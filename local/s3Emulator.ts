import type { IncomingMessage, ServerResponse } from 'node:http';
import S3rver from 's3rver';
import type { RunningEmulator } from './dynamoEmulator';

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

function refuse(res: ServerResponse, message: string): void {
  res.statusCode = 400;
  res.setHeader('Content-Type', 'application/xml');
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InvalidArgument</Code><Message>${message.replace(/[<&>]/g, '')}</Message></Error>`);
}

export interface S3EmulatorOptions {
  /** Given s3rver's object store before the first request: how a data folder's host journals uploads (dataFolder/uploadJournal.ts). */
  instrumentStore?(store: S3rver['store']): void;
}

/** Starts s3rver on 127.0.0.1 (ephemeral port), storing objects under `directory`. */
export async function startS3Emulator(directory: string, options: S3EmulatorOptions = {}): Promise<RunningEmulator> {
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  options.instrumentStore?.(server.store);
  const handler = server.callback.bind(server);
  server.callback = () => {
    const handle = handler();
    return (req: IncomingMessage, res: ServerResponse) => {
      const problem = unsafeRequest(req);
      if (problem) return refuse(res, problem);
      return handle(req, res);
    };
  };
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      server.httpServer?.closeAllConnections();
      await server.close();
    },
  };
}
