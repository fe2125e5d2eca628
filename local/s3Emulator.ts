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

function refuse(res: ServerResponse, message: string): void {
  res.statusCode = 400;
  res.setHeader('Content-Type', 'application/xml');
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InvalidArgument</Code><Message>${message.replace(/[<&>]/g, '')}</Message></Error>`);
}

/** Starts s3rver on 127.0.0.1 (ephemeral port), storing objects under `directory`. */
export async function startS3Emulator(directory: string): Promise<RunningEmulator> {
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const handler = server.callback.bind(server);
  server.callback = () => {
    const handle = handler();
    return (req: IncomingMessage, res: ServerResponse) => {
      const problem = unsafeObjectPath(req.url);
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
