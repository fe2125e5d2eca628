import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { deadLetterQueue } from '../operations/deadLetterQueue';
import { CaseAuditFunction } from '../compute/caseAuditFunction';
import { auditStartEnvironment, grantAuditStart, type AuditStartingResources } from '../workflows/auditStarting';

/** How long the start-audit function may run; the queue's visibility timeout and claim lease follow from it. */
export const START_AUDIT_TIMEOUT = Duration.minutes(2);
/** Deliveries of one message before it goes to the dead-letter queue. */
export const MAX_RECEIVE_COUNT = 5;

export interface UploadTriggerProps extends AuditStartingResources {
  logRetention: logs.RetentionDays;
  /** Encrypts the queue of upload events and its dead-letter queue. */
  dataKey: kms.IKey;
}

/**
 * The upload trigger (DESIGN §1): an `audit.json` created under `cases/<owner>/<caseId>/` →
 * EventBridge rule → SQS queue (dead-letter queue after five failed deliveries) → start-audit Lambda,
 * which starts each upload's audit exactly once (conditional put + deterministic execution name).
 */
export class UploadTrigger extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly rule: events.Rule;
  readonly startAudit: CaseAuditFunction;

  constructor(scope: Construct, id: string, props: UploadTriggerProps) {
    super(scope, id);
    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetters', props.dataKey);
    this.queue = new sqs.Queue(this, 'Uploads', {
      encryption: sqs.QueueEncryption.KMS,
      encryptionMasterKey: props.dataKey,
      enforceSSL: true,
      // AWS's advice for a Lambda event source: at least six times the function's timeout.
      visibilityTimeout: Duration.seconds(START_AUDIT_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
    });

    this.rule = new events.Rule(this, 'AuditRequestUploaded', {
      description: 'An audit.json was uploaded under cases/<owner>/<caseId>/: start its audit',
      eventPattern: {
        source: ['aws.s3'],
        detailType: ['Object Created'],
        detail: {
          bucket: { name: [props.bucket.bucketName] },
          object: { key: events.Match.wildcard('cases/*/*/audit.json') },
        },
      },
    });
    // Events EventBridge could not deliver to the queue land in the same dead-letter queue.
    this.rule.addTarget(new targets.SqsQueue(this.queue, { deadLetterQueue: this.deadLetterQueue, retryAttempts: 20, maxEventAge: Duration.hours(24) }));

    this.startAudit = new CaseAuditFunction(this, 'StartAudit', {
      entry: 'lambdas/trigger/handler.ts',
      name: 'start-audit',
      description: 'Starts the audit an uploaded audit.json asks for, once per object version',
      memorySize: 1024,
      timeout: START_AUDIT_TIMEOUT,
      logRetention: props.logRetention,
      bundleAwsSdk: props.settings.bundleAwsSdk,
      ...(props.settings.reservedConcurrency.startAudit !== undefined ? { reservedConcurrency: props.settings.reservedConcurrency.startAudit } : {}),
      environment: {
        ...auditStartEnvironment(props),
        // A claim outlives any run of the function, so only a dead delivery's claim is taken over.
        START_CLAIM_LEASE_SECONDS: String(START_AUDIT_TIMEOUT.toSeconds() + 60),
        // An upload whose documents are still landing is handed back to this queue with a short delay.
        UPLOAD_QUEUE_URL: this.queue.queueUrl,
      },
    });
    // UpdateItem: the upload's start record moves CLAIMED → STARTED or REJECTED.
    grantAuditStart(this.startAudit.role, props, { extraTableActions: ['dynamodb:UpdateItem'], readsUploadedRequest: true });
    this.startAudit.fn.addEventSource(new SqsEventSource(this.queue, { batchSize: 5, reportBatchItemFailures: true, maxConcurrency: 5 }));
  }
}
