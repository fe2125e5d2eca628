import * as z from 'zod';
import { AUDIT_ID_PATTERN } from '../../core/audit/auditId';
import { SessionNotFound } from '../../core/session/sessionErrors';
import type { Session } from '../../core/session/sessionSchema';
import type { ApiDeps } from '../apiDeps';
import { NotFound } from '../http/apiErrors';
import type { ApiRequest } from '../http/apiMessages';
import { validate } from '../http/requestValidation';

const AuditPath = z.object({
  id: z.string().regex(AUDIT_ID_PATTERN, 'id must be an audit id such as aud-01jq3v5c7d9k2m4n6p8r'),
});

/**
 * The caller's audit named in the path. Another owner's audit answers exactly like one that does not
 * exist (404), so ids cannot be probed. `alsoAllowed` lets a route open an audit to callers other than
 * its owner (the reviewers group on the review route).
 */
export async function ownedAudit(deps: ApiDeps, request: ApiRequest, alsoAllowed: (request: ApiRequest) => boolean = () => false): Promise<Session> {
  const { id } = validate(AuditPath, request.pathParameters, 'path');
  let session: Session;
  try {
    session = await deps.store.get(id);
  } catch (err) {
    if (err instanceof SessionNotFound) throw new NotFound(`audit ${id} not found`);
    throw err;
  }
  if (session.owner !== request.owner && !alsoAllowed(request)) throw new NotFound(`audit ${id} not found`);
  return session;
}
