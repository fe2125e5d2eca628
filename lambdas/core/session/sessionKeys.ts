/** Key layout of the sessions table (DESIGN §6). */

export const SESSION_SK = 'SESSION';
export const EVENT_SK_PREFIX = 'EVENT#';

export function auditPk(auditId: string): string {
  return `AUDIT#${auditId}`;
}

export function sessionKey(auditId: string): { pk: string; sk: string } {
  return { pk: auditPk(auditId), sk: SESSION_SK };
}

export function ownerIndexPk(owner: string): string {
  return `OWNER#${owner}`;
}

/** Sorts by start time, then audit id, so the owner index lists audits chronologically. */
export function ownerIndexSk(startedAt: string, auditId: string): string {
  return `${startedAt}#${auditId}`;
}

/**
 * The reviewers' queue (issue 33): one item per audit ever held for review, under one partition, so
 * reviewers list what waits with a Query (roles never scan the table, nor delete items: a decided
 * review's entry is closed, not removed).
 */
export const REVIEW_QUEUE_PK = 'REVIEWQUEUE';
export const reviewQueueSk = (auditId: string): string => `AUDIT#${auditId}`;

export function eventSk(at: string, suffix: string): string {
  return `${EVENT_SK_PREFIX}${at}#${suffix}`;
}

/** Where a spilled stage output lives in S3; the hash makes the key content-addressed. */
export function spilledOutputKey(auditId: string, stageKey: string, sha256Hex: string): string {
  const safeStage = stageKey.replace(/[^A-Za-z0-9@._-]/g, '_');
  return `sessions/${auditId}/outputs/${safeStage}.${sha256Hex.slice(0, 16)}.json`;
}
