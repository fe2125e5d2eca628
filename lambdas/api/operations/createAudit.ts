import { defaultsLayer } from '../../core/audit/auditDefaults';
import { InvalidAuditRequest, readAuditRequestObject, resolveAuditRequest, type AuditRequest } from '../../core/audit/auditRequest';
import { pinCaseDocuments, TooManyDocuments } from '../../core/audit/documentManifest';
import { startAudit } from '../../core/audit/startAudit';
import { METRIC, countMetric } from '../../core/observability/metrics';
import { documentsPrefix } from '../../core/storage/objectKeys';
import type { ApiDeps } from '../apiDeps';
import { Conflict, InvalidRequest } from '../http/apiErrors';
import type { ApiRequest, ApiResponse } from '../http/apiMessages';
import { jsonBody } from '../http/requestValidation';
import { auditView } from './auditView';

const SOURCE = 'request body';

/**
 * POST /audits `{caseId, workflowType, tier?, model?, gateMode?}`: audits the documents the caller
 * uploaded for the case (pinned now: later uploads never change this audit). 201 with the audit.
 */
export async function createAudit(deps: ApiDeps, request: ApiRequest): Promise<ApiResponse> {
  const raw = jsonBody(request);
  let auditRequest: AuditRequest;
  try {
    auditRequest = resolveAuditRequest([defaultsLayer(deps.defaults), { kind: 'file', source: SOURCE, values: readAuditRequestObject(raw, SOURCE) }]);
  } catch (err) {
    if (err instanceof InvalidAuditRequest) {
      throw new InvalidRequest(err.message, err.issues.map((i) => i.field ?? 'body'));
    }
    throw err;
  }
  let manifest;
  try {
    manifest = await pinCaseDocuments(deps.blobs, request.owner, auditRequest.caseId);
  } catch (err) {
    if (err instanceof TooManyDocuments) throw new Conflict('TooManyDocuments', err.message);
    throw err;
  }
  if (manifest.documents.length === 0) {
    throw new Conflict(
      'CaseHasNoDocuments',
      `case ${auditRequest.caseId} has no documents yet: upload them first (POST /cases/${auditRequest.caseId}/uploads), then start the audit`,
    );
  }
  // Held for a reviewer when the outcome matches the tier's review policy (issue 33).
  const session = await startAudit(deps, { ...auditRequest, owner: request.owner, manifest, reviewMode: 'policy' });
  countMetric(METRIC.auditStarted);
  return {
    statusCode: 201,
    headers: { location: `/audits/${session.auditId}` },
    body: { ...(await auditView(deps.store, session)), documents: manifest.documents.length, documentsPrefix: documentsPrefix(request.owner, auditRequest.caseId) },
  };
}
