import { Duration } from 'aws-cdk-lib';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** A dead-letter queue: encrypted with the data key (failed events name audits and cases), TLS only, keeping what it holds for 14 days (SQS's longest) for an operator to inspect and redrive. */
export function deadLetterQueue(scope: Construct, id: string, dataKey: kms.IKey): sqs.Queue {
  return new sqs.Queue(scope, id, { encryption: sqs.QueueEncryption.KMS, encryptionMasterKey: dataKey, enforceSSL: true, retentionPeriod: Duration.days(14) });
}
