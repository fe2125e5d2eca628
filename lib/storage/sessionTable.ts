import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { SESSION_TABLE } from '../../lambdas/core/session/tableDefinition';

const attribute = (a: { name: string; type: 'S' }): dynamodb.Attribute => ({ name: a.name, type: dynamodb.AttributeType.STRING });

/**
 * The sessions table, from the same definition the local emulator creates
 * (`lambdas/core/session/tableDefinition.ts`): on-demand, point-in-time recovery, encrypted with the
 * customer-managed data key, protected from deletion, with the owner index ("my audits, newest first").
 */
export class SessionTable extends Construct {
  readonly table: dynamodb.Table;
  readonly ownerIndexName: string;

  constructor(scope: Construct, id: string, props: { dataKey: kms.IKey }) {
    super(scope, id);
    const t = SESSION_TABLE;
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: attribute(t.partitionKey),
      sortKey: attribute(t.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: props.dataKey,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of t.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: attribute(index.partitionKey),
        sortKey: attribute(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
    this.ownerIndexName = t.globalSecondaryIndexes[0].indexName;
  }

  /** The ARN of the owner index (what "list my audits" queries). */
  get ownerIndexArn(): string {
    return `${this.table.tableArn}/index/${this.ownerIndexName}`;
  }
}
