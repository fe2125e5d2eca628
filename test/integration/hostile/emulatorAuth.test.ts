import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, ListObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentialsPath, newLocalCredentials, type LocalCredentials } from '../../../local/auth/localCredentials';
import { startEmulators, type Emulators } from '../../../local/emulators';
import { sendRaw } from '../storage/signedHttp';

const DOCUMENT = 'passport of a client: P1234567';
const KEY = 'cases/local/case-1/documents/0123456789abcdef/passport.pdf';

const s3With = (e: Emulators, credentials: LocalCredentials) =>
  new S3Client({ region: e.region, endpoint: e.endpoints.s3, forcePathStyle: true, credentials, maxAttempts: 1, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
const dynamoWith = (e: Emulators, credentials: LocalCredentials) =>
  new DynamoDBClient({ region: e.region, endpoint: e.endpoints.dynamodb, credentials, maxAttempts: 1 });

/** A DynamoDB request as the SDK would send it (JSON 1.0 protocol). */
const dynamoRequest = (target: string, body: object) => ({
  method: 'POST',
  path: '/',
  service: 'dynamodb' as const,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${target}` },
});

describe('the local emulators answer only requests signed with the data folder credentials', () => {
  let e: Emulators;
  const stranger = newLocalCredentials();

  beforeAll(async () => {
    e = await startEmulators();
    await e.blobs.put(KEY, DOCUMENT, 'application/pdf');
  });
  afterAll(async () => {
    await e.stop();
  });

  describe('S3 port', () => {
    it('refuses anonymous requests with 403 AccessDenied and never sends a document or a listing', async () => {
      for (const [method, path] of [['GET', `/${e.bucket}/${KEY}`], ['GET', `/${e.bucket}?prefix=cases/`], ['HEAD', `/${e.bucket}/${KEY}`], ['GET', '/'], ['OPTIONS', `/${e.bucket}/${KEY}`]]) {
        const r = await sendRaw(e.endpoints.s3, e.credentials, { method, path, credentials: null });
        expect([method, path, r.status]).toEqual([method, path, 403]);
        if (method !== 'HEAD') expect(r.body).toContain('<Code>AccessDenied</Code>');
        expect(r.body).not.toContain(DOCUMENT);
        expect(r.body).not.toContain('passport');
      }
    });

    it('refuses an anonymous upload and stores nothing', async () => {
      const r = await sendRaw(e.endpoints.s3, e.credentials, { method: 'PUT', path: `/${e.bucket}/cases/local/case-2/audit.json`, body: '{"start":true}', credentials: null });
      expect(r.status).toBe(403);
      expect(await e.blobs.exists('cases/local/case-2/audit.json')).toBe(false);
    });

    it('refuses another key id with InvalidAccessKeyId and the right id with another secret with SignatureDoesNotMatch', async () => {
      await expect(s3With(e, stranger).send(new ListObjectsCommand({ Bucket: e.bucket }))).rejects.toMatchObject({ name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } });
      const wrongSecret = { accessKeyId: e.credentials.accessKeyId, secretAccessKey: stranger.secretAccessKey };
      await expect(s3With(e, wrongSecret).send(new GetObjectCommand({ Bucket: e.bucket, Key: KEY }))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
      await expect(s3With(e, wrongSecret).send(new PutObjectCommand({ Bucket: e.bucket, Key: KEY, Body: 'replaced' }))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
      expect(await e.blobs.getText(KEY)).toBe(DOCUMENT);
    });

    it('refuses a signed request whose body was swapped, and one whose path was changed after signing', async () => {
      const swapped = await sendRaw(e.endpoints.s3, e.credentials, {
        method: 'PUT',
        path: `/${e.bucket}/cases/local/case-3/a.txt`,
        body: 'signed body',
        tamper: (signed) => void (signed.headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD'),
      });
      expect(swapped.status).toBe(403);
      expect(swapped.body).toContain('<Code>SignatureDoesNotMatch</Code>');
      const moved = await sendRaw(e.endpoints.s3, e.credentials, { method: 'GET', path: `/${e.bucket}/cases/local/other/x.txt`, tamper: (signed) => void (signed.path = `/${e.bucket}/${KEY}`) });
      expect(moved.status).toBe(403);
      expect(moved.body).not.toContain(DOCUMENT);
    });

    it('refuses a header-signed request dated more than 15 minutes away (RequestTimeTooSkewed)', async () => {
      const client = new S3Client({ region: e.region, endpoint: e.endpoints.s3, forcePathStyle: true, credentials: e.credentials, maxAttempts: 1, systemClockOffset: -60 * 60 * 1000 });
      await expect(client.send(new GetObjectCommand({ Bucket: e.bucket, Key: KEY }))).rejects.toMatchObject({ name: 'RequestTimeTooSkewed', $metadata: { httpStatusCode: 403 } });
    });

    it('serves presigned URLs signed with the folder credentials, for downloads and uploads', async () => {
      const s3 = s3With(e, e.credentials);
      const download = await getSignedUrl(s3, new GetObjectCommand({ Bucket: e.bucket, Key: KEY }), { expiresIn: 900 });
      const got = await fetch(download);
      expect(got.status).toBe(200);
      expect(await got.text()).toBe(DOCUMENT);

      const uploadKey = 'cases/local/case-4/letter.txt';
      const upload = await getSignedUrl(s3, new PutObjectCommand({ Bucket: e.bucket, Key: uploadKey, ContentType: 'text/plain' }), { expiresIn: 900, signableHeaders: new Set(['content-type']) });
      const put = await fetch(upload, { method: 'PUT', body: 'a letter', headers: { 'content-type': 'text/plain' } });
      expect(put.status).toBe(200);
      expect(await e.blobs.getText(uploadKey)).toBe('a letter');
    });

    it('refuses presigned URLs that were tampered with, have expired, or were signed with other keys', async () => {
      const download = new URL(await getSignedUrl(s3With(e, e.credentials), new GetObjectCommand({ Bucket: e.bucket, Key: 'cases/local/case-5/public.txt' }), { expiresIn: 900 }));
      const pointedElsewhere = new URL(download);
      pointedElsewhere.pathname = `/${e.bucket}/${KEY}`;
      const longer = new URL(download);
      longer.searchParams.set('X-Amz-Expires', '604800');
      const expired = await getSignedUrl(s3With(e, e.credentials), new GetObjectCommand({ Bucket: e.bucket, Key: KEY }), { expiresIn: 60, signingDate: new Date(Date.now() - 60 * 60 * 1000) });
      const foreign = await getSignedUrl(s3With(e, stranger), new GetObjectCommand({ Bucket: e.bucket, Key: KEY }), { expiresIn: 900 });

      const answers = await Promise.all([pointedElsewhere, longer, expired, foreign].map(async (url) => {
        const r = await fetch(url);
        return { status: r.status, body: await r.text() };
      }));
      expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);
      expect(answers.map((a) => /<Code>(\w+)<\/Code>/.exec(a.body)?.[1])).toEqual(['SignatureDoesNotMatch', 'SignatureDoesNotMatch', 'AccessDenied', 'InvalidAccessKeyId']);
      expect(answers[2].body).toContain('expired');
      for (const a of answers) expect(a.body).not.toContain(DOCUMENT);
    });

    it('refuses operations the product does not use, even signed, and leaves the bucket as it was', async () => {
      for (const [method, path] of [['DELETE', `/${e.bucket}`], ['GET', `/${e.bucket}?acl`], ['PUT', `/${e.bucket}?policy`], ['PUT', `/${e.bucket}?cors`], ['POST', `/${e.bucket}?delete`], ['GET', '/'], ['PUT', `/${e.bucket}/${KEY}?tagging`]]) {
        const r = await sendRaw(e.endpoints.s3, e.credentials, { method, path, body: method === 'GET' || method === 'DELETE' ? '' : '<x/>' });
        expect([method, path, r.status]).toEqual([method, path, 405]);
        expect(r.body).toContain('<Code>MethodNotAllowed</Code>');
      }
      expect(await e.blobs.getText(KEY)).toBe(DOCUMENT);
    });
  });

  describe('DynamoDB port', () => {
    it('refuses unsigned requests with DynamoDB\'s JSON error and returns no table names or items', async () => {
      for (const request of [dynamoRequest('ListTables', {}), dynamoRequest('Scan', { TableName: e.tableName })]) {
        const r = await sendRaw(e.endpoints.dynamodb, e.credentials, { ...request, credentials: null });
        expect(r.status).toBe(400);
        expect(JSON.parse(r.body)).toEqual({ __type: 'com.amazon.coral.service#MissingAuthenticationTokenException', message: expect.any(String) });
        expect(r.body).not.toContain(e.tableName);
      }
    });

    it('refuses another key id with UnrecognizedClientException and another secret with InvalidSignatureException', async () => {
      await expect(dynamoWith(e, stranger).send(new ListTablesCommand({}))).rejects.toMatchObject({ name: 'UnrecognizedClientException', $metadata: { httpStatusCode: 400 } });
      const wrongSecret = { accessKeyId: e.credentials.accessKeyId, secretAccessKey: stranger.secretAccessKey };
      await expect(dynamoWith(e, wrongSecret).send(new ListTablesCommand({}))).rejects.toMatchObject({ name: 'InvalidSignatureException' });
      expect((await dynamoWith(e, e.credentials).send(new ListTablesCommand({}))).TableNames).toContain(e.tableName);
    });

    it('refuses a signed request whose body or operation was changed after signing', async () => {
      const signed = dynamoRequest('DescribeTable', { TableName: e.tableName });
      const control = await sendRaw(e.endpoints.dynamodb, e.credentials, signed);
      expect(JSON.parse(control.body).Table.TableName).toBe(e.tableName);
      const otherBody = await sendRaw(e.endpoints.dynamodb, e.credentials, {
        ...signed,
        tamper: (request) => void (request.body = Buffer.from(JSON.stringify({ TableName: e.tableName.padEnd(e.tableName.length + 1, 'x') }).slice(0, request.body.length))),
      });
      expect(otherBody.status).toBe(400);
      expect(JSON.parse(otherBody.body).__type).toBe('com.amazon.coral.service#InvalidSignatureException');
      const otherOperation = await sendRaw(e.endpoints.dynamodb, e.credentials, {
        ...signed,
        tamper: (request) => void (request.headers['x-amz-target'] = 'DynamoDB_20120810.DeleteTable'),
      });
      expect(JSON.parse(otherOperation.body).__type).toBe('com.amazon.coral.service#InvalidSignatureException');
      expect((await dynamoWith(e, e.credentials).send(new ListTablesCommand({}))).TableNames).toContain(e.tableName);
    });
  });
});

describe('each data folder has its own credentials, kept owner-only', () => {
  const root = mkdtempSync(join(tmpdir(), 'case-audit-auth-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('makes a credentials file readable by its owner only, keeps it across restarts, and refuses another folder\'s', async () => {
    const folderA = join(root, 'a');
    const folderB = join(root, 'b');
    const first = await startEmulators({ dataFolder: folderA });
    const firstCredentials = first.credentials;
    await first.blobs.put(KEY, DOCUMENT);
    await first.stop();
    expect(statSync(credentialsPath(folderA)).mode & 0o777).toBe(0o600);

    const [again, other] = await Promise.all([startEmulators({ dataFolder: folderA }), startEmulators({ dataFolder: folderB })]);
    try {
      expect(again.credentials).toEqual(firstCredentials);
      expect(other.credentials.accessKeyId).not.toBe(firstCredentials.accessKeyId);
      expect(await again.blobs.getText(KEY)).toBe(DOCUMENT);
      await expect(s3With(again, other.credentials).send(new GetObjectCommand({ Bucket: again.bucket, Key: KEY }))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
      await expect(dynamoWith(again, other.credentials).send(new ListTablesCommand({}))).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    } finally {
      await Promise.all([again.stop(), other.stop()]);
    }
  });
});
