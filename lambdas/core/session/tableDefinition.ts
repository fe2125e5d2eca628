import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The sessions table as data: one session item per audit plus its event items, and a sparse
 * owner index for "my audits, newest first". The CDK stack and the local emulator both use this.
 */
export const SESSION_TABLE = {
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  billingMode: 'PAY_PER_REQUEST',
  globalSecondaryIndexes: [
    {
      indexName: 'byOwner',
      partitionKey: { name: 'gsi1pk', type: 'S' },
      sortKey: { name: 'gsi1sk', type: 'S' },
      projection: 'ALL',
    },
  ],
} as const;

export const BY_OWNER_INDEX = SESSION_TABLE.globalSecondaryIndexes[0].indexName;

/** The CreateTable request for the sessions table (used by the local emulator). */
export function createSessionTableInput(tableName: string): CreateTableCommandInput {
  const t = SESSION_TABLE;
  const keyAttributes = [t.partitionKey, t.sortKey, ...t.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey])];
  return {
    TableName: tableName,
    BillingMode: t.billingMode,
    KeySchema: [
      { AttributeName: t.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: t.sortKey.name, KeyType: 'RANGE' },
    ],
    AttributeDefinitions: keyAttributes.map((a) => ({ AttributeName: a.name, AttributeType: a.type })),
    GlobalSecondaryIndexes: t.globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: g.sortKey.name, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: g.projection },
    })),
  };
}
