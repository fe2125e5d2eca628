import * as z from 'zod';
import { TIERS } from '../../../workflows/schema';
import type { AuditRequestFields, AuditRequestLayer } from './auditRequest';
import { DeterministicError } from '../errors/deterministicError';

/**
 * What a deployment fills in when a request leaves it out (cdk.json context → Lambda environment):
 * the tier, the model and the gate mode. A request's own values always win.
 */
export const AuditDefaults = z.strictObject({
  tier: z.enum(TIERS).optional(),
  model: z.enum(['none', 'bedrock']).optional(),
  gateMode: z.enum(['live', 'demo']).optional(),
});
export type AuditDefaults = z.infer<typeof AuditDefaults>;

const SETTINGS = {
  CASE_AUDIT_DEFAULT_TIER: 'tier',
  CASE_AUDIT_DEFAULT_MODEL: 'model',
  CASE_AUDIT_GATE_MODE: 'gateMode',
} as const;

export class AuditDefaultsInvalid extends DeterministicError {
  override readonly name = 'AuditDefaultsInvalid';
}

/** Reads the defaults from the environment; an unset or empty variable leaves the built-in default. */
export function readAuditDefaults(env: NodeJS.ProcessEnv = process.env): AuditDefaults {
  const raw: Record<string, string> = {};
  for (const [variable, field] of Object.entries(SETTINGS)) {
    const value = env[variable]?.trim();
    if (value) raw[field] = value;
  }
  const parsed = AuditDefaults.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = String(issue.path[0]);
      const variable = Object.entries(SETTINGS).find(([, f]) => f === field)?.[0] ?? field;
      return `${variable} is not valid (${JSON.stringify(raw[field])}): ${issue.message}`;
    });
    throw new AuditDefaultsInvalid(`Invalid audit defaults: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** The defaults as the lowest layer of resolveAuditRequest (with the caseId the caller derived, if any). */
export function defaultsLayer(defaults: AuditDefaults, extra: AuditRequestFields = {}): AuditRequestLayer {
  return { kind: 'defaults', values: { ...defaults, ...extra } };
}
