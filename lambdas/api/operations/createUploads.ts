import * as z from 'zod';
import { CASE_ID_PATTERN } from '../../core/audit/auditRequest';
import { formatByteSize, MAX_AUDIT_REQUEST_BYTES, MAX_DOCUMENT_BYTES } from '../../core/audit/documentLimits';
import { auditRequestKey, documentsPrefix } from '../../core/storage/objectKeys';
import type { ApiDeps } from '../apiDeps';
import { InvalidRequest } from '../http/apiErrors';
import type { ApiRequest, ApiResponse } from '../http/apiMessages';
import { parseBody, validate } from '../http/requestValidation';

const MAX_FILES = 100;
const MAX_NAME = 512;

const CasePath = z.object({
  caseId: z.string().regex(CASE_ID_PATTERN, 'caseId may use letters, digits, ".", "_" and "-" only (at most 128 characters)'),
});

/**
 * A document's name in the case: a relative path whose folders are kept (`bank/2024-03.pdf`). No
 * empty, `.` or `..` segments, no hidden names (they would be skipped), no control characters.
 */
const DocumentName = z
  .string({ error: 'name must be a string' })
  .min(1, 'name must not be empty')
  .max(MAX_NAME, `name must be at most ${MAX_NAME} characters`)
  .refine((name) => !/[\u0000-\u001f\u007f\\]/.test(name), 'name must not contain control characters or backslashes')
  .refine((name) => name.split('/').every((segment) => segment !== '' && segment !== '..' && segment !== '.'), 'name must be a relative path without empty, "." or ".." parts')
  .refine((name) => name.split('/').every((segment) => !segment.startsWith('.')), 'name must not have hidden (dot) parts: they are not audited');

const ContentType = z
  .string({ error: 'contentType must be a string' })
  .max(100, 'contentType must be at most 100 characters')
  .regex(/^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(; ?charset=[A-Za-z0-9_-]+)?$/, 'contentType must be a media type such as application/pdf');

/** A file's size in bytes: the upload URL is signed for exactly this length, so it caps what can be uploaded. */
const size = (limit: number, what: string) =>
  z
    .int({ error: (i) => (i.input === undefined ? `size (the file's length in bytes) is required: upload URLs are signed for an exact length` : 'size must be a whole number of bytes') })
    .nonnegative('size must not be negative')
    .max(limit, { error: (i) => `size ${formatByteSize(Number(i.input), true)} is over the ${formatByteSize(limit)} limit for ${what}` });

const UploadRequest = z
  .strictObject({
    files: z
      .array(z.strictObject({ name: DocumentName, size: size(MAX_DOCUMENT_BYTES, 'one document'), contentType: ContentType.optional() }), { error: 'files must be a list of {name, size, contentType?}' })
      .max(MAX_FILES, `files may list at most ${MAX_FILES} documents per request`)
      .default([]),
    /** Also sign an upload URL for the case's audit.json (of `size` bytes), whose upload starts the audit. */
    auditRequest: z.strictObject({ size: size(MAX_AUDIT_REQUEST_BYTES, 'an audit.json') }, { error: 'auditRequest must be {"size": <bytes of audit.json>}' }).optional(),
  })
  .refine((body) => body.files.length > 0 || body.auditRequest !== undefined, { message: 'list at least one file, or ask for the auditRequest upload', path: ['files'] });

interface SignedUpload {
  name: string;
  key: string;
  method: 'PUT';
  url: string;
  /** Headers the upload must send exactly (they are part of the signature): its length, and its content type when declared. */
  headers: Record<string, string>;
}

/**
 * POST /cases/{caseId}/uploads `{files: [{name, size, contentType?}], auditRequest?: {size}}`: presigned PUT URLs
 * for the caller's own case prefix, `cases/<owner>/<caseId>/documents/<name>` (the owner is the
 * authenticated caller, never a value in the request), and optionally for `…/audit.json`, whose
 * upload starts the audit through the upload trigger (upload it last).
 */
export async function createUploads(deps: ApiDeps, request: ApiRequest): Promise<ApiResponse> {
  const { caseId } = validate(CasePath, request.pathParameters, 'path');
  const body = parseBody(request, UploadRequest);
  const seen = new Set<string>();
  body.files.forEach((file, i) => {
    if (seen.has(file.name)) throw new InvalidRequest(`invalid request body: files[${i}].name: "${file.name}" is listed twice`, [`files[${i}].name`]);
    seen.add(file.name);
  });

  const prefix = documentsPrefix(request.owner, caseId);
  const expiresInSeconds = deps.uploadUrlSeconds;
  const sign = async (name: string, key: string, contentLength: number, contentType: string | undefined): Promise<SignedUpload> => ({
    name,
    key,
    method: 'PUT',
    url: await deps.signer.uploadUrl(key, { contentLength, ...(contentType ? { contentType } : {}), expiresInSeconds }),
    headers: { 'content-length': String(contentLength), ...(contentType ? { 'content-type': contentType } : {}) },
  });
  const uploads = await Promise.all(body.files.map((file) => sign(file.name, `${prefix}${file.name}`, file.size, file.contentType)));
  const auditRequest = body.auditRequest ? await sign('audit.json', auditRequestKey(request.owner, caseId), body.auditRequest.size, 'application/json') : undefined;
  const now = deps.now?.() ?? new Date();
  return {
    statusCode: 200,
    body: {
      caseId,
      documentsPrefix: prefix,
      expiresAt: new Date(now.getTime() + expiresInSeconds * 1000).toISOString(),
      uploads,
      ...(auditRequest ? { auditRequest } : {}),
    },
  };
}
