import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';

/** The top-level prefixes of the case bucket (DESIGN §6). */
export type BucketPrefix = 'cases/' | 'sessions/' | 'reports/';

export interface ObjectAccess {
  /** Prefixes whose objects the role reads. */
  read?: readonly BucketPrefix[];
  /** Prefixes the role writes objects under. */
  write?: readonly BucketPrefix[];
  /** Also read earlier versions (documents pinned by version id). */
  readVersions?: boolean;
  /**
   * List the bucket: needed to list a case's documents, and so that S3 answers a missing key with
   * 404 rather than 403 (code treats a missing object as absent). Shows key names, never content.
   */
  list?: boolean;
}

/** Grants exactly the object actions on exactly the prefixes asked for; nothing bucket-wide but listing. */
export function grantObjectAccess(role: iam.IRole, bucket: s3.IBucket, access: ObjectAccess): void {
  const objects = (prefixes: readonly BucketPrefix[]) => prefixes.map((p) => bucket.arnForObjects(`${p}*`));
  if (access.read?.length) {
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: access.readVersions ? ['s3:GetObject', 's3:GetObjectVersion'] : ['s3:GetObject'],
        resources: objects(access.read),
      }),
    );
  }
  if (access.write?.length) {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: objects(access.write) }));
  }
  if (access.list) {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
  }
}
