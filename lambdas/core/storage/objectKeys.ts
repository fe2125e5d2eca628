/**
 * S3 key layout (DESIGN §6). `<owner>` is the owner's id and always comes from the key or the
 * authenticated caller, never from a file's content.
 */
const segment = (value: string, what: string): string => {
  if (!/^[A-Za-z0-9][A-Za-z0-9._@-]{0,127}$/.test(value)) {
    throw new Error(`${what} '${value}' may use letters, digits, '.', '_', '@' and '-' only (at most 128 characters)`);
  }
  return value;
};

export const casePrefix = (owner: string, caseId: string): string =>
  `cases/${segment(owner, 'owner')}/${segment(caseId, 'caseId')}/`;
export const documentsPrefix = (owner: string, caseId: string): string => `${casePrefix(owner, caseId)}documents/`;
export const auditRequestKey = (owner: string, caseId: string): string => `${casePrefix(owner, caseId)}audit.json`;
export const extractedTextKey = (owner: string, caseId: string, auditId: string, docId: string): string =>
  `${casePrefix(owner, caseId)}extracted/${auditId}/${encodeURIComponent(docId)}.json`;
export const reportPrefix = (owner: string, caseId: string, auditId: string): string =>
  `reports/${segment(owner, 'owner')}/${segment(caseId, 'caseId')}/${auditId}/`;

/** Parses `cases/<owner>/<caseId>/audit.json`; undefined for any other key. */
export function parseAuditRequestKey(key: string): { owner: string; caseId: string } | undefined {
  const m = /^cases\/([^/]+)\/([^/]+)\/audit\.json$/.exec(key);
  return m ? { owner: m[1], caseId: m[2] } : undefined;
}
