import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { startApiServer, MAX_BODY_BYTES, type RunningApi } from '../../../local/serve/apiServer';
import { S3UrlSigner } from '../../../lambdas/api/s3UrlSigner';

/**
 * `case-audit serve`'s API (local/serve/apiServer.ts, on the real local emulators) answers a body over
 * its 1 MB limit with a 413 and its explanation that the client actually receives, however the body is
 * sent, before the connection is closed (issue 28 item 15: clients saw only "connection reset").
 */

const TOKEN = 'oversized-body-token';
const quiet = { warn: () => undefined, error: () => undefined };
const hasCurl = spawnSync('curl', ['--version']).status === 0;
const EXPLANATION = /request bodies are limited to 1048576 bytes; upload documents to S3/;

describe('a request body over the API limit', () => {
  let rt: LocalRuntime;
  let api: RunningApi;

  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
    api = await startApiServer({
      deps: {
        store: rt.emulators.store,
        blobs: rt.emulators.blobs,
        starter: rt,
        signer: new S3UrlSigner(rt.emulators.clients.s3, rt.emulators.bucket),
        defaults: {},
        uploadUrlSeconds: 900,
        downloadUrlSeconds: 900,
      },
      token: TOKEN,
      owner: 'local',
      port: 0,
      log: quiet,
    });
  });
  afterAll(async () => {
    await api?.close();
    await rt?.stop();
  });

  const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

  it('gives fetch a 413 with its explanation and "Connection: close" for a 2 MB body of declared length', async () => {
    const reply = await fetch(`${api.url}/audits`, { method: 'POST', headers: auth, body: JSON.stringify({ caseId: 'x'.repeat(2 * MAX_BODY_BYTES) }) });
    expect(reply.status).toBe(413);
    expect(reply.headers.get('connection')).toBe('close');
    expect(await reply.json()).toEqual({ error: 'PayloadTooLarge', message: expect.stringMatching(EXPLANATION) });
  });

  it('gives fetch a 413 with its explanation for a 20 MB body streamed without a length', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x78);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const reply = await fetch(`${api.url}/audits`, { method: 'POST', headers: auth, body, duplex: 'half' } as RequestInit);
    expect(reply.status).toBe(413);
    expect(await reply.json()).toEqual({ error: 'PayloadTooLarge', message: expect.stringMatching(EXPLANATION) });
  });

  (hasCurl ? it : it.skip)('gives curl the 413 and its explanation for a 5 MB upload (curl asks "Expect: 100-continue")', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'case-audit-oversized-'));
    const file = join(folder, 'big.json');
    writeFileSync(file, JSON.stringify({ caseId: 'y'.repeat(5 * MAX_BODY_BYTES) }));
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn('curl', ['-sS', '-w', '\\n%{http_code}', '-X', 'POST', '-H', `Authorization: Bearer ${TOKEN}`, '-H', 'Content-Type: application/json', '--data-binary', `@${file}`, `${api.url}/audits`]);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [body, status] = result.stdout.split('\n');
    expect(status).toBe('413');
    expect(JSON.parse(body)).toEqual({ error: 'PayloadTooLarge', message: expect.stringMatching(EXPLANATION) });
  });

  it('gives a raw HTTP client that keeps sending past the limit the whole 413 before the connection closes', async () => {
    const url = new URL(api.url);
    const received = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: url.hostname, port: Number(url.port) });
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', (err) => (text.includes('\r\n\r\n{') ? resolve(text) : reject(err)));
      socket.write(`POST /audits HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
      // Three megabytes in chunks, then the end of the body: the client writes on regardless of the answer.
      const chunk = 'z'.repeat(256 * 1024);
      for (let i = 0; i < 12 && !socket.destroyed; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      if (!socket.destroyed) socket.write('0\r\n\r\n');
    });
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    const body = received.slice(received.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ error: 'PayloadTooLarge', message: expect.stringMatching(EXPLANATION) });
  });

  it('still serves ordinary requests after refusing oversized ones', async () => {
    await fetch(`${api.url}/audits`, { method: 'POST', headers: auth, body: 'x'.repeat(MAX_BODY_BYTES + 1) }).then((r) => r.arrayBuffer());
    const reply = await fetch(`${api.url}/audits`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ audits: [] });
  });
});
