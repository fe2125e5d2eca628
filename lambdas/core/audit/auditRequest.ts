import { z } from 'zod';
import { TIERS, WORKFLOW_TYPES } from '../../../workflows/schema';

const oneOf = (field: string, values: readonly string[]) => `${field} must be one of ${values.join(', ')}`;

/** `cases/<owner>/<caseId>/audit.json`: what to audit and how (DESIGN §6). */
export const AuditRequest = z.object({
  caseId: z
    .string({ error: (i) => (i.input === undefined ? 'caseId is missing' : 'caseId must be a string') })
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'caseId may use letters, digits, ".", "_" and "-" only (at most 128 characters)'),
  workflowType: z.enum(WORKFLOW_TYPES, { error: oneOf('workflowType', WORKFLOW_TYPES) }),
  tier: z.enum(TIERS, { error: oneOf('tier', TIERS) }).default('guest'),
  model: z.enum(['none', 'bedrock'], { error: oneOf('model', ['none', 'bedrock']) }).default('none'),
  gateMode: z.enum(['live', 'demo'], { error: oneOf('gateMode', ['live', 'demo']) }).default('live'),
});
export type AuditRequest = z.infer<typeof AuditRequest>;

export class InvalidAuditRequest extends Error {
  override readonly name = 'InvalidAuditRequest';
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`invalid ${source}: ${problems.join('; ')}`);
  }
}

/** Parses the text of an audit.json; every problem names its field. */
export function parseAuditRequest(text: string, source = 'audit.json'): AuditRequest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new InvalidAuditRequest(source, [`not valid JSON (${(e as Error).message})`]);
  }
  return validateAuditRequest(raw, source);
}

export function validateAuditRequest(raw: unknown, source = 'audit.json'): AuditRequest {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new InvalidAuditRequest(source, ['expected a JSON object like {"caseId": "...", "workflowType": "document-list", "tier": "guest"}']);
  }
  const parsed = AuditRequest.safeParse(raw);
  if (!parsed.success) throw new InvalidAuditRequest(source, parsed.error.issues.map((i) => i.message));
  return parsed.data;
}
