import * as z from 'zod';
import { CASE_ID_PATTERN } from '../../core/audit/auditRequest';
import type { ApiDeps } from '../apiDeps';
import type { ApiRequest, ApiResponse } from '../http/apiMessages';
import { validate } from '../http/requestValidation';
import { listItem } from './auditView';
import { AuditStatus } from '../../core/session/sessionSchema';
import { isReviewer } from './reviewAudit';

const ListQuery = z.strictObject({
  caseId: z.string().regex(CASE_ID_PATTERN, 'caseId may use letters, digits, ".", "_" and "-" only (at most 128 characters)').optional(),
  status: AuditStatus.optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a number from 1 to 100')
    .max(100, 'limit must be a number from 1 to 100')
    .default(50),
});

/**
 * GET /audits[?caseId=&status=&limit=]: the caller's audits, newest first; with a status, only
 * those. A member of the reviewers group asking for AWAITING_REVIEW sees every owner's audits
 * awaiting review (their queue).
 */
export async function listAudits(deps: ApiDeps, request: ApiRequest): Promise<ApiResponse> {
  const query = validate(ListQuery, request.query, 'query');
  if (query.status === 'AWAITING_REVIEW' && isReviewer(request)) {
    const waiting = await deps.store.listAwaitingReview({ limit: query.limit, ...(query.caseId ? { caseId: query.caseId } : {}) });
    return { statusCode: 200, body: { audits: waiting.map(listItem) } };
  }
  const owned = await deps.store.listByOwner(request.owner, { ...(query.caseId ? { caseId: query.caseId } : {}), ...(query.status ? {} : { limit: query.limit }) });
  const sessions = query.status ? owned.filter((s) => s.status === query.status).slice(0, query.limit) : owned;
  return { statusCode: 200, body: { audits: sessions.map(listItem) } };
}
