import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/**
 * For people who drop case files straight into the bucket with their own IAM user (DESIGN §6): an
 * IAM group whose members may write, read and list only under `cases/${aws:username}/` and read
 * their reports under `reports/${aws:username}/`. The upload trigger takes the owner from the key,
 * so a user can only ever start audits of their own cases.
 */
export class CaseUploaders extends Construct {
  readonly group: iam.Group;
  readonly policy: iam.ManagedPolicy;

  constructor(scope: Construct, id: string, props: { bucket: s3.IBucket }) {
    super(scope, id);
    const own = (prefix: string) => `${prefix}/\${aws:username}/*`;
    this.policy = new iam.ManagedPolicy(this, 'OwnPrefixOnly', {
      description: 'Case Audit: write and read only your own cases/<username>/ prefix, read your own reports',
      statements: [
        new iam.PolicyStatement({
          sid: 'OwnCases',
          actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
          resources: [props.bucket.arnForObjects(own('cases'))],
        }),
        new iam.PolicyStatement({ sid: 'OwnReports', actions: ['s3:GetObject'], resources: [props.bucket.arnForObjects(own('reports'))] }),
        ...(props.bucket.encryptionKey
          ? [
              new iam.PolicyStatement({
                sid: 'UseDataKeyThroughS3',
                actions: ['kms:Decrypt', 'kms:GenerateDataKey'],
                resources: [props.bucket.encryptionKey.keyArn],
                conditions: { StringEquals: { 'kms:ViaService': `s3.${Aws.REGION}.amazonaws.com` } },
              }),
            ]
          : []),
        new iam.PolicyStatement({
          sid: 'ListOwnPrefixes',
          actions: ['s3:ListBucket'],
          resources: [props.bucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': [own('cases'), own('reports'), 'cases/${aws:username}/', 'reports/${aws:username}/'] } },
        }),
      ],
    });
    this.group = new iam.Group(this, 'Group', { managedPolicies: [this.policy] });
  }
}
