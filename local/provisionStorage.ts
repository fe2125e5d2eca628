import { CreateTableCommand, DescribeTableCommand, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { BucketAlreadyExists, BucketAlreadyOwnedByYou, CreateBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createSessionTableInput } from '../lambdas/core/session/tableDefinition';

/** Creates the sessions table unless it exists, and waits (briefly) until it is ACTIVE. */
export async function ensureSessionTable(ddb: DynamoDBDocumentClient, tableName: string): Promise<void> {
  try {
    await ddb.send(new CreateTableCommand(createSessionTableInput(tableName)));
  } catch (err) {
    if (!(err instanceof ResourceInUseException || (err instanceof Error && err.name === 'ResourceInUseException'))) throw err;
  }
  for (let attempt = 0; attempt < 200; attempt++) {
    const { Table } = await ddb.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`Table ${tableName} did not become ACTIVE in the local DynamoDB emulator.`);
}

/** Creates the bucket unless it exists. */
export async function ensureBucket(s3: S3Client, bucket: string): Promise<void> {
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (err) {
    if (err instanceof BucketAlreadyOwnedByYou || err instanceof BucketAlreadyExists) return;
    if (err instanceof Error && (err.name === 'BucketAlreadyOwnedByYou' || err.name === 'BucketAlreadyExists')) return;
    throw err;
  }
}
