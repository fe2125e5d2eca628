import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { DeploymentSettings } from '../config/deploymentSettings';

export interface CaseStorageProps {
  settings: DeploymentSettings;
  /** The customer-managed key the case bucket is encrypted with (SSE-KMS, with an S3 bucket key). */
  dataKey: kms.IKey;
}

/**
 * The case bucket (DESIGN §6: `cases/<owner>/<caseId>/…`, `reports/<owner>/…`, `sessions/<auditId>/…`)
 * and the bucket its server access logs go to. Private, encrypted with the customer-managed data key
 * (the access logs bucket with S3-managed keys: S3 log delivery cannot use SSE-KMS), TLS only, versioned (a pinned
 * audit reads exactly the versions it started with), with EventBridge notifications for the upload
 * trigger and lifecycle rules for reports, old versions and unfinished uploads.
 */
export class CaseStorage extends Construct {
  readonly bucket: s3.Bucket;
  readonly accessLogs: s3.Bucket;

  constructor(scope: Construct, id: string, props: CaseStorageProps) {
    super(scope, id);
    const s = props.settings;

    this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ id: 'ExpireAccessLogs', expiration: Duration.days(s.accessLogRetentionDays) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const lifecycleRules: s3.LifecycleRule[] = [
      {
        id: 'Reports',
        prefix: 'reports/',
        expiration: Duration.days(s.reportRetentionDays),
        ...(s.reportInfrequentAccessDays < s.reportRetentionDays
          ? { transitions: [{ storageClass: s3.StorageClass.INFREQUENT_ACCESS, transitionAfter: Duration.days(s.reportInfrequentAccessDays) }] }
          : {}),
      },
      {
        id: 'OldVersionsAndUnfinishedUploads',
        noncurrentVersionExpiration: Duration.days(s.noncurrentVersionRetentionDays),
        abortIncompleteMultipartUploadAfter: Duration.days(7),
        expiredObjectDeleteMarker: true,
      },
    ];
    if (s.caseDataRetentionDays !== undefined) {
      for (const prefix of ['cases/', 'sessions/']) {
        lifecycleRules.push({ id: `Expire-${prefix.slice(0, -1)}`, prefix, expiration: Duration.days(s.caseDataRetentionDays) });
      }
    }

    this.bucket = new s3.Bucket(this, 'Cases', {
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: props.dataKey,
      bucketKeyEnabled: true,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'cases-bucket/',
      lifecycleRules,
      ...(s.allowedOrigins.length
        ? {
            cors: [
              {
                // Browsers upload with the presigned PUT URLs and download reports with presigned GETs.
                allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET],
                allowedOrigins: s.allowedOrigins,
                allowedHeaders: ['content-type'],
                exposedHeaders: ['ETag'],
                maxAge: 3000,
              },
            ],
          }
        : {}),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // EventBridge notifications set on the bucket itself (no custom resource, no extra Lambda).
    const cfnBucket = this.bucket.node.defaultChild as s3.CfnBucket;
    cfnBucket.notificationConfiguration = { eventBridgeConfiguration: { eventBridgeEnabled: true } };
  }
}
