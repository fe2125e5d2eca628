import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { grantKeyUse } from './dataKey';

/** The top-level prefixes of the case bucket (DESIGN §6). */
export type BucketPrefix = 'cases/' | 'sessions/' | 'reports/';

/**
 * Key names under one of the prefixes, as IAM's StringLike reads them: `*` matches any characters,
 * `/` included (so CASE_DOCUMENTS below is every case's documents folder).
 */
export type KeyPattern = `${BucketPrefix}${string}`;

/** The documents of any case (`cases/<owner>/<caseId>/documents/…`): what pinning lists and Intake reads. */
export const CASE_DOCUMENTS: KeyPattern = 'cases/*/*/documents/*';
/** The audit request of any case (`cases/<owner>/<caseId>/audit.json`): what the upload trigger reads. */
export const AUDIT_REQUESTS: KeyPattern = 'cases/*/*/audit.json';

export interface ObjectAccess {
  /** Prefixes whose objects the role reads. */
  read?: readonly BucketPrefix[];
  /** Prefixes the role writes objects under. */
  write?: readonly BucketPrefix[];
  /** Prefixes whose objects the role reads by version id (pinned documents, the uploaded audit.json): S3 authorises those reads as s3:GetObjectVersion. */
  readVersions?: readonly BucketPrefix[];
  /**
   * Key names the role may list (s3:ListBucket, only with an `s3:prefix` matching one of these): the
   * prefixes its code lists, and the keys it reads where a missing object must read as absent. S3
   * answers a read of a missing key with 404 only to a role allowed to list that key's name (the key
   * is then the prefix it checks), else with 403, and the code treats only a 404 as "not there".
   * Listing shows key names, never content, and never more than the role may read.
   */
  list?: readonly KeyPattern[];
}

export class InconsistentObjectAccess extends Error {
  override readonly name = 'InconsistentObjectAccess';
}

/**
 * Grants exactly the object actions on exactly the prefixes asked for, and listing of exactly the key
 * names asked for; and the use of the bucket's key that those reads and writes need, through S3 only.
 */
export function grantObjectAccess(role: iam.IRole, bucket: s3.IBucket, access: ObjectAccess): void {
  const objects = (prefixes: readonly BucketPrefix[]) => prefixes.map((p) => bucket.arnForObjects(`${p}*`));
  const read = access.read ?? [];
  if (read.length) role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: objects(read) }));
  const versions = access.readVersions ?? [];
  if (versions.length) {
    const notRead = versions.filter((p) => !read.includes(p));
    if (notRead.length) throw new InconsistentObjectAccess(`earlier versions of ${notRead.join(', ')} are read, but not the objects themselves`);
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:GetObjectVersion'], resources: objects(versions) }));
  }
  if (access.write?.length) {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: objects(access.write) }));
  }
  if (access.write?.length) grantKeyUse(role, bucket.encryptionKey, 'write', 's3');
  else if (read.length) grantKeyUse(role, bucket.encryptionKey, 'read', 's3');
  const list = access.list ?? [];
  if (list.length) {
    const unread = list.filter((pattern) => !read.some((p) => pattern.startsWith(p)));
    if (unread.length) throw new InconsistentObjectAccess(`listing ${unread.join(', ')} would show key names under a prefix the role does not read`);
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn], conditions: { StringLike: { 's3:prefix': [...list] } } }),
    );
  }
}
