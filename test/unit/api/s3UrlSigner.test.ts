import { S3UrlSigner, createSigningS3Client } from '../../../lambdas/api/s3UrlSigner';

describe('S3UrlSigner', () => {
  const s3 = createSigningS3Client({ region: 'ca-central-1' });
  s3.config.credentials = async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });
  const signer = new S3UrlSigner(s3, 'case-bucket');

  it('signs upload URLs without an empty-body checksum S3 would reject, binding key, length and content type', async () => {
    const url = new URL(await signer.uploadUrl('cases/u1/c1/documents/a.pdf', { contentType: 'application/pdf', contentLength: 48_213, expiresInSeconds: 900 }));
    expect(url.hostname).toBe('case-bucket.s3.ca-central-1.amazonaws.com');
    expect(url.pathname).toBe('/cases/u1/c1/documents/a.pdf');
    expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
  });

  it('signs the length and the host when no content type was declared', async () => {
    const url = new URL(await signer.uploadUrl('cases/u1/c1/audit.json', { contentLength: 120, expiresInSeconds: 60 }));
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
  });

  it('signs downloads as attachments with a safe file name', async () => {
    const url = new URL(await signer.downloadUrl('reports/u1/c1/aud-1/report.md', { filename: 'aud-1 "report".md', expiresInSeconds: 300 }));
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="aud-1 _report_.md"');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
  });
});
