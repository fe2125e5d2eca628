import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';

/** Where and as whom the AWS SDK clients talk. Endpoints are set only for local emulators. */
export const AwsClientConfig = z.strictObject({
  region: z.string().min(1),
  endpoints: z
    .strictObject({
      dynamodb: z.string().min(1).optional(),
      s3: z.string().min(1).optional(),
    })
    .optional(),
  credentials: z
    .strictObject({
      accessKeyId: z.string().min(1),
      secretAccessKey: z.string().min(1),
    })
    .optional(),
});
export type AwsClientConfig = z.infer<typeof AwsClientConfig>;

/**
 * A DocumentClient that owns its DynamoDBClient: `destroy()` releases the underlying
 * connection pool (the stock DocumentClient's destroy() is a no-op).
 */
class OwnedDynamoDocumentClient extends DynamoDBDocumentClient {
  constructor(private readonly base: DynamoDBClient) {
    super(base, { marshallOptions: { removeUndefinedValues: true } });
  }

  override destroy(): void {
    this.base.destroy();
  }
}

/** DocumentClient with `removeUndefinedValues: true`; pass it to every DynamoDB user. */
export function createDynamoDocumentClient(cfg: AwsClientConfig): DynamoDBDocumentClient {
  const base = new DynamoDBClient({
    region: cfg.region,
    ...(cfg.endpoints?.dynamodb ? { endpoint: cfg.endpoints.dynamodb } : {}),
    ...(cfg.credentials ? { credentials: cfg.credentials } : {}),
  });
  return new OwnedDynamoDocumentClient(base);
}

/**
 * S3 client. With a custom endpoint (s3rver, MinIO, …) it uses path-style addressing and
 * computes/validates checksums only when an operation requires them, which emulators support.
 */
export function createS3Client(cfg: AwsClientConfig): S3Client {
  const endpoint = cfg.endpoints?.s3;
  return new S3Client({
    region: cfg.region,
    ...(cfg.credentials ? { credentials: cfg.credentials } : {}),
    ...(endpoint
      ? {
          endpoint,
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
  });
}
