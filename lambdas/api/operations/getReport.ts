import * as z from 'zod';
import type { ReporterOutput } from '../../contracts/reporterOutput';
import { reportPrefix } from '../../core/storage/objectKeys';
import type { ApiDeps } from '../apiDeps';
import { Conflict, NotFound } from '../http/apiErrors';
import type { ApiRequest, ApiResponse } from '../http/apiMessages';
import { validate } from '../http/requestValidation';
import { ownedAudit } from './ownedAudit';

const ReportQuery = z.strictObject({
  format: z.enum(['md', 'json', 'pdf'], { error: 'format must be one of md, json, pdf' }).default('md'),
});

const FILES = { md: 'markdown', json: 'bundle', pdf: 'pdf' } as const;
const EXTENSIONS = { md: 'md', json: 'json', pdf: 'pdf' } as const;

/**
 * GET /audits/{id}/report[?format=md|json|pdf]: a short-lived download URL for the report (Markdown),
 * the bundle (JSON: stage outputs, gates, transparency log) or the PDF.
 */
export async function getReport(deps: ApiDeps, request: ApiRequest): Promise<ApiResponse> {
  const session = await ownedAudit(deps, request);
  const { format } = validate(ReportQuery, request.query, 'query');
  const reporter = await deps.store.readOutput<ReporterOutput>(session, 'reporter');
  if (!reporter) {
    throw new Conflict('ReportNotReady', `audit ${session.auditId} has no report yet (status ${session.status}); try again when it has finished`);
  }
  const key = reporter.reports[FILES[format]];
  // The reporter writes under the audit's own report prefix; anything else is never signed.
  if (!key || !key.startsWith(reportPrefix(session.owner, session.caseId, session.auditId))) {
    throw new NotFound(`audit ${session.auditId} has no ${format} report`);
  }
  const now = deps.now?.() ?? new Date();
  const url = await deps.signer.downloadUrl(key, { filename: `${session.auditId}-${key.split('/').pop() ?? `report.${EXTENSIONS[format]}`}`, expiresInSeconds: deps.downloadUrlSeconds });
  return {
    statusCode: 200,
    body: { auditId: session.auditId, format, url, expiresAt: new Date(now.getTime() + deps.downloadUrlSeconds * 1000).toISOString() },
  };
}
