import { createHash } from 'node:crypto';

const SLUG_MAX = 80;

/** A readable ASCII form of a document path, at most 80 characters, keeping its extension. */
export function nameSlug(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  const dot = ascii.lastIndexOf('.');
  const ext = dot > 0 && ascii.length - dot <= 10 ? ascii.slice(dot) : '';
  const stem = (ext ? ascii.slice(0, dot) : ascii).slice(0, SLUG_MAX - ext.length).replace(/[-.]+$/, '');
  return `${stem || 'document'}${ext}`;
}

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

/**
 * The namespace of AWS principals who drop files into the bucket themselves (`cases/iam/<aws:userid>/`):
 * an IAM user's unique id (`AIDA…`), or a role session's `AROA…:<session name>` (SSO and federated
 * users included). The bucket policy confines each such principal to its own folder by `aws:userid`
 * (lib/storage/caseUploaders.ts); Cognito users (the API) own `cases/<sub>/`, so the two never meet.
 */
export const IAM_NAMESPACE = 'iam';
const IAM_USER_ID = /^[A-Za-z0-9][A-Za-z0-9:._@+=,-]{0,127}$/;

/** An owner as it appears in keys: a Cognito sub or the local user (one segment), or `iam/<aws:userid>`. */
export function ownerPath(owner: string): string {
  if (owner.startsWith(`${IAM_NAMESPACE}/`)) {
    const userId = owner.slice(IAM_NAMESPACE.length + 1);
    if (!IAM_USER_ID.test(userId)) throw new Error(`owner '${owner}' is not iam/<aws:userid> (letters, digits and :._@+=,- after iam/)`);
    return owner;
  }
  if (owner === IAM_NAMESPACE) throw new Error(`owner '${owner}' is reserved for the iam/<aws:userid> namespace`);
  return segment(owner, 'owner');
}

export const casePrefix = (owner: string, caseId: string): string =>
  `cases/${ownerPath(owner)}/${segment(caseId, 'caseId')}/`;
export const documentsPrefix = (owner: string, caseId: string): string => `${casePrefix(owner, caseId)}documents/`;
export const auditRequestKey = (owner: string, caseId: string): string => `${casePrefix(owner, caseId)}audit.json`;

/**
 * Where the CLI stores a document: content-addressed (the first 16 hex digits of its SHA-256) with a
 * short readable slug of its original path. Bounded in length whatever the name, safe on any file
 * system an S3 emulator uses, and a key can never hold two different contents, so a later upload to
 * the same case cannot change what a pinned audit reads. The original name stays in the manifest.
 */
export const documentKey = (owner: string, caseId: string, originalName: string, sha256Hex: string): string =>
  `${documentsPrefix(owner, caseId)}${sha256Hex.slice(0, 16)}/${nameSlug(originalName)}`;

/** System-owned per-audit objects live outside the user-writable `cases/` prefix. */
export const auditObjectsPrefix = (auditId: string): string => `sessions/${segment(auditId, 'auditId')}/`;
export const manifestKey = (auditId: string): string => `${auditObjectsPrefix(auditId)}manifest.json`;
export const extractedTextKey = (auditId: string, docId: string): string =>
  `${auditObjectsPrefix(auditId)}extracted/${createHash('sha256').update(docId).digest('hex').slice(0, 24)}.json`;
export const reportPrefix = (owner: string, caseId: string, auditId: string): string =>
  `reports/${ownerPath(owner)}/${segment(caseId, 'caseId')}/${auditId}/`;

/** Parses `cases/<owner>/<caseId>/audit.json` (the owner `iam/<aws:userid>` taking two segments); undefined for any other key. */
export function parseAuditRequestKey(key: string): { owner: string; caseId: string } | undefined {
  const m = /^cases\/(iam\/[^/]+|[^/]+)\/([^/]+)\/audit\.json$/.exec(key);
  return m ? { owner: m[1], caseId: m[2] } : undefined;
}
