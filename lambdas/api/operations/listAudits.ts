import * as z from 'zod';
import { CASE_ID_PATTERN } from '../../core/audit/auditRequest';
import type { ApiDeps } from '../apiDeps';
import type { ApiRequest, ApiResponse } from '../http/apiMessages';
import { validate } from '../http/requestValidation';
import { listItem } from './auditView';

const ListQuery = z.strictObject({
  caseId: z.string().regex(CASE_ID_PATTERN, 'caseId may use letters, digits, ".", "_" and "-" only (at most 128 characters)').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a number from 1 to 100')
    .max(100, 'limit must be a number from 1 to 100')
    .default(50),
});

/** GET /audits[?caseId=&limit=]: the caller's audits, newest first. */
export async function listAudits(deps: ApiDeps, request: ApiRequest): Promise<ApiResponse> {
  const query = validate(ListQuery, request.query, 'query');
  const sessions = await deps.store.listByOwner(request.owner, { ...(query.caseId ? { caseId: query.caseId } : {}), limit: query.limit });
  return { statusCode: 200, body: { audits: sessions.map(listItem) } };
}
