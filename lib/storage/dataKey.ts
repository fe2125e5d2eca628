import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

export interface DataKeyProps {
  /** An existing customer-managed key to use instead of creating one (`caseAudit:dataKeyArn`). */
  existingKeyArn?: string;
}

/**
 * The customer-managed KMS key that encrypts immigration files at rest: the case bucket, the sessions
 * table and the queues. Created with yearly rotation and kept when the stack is deleted, or an
 * existing key named by ARN (whose key policy its owner keeps: it must let this account's IAM policies
 * grant its use, and let EventBridge encrypt messages for the queues; see docs/deploy.md).
 *
 * Its key policy holds only the account's administration (the CDK default: IAM policies decide) and
 * what AWS services need to write to the queues. Each role is granted exactly the key actions its
 * data access needs, and only through the service it reads or writes with (kms:ViaService).
 */
export class DataKey extends Construct {
  readonly key: kms.IKey;

  constructor(scope: Construct, id: string, props: DataKeyProps = {}) {
    super(scope, id);
    this.key = props.existingKeyArn
      ? kms.Key.fromKeyArn(this, 'Existing', props.existingKeyArn)
      : new kms.Key(this, 'Key', {
          description: 'Case Audit: encrypts case files, reports, sessions and queued events',
          alias: 'alias/case-audit-data',
          enableKeyRotation: true,
          rotationPeriod: Duration.days(365),
          removalPolicy: RemovalPolicy.RETAIN,
        });
    // EventBridge sends to the upload queue and to the dead-letter queues; SQS asks KMS on its behalf.
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'EventBridgeSendsToQueues',
        principals: [new iam.ServicePrincipal('events.amazonaws.com')],
        actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
    );
  }
}

/** Which data operations a role performs with a resource encrypted by the key. */
export type KeyUse = 'read' | 'write';

const KEY_ACTIONS: Record<KeyUse, string[]> = {
  read: ['kms:Decrypt', 'kms:DescribeKey'],
  // S3 and DynamoDB ask for a data key to encrypt, and decrypt it again for multipart uploads and updates.
  write: ['kms:Decrypt', 'kms:DescribeKey', 'kms:GenerateDataKey'],
};

/**
 * Lets `role` use `key` for `use`, only in requests made through `service` (`s3`, `dynamodb`,
 * `sqs`): a stolen role session cannot call KMS with the key directly.
 */
export function grantKeyUse(role: iam.IGrantable, key: kms.IKey | undefined, use: KeyUse, service: 's3' | 'dynamodb' | 'sqs'): void {
  if (!key) return;
  role.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: KEY_ACTIONS[use],
      resources: [key.keyArn],
      conditions: { StringEquals: { 'kms:ViaService': `${service}.${Aws.REGION}.amazonaws.com` } },
    }),
  );
}
