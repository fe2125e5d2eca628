import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newLocalCredentials } from '../../../local/auth/localCredentials';
import { startS3Emulator } from '../../../local/s3Emulator';
import { sendRaw } from './signedHttp';

const credentials = newLocalCredentials();

/** One signed raw HTTP request, its path sent as written (a URL parser would resolve the ".." segments). */
const send = (endpoint: string, method: string, path: string, body = '', headers: Record<string, string> = {}) =>
  sendRaw(endpoint, credentials, { method, path, body, headers });

describe('the local S3 emulator stores objects only inside its data folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'case-audit-s3paths-'));
  const data = join(root, 's3');
  const outside = join(root, 'outside');
  let emulator: Awaited<ReturnType<typeof startS3Emulator>>;

  beforeAll(async () => {
    emulator = await startS3Emulator(data, credentials);
    expect((await send(emulator.endpoint, 'PUT', '/bucket')).status).toBe(200);
  });
  afterAll(async () => {
    await emulator.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses a key whose ".." segments climb out of the folder, and writes nothing there', async () => {
    for (const path of ['/bucket/cases/local/c/documents/../../../../../outside/escape.txt', '/bucket/cases/local/c/documents/%2E%2E/%2e%2e/x.txt', '/bucket/a/./b.txt']) {
      const r = await send(emulator.endpoint, 'PUT', path, 'not a client document');
      expect(r.status).toBe(400);
      expect(r.body).toMatch(/<Code>InvalidArgument<\/Code><Message>the object key has a '\.{1,2}' segment/);
    }
    expect(existsSync(outside)).toBe(false);
  });

  it('refuses a key part too long for the file system, and goes on serving', async () => {
    const r = await send(emulator.endpoint, 'PUT', `/bucket/cases/local/c/documents/${encodeURIComponent('é'.repeat(150))}.pdf`, 'x');
    expect(r.status).toBe(400);
    expect(r.body).toContain('longer than 200 bytes');
    expect((await send(emulator.endpoint, 'PUT', '/bucket/cases/local/c/documents/after.txt', 'still here')).status).toBe(200);
    expect((await send(emulator.endpoint, 'GET', '/bucket/cases/local/c/documents/after.txt')).body).toBe('still here');
  });

  it('still stores keys with spaces, accents and other scripts', async () => {
    const key = `cases/local/c/documents/${encodeURIComponent('relevé bancaire 北京 (2).pdf')}`;
    expect((await send(emulator.endpoint, 'PUT', `/bucket/${key}`, 'statement')).status).toBe(200);
    expect((await send(emulator.endpoint, 'GET', `/bucket/${key}`)).body).toBe('statement');
    expect(readdirSync(join(data, 'bucket', 'cases', 'local', 'c', 'documents'))).toEqual(expect.arrayContaining(['relevé bancaire 北京 (2).pdf._S3rver_object']));
  });

  it('refuses a multipart upload id or part number that would name a file outside the folder', async () => {
    const climb = encodeURIComponent('../../../../outside/victim');
    for (const path of [`/bucket/k.txt?partNumber=${climb}&uploadId=a`, `/bucket/k.txt?partNumber=1&uploadId=${climb}`, '/bucket/k.txt?partNumber=0&uploadId=a', '/bucket/k.txt?partNumber=10001&uploadId=a']) {
      const r = await send(emulator.endpoint, 'PUT', path, 'part');
      expect([path, r.status]).toEqual([path, 400]);
      expect(r.body).toContain('<Code>InvalidArgument</Code>');
    }
    expect(existsSync(outside)).toBe(false);
  });

  it('refuses copies between objects and browser form uploads, which the product never makes', async () => {
    const copy = await send(emulator.endpoint, 'PUT', '/bucket/stolen.pdf', '', { 'x-amz-copy-source': '/other-bucket/cases/local/c/documents/passport.pdf' });
    expect(copy.status).toBe(400);
    expect(copy.body).toContain('copying objects is not supported');
    const form = '--b\r\nContent-Disposition: form-data; name="key"\r\n\r\n../../outside/form.txt\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n\r\nx\r\n--b--\r\n';
    const post = await send(emulator.endpoint, 'POST', '/bucket', form, { 'Content-Type': 'multipart/form-data; boundary=b' });
    expect(post.status).toBe(400);
    expect(post.body).toContain('browser form uploads are not supported');
    expect(existsSync(outside)).toBe(false);
    expect((await send(emulator.endpoint, 'GET', '/bucket/stolen.pdf')).status).toBe(404);
  });

  it('still takes a multipart upload with the ids it issues', async () => {
    const started = await send(emulator.endpoint, 'POST', '/bucket/big.txt?uploads', '');
    expect(started.status).toBe(200);
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(started.body)?.[1] ?? '';
    expect(uploadId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect((await send(emulator.endpoint, 'PUT', `/bucket/big.txt?partNumber=1&uploadId=${uploadId}`, 'whole')).status).toBe(200);
  });
});
