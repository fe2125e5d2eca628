import type { Logger } from '@aws-lambda-powertools/logger';
import { AUDIT_REQUEST_FIELDS } from '../core/audit/auditRequest';
import { startAuditFromUpload, type UploadStartDeps, type UploadStartOutcome } from '../core/audit/uploadStart';
import { METRIC, countMetric } from '../core/observability/metrics';
import { uploadFromMessageBody, type SqsBatch } from './objectCreatedEvent';
import { TIERS, WORKFLOW_TYPES } from '../../workflows/schema';

/** What the SQS event source expects back: the messages to deliver again (partial batch response). */
export interface BatchResponse {
  batchItemFailures: Array<{ itemIdentifier: string }>;
}

/** Hands a message back to the queue to be delivered again after `seconds` (SQS ChangeMessageVisibility). */
export type Redeliver = (receiptHandle: string, seconds: number) => Promise<void>;

export interface ProcessedMessage {
  messageId: string;
  result: UploadStartOutcome | { outcome: 'failed'; error: string };
}

/**
 * Starts the audits a batch of upload events asks for, one message after another (two deliveries of
 * one upload in the same batch then meet as a start and a duplicate). A message that failed is
 * reported back and delivered again later; after the queue's retry limit it goes to the dead-letter
 * queue. A rejected request (bad audit.json, no documents) is done with: retrying cannot fix it. One
 * whose documents are still landing is handed back to be delivered again after a short delay.
 */
export async function processUploadMessages(
  deps: UploadStartDeps,
  batch: SqsBatch,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
  redeliver?: Redeliver,
): Promise<BatchResponse & { processed: ProcessedMessage[] }> {
  const failures: BatchResponse['batchItemFailures'] = [];
  const processed: ProcessedMessage[] = [];
  for (const message of batch.Records) {
    try {
      const result = await startAuditFromUpload(deps, uploadFromMessageBody(message.body));
      processed.push({ messageId: message.messageId, result });
      logOutcome(log, message.messageId, result);
      if (result.outcome === 'waiting') {
        // Documents still landing: back to the queue, to be looked at again soon (not after the full visibility timeout).
        failures.push({ itemIdentifier: message.messageId });
        if (redeliver && message.receiptHandle) await redeliver(message.receiptHandle, result.retryAfterSeconds).catch(() => undefined);
      }
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      failures.push({ itemIdentifier: message.messageId });
      processed.push({ messageId: message.messageId, result: { outcome: 'failed', error: `${error.name}: ${error.message}` } });
      log.warn('upload event not processed; it will be delivered again', { messageId: message.messageId, error: error.name, detail: error.message });
    }
  }
  return { batchItemFailures: failures, processed };
}

/** Ids and outcomes only: keys carry case names, which may name a client. */
function logOutcome(log: Pick<Logger, 'info' | 'warn'>, messageId: string, result: UploadStartOutcome): void {
  switch (result.outcome) {
    case 'started':
      countMetric(METRIC.auditStarted);
      log.info('audit started from upload', { messageId, auditId: result.auditId });
      return;
    case 'duplicate':
      countMetric(METRIC.duplicateUpload);
      log.info('duplicate upload event: the audit was already started', { messageId, auditId: result.auditId, state: result.state });
      return;
    case 'rejected':
      countMetric(METRIC.auditRequestRejected);
      log.warn('audit request rejected', { messageId, auditId: result.auditId, reason: loggableReason(result.reason) });
      return;
    case 'ignored':
      log.info('upload event ignored', { messageId, reason: loggableReason(result.reason) });
      return;
    case 'waiting':
      log.info('audit start waits for the case documents', { messageId, reason: loggableReason(result.reason), retryAfterSeconds: result.retryAfterSeconds });
      return;
  }
}

/** Words a reason may quote that come from Case Audit itself, never from a key or a file. */
const OWN_WORDS = new Set<string>([...AUDIT_REQUEST_FIELDS, ...WORKFLOW_TYPES, ...TIERS, 'none', 'bedrock', 'live', 'demo']);

/**
 * A reason as the log may carry it. Reasons quote what they found: a case folder from the key (often
 * the client's name) or words of the uploaded audit.json. The log keeps the wording and replaces each
 * quoted fragment by "…", except field names, known values and single characters; the full reason
 * stays in the upload's start record and the outcome.
 */
export function loggableReason(reason: string): string {
  return reason
    .replace(/"((?:[^"\\]|\\.)*)"/g, (quoted, inner: string) => (inner.length <= 1 || OWN_WORDS.has(inner) ? quoted : '"…"'))
    .replace(/'([^']*)'/g, (quoted, inner: string) => (inner.length <= 1 || OWN_WORDS.has(inner) ? quoted : "'…'"));
}
