import * as z from 'zod';
import { ProvisionId, Severity } from '../../../contracts/findings';
import { ApplicationType } from '../../../contracts/intakeOutput';
import { CONSISTENCY_CODES, type ConsistencyCode } from '../consistency/consistencyIssue';
import { PASSPORT_VALIDITY_CODES } from '../consistency/passportValidity';
import bundled from './severityRules.json';
import { DeterministicError } from '../../../core/errors/deterministicError';

/** The rule table does not match its schema; `problems` names each bad field. */
export class SeverityRulesInvalid extends DeterministicError {
  override readonly name = 'SeverityRulesInvalid';
  constructor(readonly problems: string[]) {
    super(`severityRules.json: ${problems.join('; ')}`);
  }
}

const Fix = z.string().min(1).max(400);

const ConsistencyRow = z.strictObject({
  severity: Severity,
  /** The refusal trigger the finding raises, if any (only for the listed application types when given). */
  trigger: z
    .strictObject({
      provision: ProvisionId,
      severity: Severity,
      applicationTypes: z.array(ApplicationType).optional(),
    })
    .optional(),
  fix: Fix,
});

const FactorRow = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    ratings: z.array(z.enum(['weak', 'adverse'])).min(1),
    applicationTypes: z.array(ApplicationType).optional(),
    /** The factor already cites one of these provisions. */
    citesAny: z.array(ProvisionId).optional(),
    /** Lower-case fragments looked for in the factor's id and label. */
    keywords: z.array(z.string().min(1)).optional(),
    /** Decide this provision (otherwise: each provision the factor cites). */
    provision: ProvisionId.optional(),
    /** False: the provisions this row decides raise no trigger. */
    raise: z.boolean().default(true),
    severity: Severity.optional(),
  })
  .refine((row) => !row.raise || row.severity !== undefined, { message: 'a row that raises a trigger needs a severity', path: ['severity'] });
export type FactorRow = z.infer<typeof FactorRow>;

const ComplianceRow = z.strictObject({ severity: Severity, fix: Fix });

export const COMPLIANCE_CODES = ['missing-required-document', 'unreadable-document', 'outcome-promise', 'hidden-or-injected-text', ...PASSPORT_VALIDITY_CODES, 'gatekeeper-unavailable'] as const;
export type ComplianceCode = (typeof COMPLIANCE_CODES)[number];

export const SeverityRulesFile = z.strictObject({
  $comment: z.string().optional(),
  /** One row per consistency finding code (all of them, no others). */
  consistency: z.strictObject(Object.fromEntries(CONSISTENCY_CODES.map((c) => [c, ConsistencyRow])) as Record<ConsistencyCode, typeof ConsistencyRow>),
  strategistFactors: z.strictObject({
    $comment: z.string().optional(),
    notRefusalGrounds: z.array(ProvisionId),
    /** Provisions only the legal rules (lambdas/law/) raise, from facts that meet their preconditions. */
    decidedByLaw: z.array(ProvisionId).default([]),
    rows: z.array(FactorRow),
  }),
  refusalGrounds: z.strictObject({
    $comment: z.string().optional(),
    workflows: z.array(z.string().min(1)),
    rows: z.array(z.strictObject({ provision: ProvisionId.optional(), severity: Severity })).min(1),
  }),
  compliance: z.strictObject(Object.fromEntries(COMPLIANCE_CODES.map((c) => [c, ComplianceRow])) as Record<ComplianceCode, typeof ComplianceRow>),
});
export type SeverityRules = z.infer<typeof SeverityRulesFile>;

export function parseSeverityRules(raw: unknown): SeverityRules {
  const parsed = SeverityRulesFile.safeParse(raw);
  if (!parsed.success) throw new SeverityRulesInvalid(parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`));
  const rows = parsed.data.refusalGrounds.rows;
  if (rows[rows.length - 1].provision !== undefined) {
    throw new SeverityRulesInvalid(['refusalGrounds.rows: the last row must have no provision (it is the default for every other provision)']);
  }
  return parsed.data;
}

let bundledRules: SeverityRules | undefined;

/** The rule table shipped with Case Audit (validated once per process). */
export function bundledSeverityRules(): SeverityRules {
  bundledRules ??= parseSeverityRules(bundled);
  return bundledRules;
}

/** Fills `{name}` placeholders of a fix. */
export function fillFix(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export const SEVERITY_ORDER: readonly Severity[] = ['critical', 'high', 'medium', 'low'];
export const bySeverity = <T extends { severity: Severity }>(a: T, b: T) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity);
