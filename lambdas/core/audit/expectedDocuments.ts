import * as z from 'zod';
import { InvalidAuditRequest } from './auditRequest';

/**
 * The documents an audit.json may list (`"documents": ["passport.pdf", {"name": "bank/2024.pdf",
 * "size": 48213, "sha256": "…"}]`): the uploader's promise of what the case holds. The upload trigger
 * waits for them (uploadReadiness.ts) instead of auditing whatever has landed so far, which is what
 * `aws s3 sync` or parallel uploads would otherwise give it.
 */
export const EXPECTED_DOCUMENTS_FIELD = 'documents';
const MAX_EXPECTED = 5_000;

const Name = z
  .string()
  .min(1)
  .max(512)
  .refine((name) => name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..'), 'a relative path under documents/');
const Entry = z.union([
  Name.transform((name) => ({ name })),
  z.strictObject({ name: Name, size: z.int().nonnegative().optional(), sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 lower-case hex digits').optional() }),
]);
const Documents = z.array(Entry).max(MAX_EXPECTED, `at most ${MAX_EXPECTED} documents`);

export interface ExpectedDocument {
  name: string;
  size?: number;
  sha256?: string;
}

/** The list from the parsed audit.json, or undefined when it has none; a malformed list is an InvalidAuditRequest naming the entry. */
export function expectedDocumentsOf(raw: unknown, source = 'audit.json'): ExpectedDocument[] | undefined {
  if (typeof raw !== 'object' || raw === null || !Object.hasOwn(raw, EXPECTED_DOCUMENTS_FIELD)) return undefined;
  const parsed = Documents.safeParse((raw as Record<string, unknown>)[EXPECTED_DOCUMENTS_FIELD]);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue.path.length ? `documents[${issue.path.join('].')}${issue.path.length > 1 ? '' : ']'}` : 'documents';
    throw new InvalidAuditRequest([{ source, field: 'documents', problem: `${at}: ${issue.code === 'invalid_union' ? 'each entry is a name or {"name", "size"?, "sha256"?}' : issue.message}` }]);
  }
  const names = new Set<string>();
  for (const d of parsed.data) {
    if (names.has(d.name)) throw new InvalidAuditRequest([{ source, field: 'documents', problem: `"${d.name}" is listed twice` }]);
    names.add(d.name);
  }
  return parsed.data;
}
