import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** The principal tag that marks a Case Audit uploader: the bucket policy confines such a principal to its own folders. */
export const UPLOADER_TAG = 'case-audit-uploader';

/**
 * For people and systems that drop case files straight into the bucket with their own AWS identity
 * (DESIGN §6) — IAM users, roles, SSO and federated users alike — under
 * `cases/iam/<aws:userid>/<caseId>/` (aws:userid: an IAM user's unique id `AIDA…`, or a role
 * session's `AROA…:<session name>`; `aws:username` exists for IAM users only). Their reports come back
 * under `reports/iam/<aws:userid>/`.
 *
 * - `policy` (attach it to a user, group, role or permission set) allows exactly that;
 * - the bucket policy denies any principal tagged `case-audit-uploader=true` every object outside its
 *   own two folders, whatever else its identity policies allow (tag users and roles, or pass the tag
 *   as a session tag from the identity provider);
 * - the upload trigger takes the owner from the key, so an uploader only ever starts audits of its own
 *   cases. These audits are not listed by the API, whose users are Cognito users (docs/deploy.md).
 */
export class CaseUploaders extends Construct {
  readonly group: iam.Group;
  readonly policy: iam.ManagedPolicy;

  constructor(scope: Construct, id: string, props: { bucket: s3.Bucket }) {
    super(scope, id);
    const own = (prefix: 'cases' | 'reports') => `${prefix}/iam/\${aws:userid}`;
    const key = props.bucket.encryptionKey;
    this.policy = new iam.ManagedPolicy(this, 'OwnPrefixOnly', {
      description: 'Case Audit: write and read only your own cases/iam/<aws:userid>/ prefix, read your own reports',
      statements: [
        new iam.PolicyStatement({ sid: 'OwnCases', actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], resources: [props.bucket.arnForObjects(`${own('cases')}/*`)] }),
        new iam.PolicyStatement({ sid: 'OwnReports', actions: ['s3:GetObject'], resources: [props.bucket.arnForObjects(`${own('reports')}/*`)] }),
        ...(key
          ? [
              new iam.PolicyStatement({
                sid: 'UseDataKeyThroughS3',
                actions: ['kms:Decrypt', 'kms:GenerateDataKey'],
                resources: [key.keyArn],
                conditions: { StringEquals: { 'kms:ViaService': `s3.${Aws.REGION}.amazonaws.com` } },
              }),
            ]
          : []),
        new iam.PolicyStatement({
          sid: 'ListOwnPrefixes',
          actions: ['s3:ListBucket'],
          resources: [props.bucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': [`${own('cases')}/*`, `${own('reports')}/*`, `${own('cases')}/`, `${own('reports')}/`] } },
        }),
      ],
    });
    this.group = new iam.Group(this, 'Group', { managedPolicies: [this.policy] });

    props.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'UploadersOnlyInTheirOwnFolders',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:PutObject', 's3:GetObject', 's3:GetObjectVersion', 's3:DeleteObject', 's3:DeleteObjectVersion'],
        notResources: [props.bucket.arnForObjects(`${own('cases')}/*`), props.bucket.arnForObjects(`${own('reports')}/*`)],
        conditions: { StringEquals: { [`aws:PrincipalTag/${UPLOADER_TAG}`]: 'true' } },
      }),
    );
  }
}
