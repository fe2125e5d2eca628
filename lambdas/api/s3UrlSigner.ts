import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { UrlSigner } from './apiDeps';

/**
 * The S3 client to sign URLs with. It computes checksums only when an operation requires them:
 * with the SDK's default, every upload URL would carry a signed CRC32 of an empty body
 * (`x-amz-checksum-crc32=AAAAAA==`), and S3 would reject the real upload.
 */
export function createSigningS3Client(opts: { region: string; endpoint?: string }): S3Client {
  return new S3Client({
    region: opts.region,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(opts.endpoint ? { endpoint: opts.endpoint, forcePathStyle: true } : {}),
  });
}

/**
 * Presigned S3 URLs for one bucket. The signature covers the key (so the URL cannot be pointed at
 * another prefix) and, for uploads, the length and content type the caller declared: S3 refuses a
 * body of any other length, so a declared size under the limit caps what can be uploaded.
 */
export class S3UrlSigner implements UrlSigner {
  constructor(private readonly s3: S3Client, private readonly bucket: string) {}

  uploadUrl(key: string, opts: { contentType?: string; contentLength: number; expiresInSeconds: number }): Promise<string> {
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentLength: opts.contentLength, ...(opts.contentType ? { ContentType: opts.contentType } : {}) });
    return getSignedUrl(this.s3, command, {
      expiresIn: opts.expiresInSeconds,
      signableHeaders: new Set(['content-length', ...(opts.contentType ? ['content-type'] : [])]),
    });
  }

  downloadUrl(key: string, opts: { filename?: string; expiresInSeconds: number }): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(opts.filename ? { ResponseContentDisposition: `attachment; filename="${opts.filename.replace(/["\\\r\n]/g, '_')}"` } : {}),
    });
    return getSignedUrl(this.s3, command, { expiresIn: opts.expiresInSeconds });
  }
}
