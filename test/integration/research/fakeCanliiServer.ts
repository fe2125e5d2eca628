import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A stand-in for the CanLII REST API on loopback, speaking the documented case metadata call:
 *
 *   GET /v1/caseBrowse/{language}/{databaseId}/{caseId}/?api_key={key}
 *   200 {"databaseId", "caseId", "url", "title", "citation", "language", "docketNumber", "decisionDate", "keywords", "concatenatedId"}
 *
 * A decision it does not hold gets 404 (or, for ids listed in `errorBodyFor`, the 200 error answer
 * CanLII sometimes gives). `mode` switches it to answering 429 (rate-limited), 500 or never (hung).
 */
export interface FakeCanliiCase {
  databaseId: string;
  caseId: string;
  title: string;
  citation: string;
  decisionDate?: string;
}

export interface FakeCanlii {
  /** The API root to configure, e.g. `http://127.0.0.1:PORT/v1`. */
  endpoint: string;
  apiKey: string;
  /** Every request received: method, path and the api_key it carried. */
  requests: Array<{ method: string; path: string; apiKey: string | null }>;
  mode: 'normal' | 'rate-limited' | 'error' | 'hung';
  close(): Promise<void>;
}

export const FAKE_API_KEY = 'test-key-not-a-secret';

export async function startFakeCanlii(cases: FakeCanliiCase[], options: { errorBodyFor?: string[] } = {}): Promise<FakeCanlii> {
  const sockets = new Set<Socket>();
  const fake: FakeCanlii = { endpoint: '', apiKey: FAKE_API_KEY, requests: [], mode: 'normal', close: async () => undefined };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, apiKey: url.searchParams.get('api_key') });
    if (fake.mode === 'hung') return; // never answers
    if (fake.mode === 'rate-limited') return send(res, 429, { error: 'TOO_MANY_REQUESTS' });
    if (fake.mode === 'error') return send(res, 500, { error: 'INTERNAL_ERROR' });
    if (url.searchParams.get('api_key') !== FAKE_API_KEY) return send(res, 401, { error: 'UNAUTHORIZED' });
    const match = /^\/v1\/caseBrowse\/(en|fr)\/([a-z-]+)\/([a-z0-9]+)\/$/.exec(url.pathname);
    if (!match || req.method !== 'GET') return send(res, 400, [{ error: 'BAD_REQUEST', message: 'unknown call' }]);
    const [, language, databaseId, caseId] = match;
    const found = cases.find((c) => c.databaseId === databaseId && c.caseId === caseId);
    if (!found) {
      if (options.errorBodyFor?.includes(caseId)) return send(res, 200, [{ error: 'NOT_FOUND', message: 'Document not found' }]);
      return send(res, 404, [{ error: 'NOT_FOUND', message: 'Document not found' }]);
    }
    return send(res, 200, {
      databaseId,
      caseId,
      url: `http://canlii.ca/t/${caseId}`,
      title: found.title,
      citation: found.citation,
      language,
      docketNumber: 'IMM-0000-00',
      decisionDate: found.decisionDate ?? '2006-10-27',
      keywords: 'immigration — judicial review',
      concatenatedId: `${caseId}`,
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.endpoint = `http://127.0.0.1:${port}/v1`;
  fake.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

/** An endpoint where nothing listens (connection refused). */
export async function deadCanliiEndpoint(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

/** Real decisions outside the bundled index, as the fake holds them. */
export const REAL_UNINDEXED: FakeCanliiCase[] = [
  { databaseId: 'fct', caseId: '2006fc1283', title: 'Hassani v. Canada (Minister of Citizenship and Immigration)', citation: '2006 FC 1283 (CanLII)' },
  { databaseId: 'fca', caseId: '2009fca189', title: 'Kisana v. Canada (Minister of Citizenship and Immigration)', citation: '2009 FCA 189 (CanLII)', decisionDate: '2009-06-03' },
  { databaseId: 'csc-scc', caseId: '2008scc9', title: 'Dunsmuir v. New Brunswick', citation: '[2008] 1 SCR 190, 2008 SCC 9 (CanLII)', decisionDate: '2008-03-07' },
];
