import type { ApiDeps } from '../apiDeps';
import type { ApiRequest, ApiResponse } from '../http/apiMessages';
import { auditView } from './auditView';
import { ownedAudit } from './ownedAudit';

/** GET /audits/{id}: status, progress, stage status, the execution's console link and, once done, the result. */
export async function getAudit(deps: ApiDeps, request: ApiRequest): Promise<ApiResponse> {
  const session = await ownedAudit(deps, request);
  return { statusCode: 200, body: await auditView(deps.store, session) };
}
