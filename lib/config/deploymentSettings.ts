import * as z from 'zod';
import { DEFAULT_BEDROCK_MODEL_ID } from '../../lambdas/core/model/modelSettings';
import { AGENTS, TIERS, type AgentName } from '../../workflows/schema';

/** CloudWatch Logs accepts only these retention periods (days). */
export const LOG_RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653] as const;

/** A context value given on the command line (`-c key=value`) is a string; cdk.json gives JSON values. */
const fromText = (parse: (text: string) => unknown) => (value: unknown) => (typeof value === 'string' ? parse(value.trim()) : value);
const flag = z.preprocess(fromText((t) => (t === 'true' ? true : t === 'false' ? false : t)), z.boolean());
const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(fromText((t) => (t.startsWith('[') ? JSON.parse(t) : t === '' ? [] : t.split(',').map((s) => s.trim()))), z.array(item));
const json = <T extends z.ZodType>(schema: T) => z.preprocess(fromText((t) => (t === '' ? {} : JSON.parse(t))), schema);
const optionalText = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** Functions whose concurrency can be set: the agents, the failure recorder and the start-audit trigger. */
export const TUNABLE_FUNCTIONS = [...AGENTS, 'recordFailure', 'review', 'startAudit'] as const;
export type TunableFunction = (typeof TUNABLE_FUNCTIONS)[number];
const perFunction = json(z.partialRecord(z.enum(TUNABLE_FUNCTIONS), count(0, 1000)));

/** A Bedrock model id (`anthropic.claude-…-v1:0`) or a cross-region inference profile id (`us.anthropic.…`). */
const ModelId = z.string().regex(/^[a-z0-9-]+(\.[A-Za-z0-9-]+)+(:[0-9]+)?(:[0-9a-z]+)?$/, 'a Bedrock model id or inference profile id such as us.anthropic.claude-haiku-4-5-20251001-v1:0');

/** A Secrets Manager secret name, and a complete secret ARN (random suffix included: `…:secret:case-audit/canlii-AbCdEf`). */
const SECRET_NAME = /^[A-Za-z0-9/_+=.@-]{1,512}$/;
export const COMPLETE_SECRET_ARN = /^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:[A-Za-z0-9/_+=.@-]+-[A-Za-z0-9]{6}$/;

/** The Bedrock model of each agent: `default` for every agent, and any agent's own. */
export type BedrockModelIds = { default: string } & Partial<Record<AgentName, string>>;

const perAgentModel = Object.fromEntries(AGENTS.map((agent) => [agent, ModelId.optional()])) as { [A in AgentName]: z.ZodOptional<typeof ModelId> };

/**
 * `{"default": "anthropic.…", "judge": "us.anthropic.…"}` (any agent may be named; the others use
 * `default`), or the earlier form, a list whose first id is every agent's model (the rest are unused).
 */
const ModelChoice = z
  .preprocess(
    fromText((t) => (t.startsWith('[') || t.startsWith('{') ? JSON.parse(t) : t.split(',').map((s) => s.trim()).filter(Boolean))),
    z.union([z.array(ModelId).min(1, 'list at least one model id'), z.strictObject({ default: ModelId.optional(), ...perAgentModel })]),
  )
  .transform((v): BedrockModelIds => {
    if (Array.isArray(v)) return { default: v[0] };
    const chosen: BedrockModelIds = { default: v.default ?? DEFAULT_BEDROCK_MODEL_ID };
    for (const agent of AGENTS) if (v[agent] !== undefined) chosen[agent] = v[agent];
    return chosen;
  });

/**
 * Everything a deployment can choose, read from the CDK context (`cdk.json` or `-c caseAudit:<key>=…`).
 * Every value has a default, so `npx cdk synth` works on a fresh clone with no account and no lookups.
 */
export const DeploymentSettings = z.strictObject({
  /** Prefix of the stack and of resource names that read well in the console. */
  stackName: z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,39}$/, 'letters, digits and dashes, starting with a letter (at most 40)').default('CaseAudit'),
  /**
   * The Bedrock model of each agent (`{"default": …, "<agent>": …}`; a list is read as its first id
   * for every agent). Each agent's function is told its model and may invoke exactly that one.
   */
  bedrockModelIds: ModelChoice.default({ default: DEFAULT_BEDROCK_MODEL_ID }),
  /**
   * A Secrets Manager secret holding the CanLII API key (its name in this account and region, or its
   * complete ARN): the Verifier then confirms on CanLII the decisions the bundled index lacks. Only the
   * Verifier may read it (GetSecretValue on exactly this secret). Off when unset.
   */
  canliiApiKeySecret: optionalText(
    z
      .string()
      .refine((v) => (v.startsWith('arn:') ? COMPLETE_SECRET_ARN.test(v) : SECRET_NAME.test(v)), 'a Secrets Manager secret name (letters, digits and /_+=.@-) or its complete ARN (ending in the six characters Secrets Manager adds to the name)'),
  ),
  /** A Bedrock Knowledge Base the Detective may search (Retrieve on exactly this one). */
  knowledgeBaseId: optionalText(z.string().regex(/^[0-9A-Za-z]{10}$/, 'a 10-character Knowledge Base id')),
  /**
   * The Bedrock governor: at most this many model calls in flight per model across every agent of the
   * deployment (counted in the sessions table); a burst queues for a slot instead of being throttled. Unset: none.
   */
  bedrockConcurrency: count(1, 10_000).optional(),
  /** An Amazon Bedrock guardrail applied to every model call: `{"id": "gr1a2b3c4d5e", "version": "1"}`. */
  bedrockGuardrail: json(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9]{1,64}$/, 'a guardrail id such as gr1a2b3c4d5e (not its ARN)'),
      version: z.string().regex(/^(DRAFT|[1-9][0-9]{0,7})$/, 'a version number or DRAFT'),
    }),
  ).optional(),
  /**
   * How Intake reads scanned pages and image files: `textract` (Amazon Textract; Intake may call its
   * three text-detection actions, and Textract reads the documents with Intake's permissions) or
   * `off` (they stay needs-ocr). Tesseract (`local`) runs only on a laptop, not in Lambda.
   */
  ocr: z.enum(['off', 'textract']).default('off'),
  /** What an audit request that leaves them out gets. */
  defaultTier: z.enum(TIERS).default('guest'),
  defaultModel: z.enum(['none', 'bedrock']).default('none'),
  gateMode: z.enum(['live', 'demo']).default('live'),
  /** Reports move to Infrequent Access after this many days and are deleted after the retention. */
  reportInfrequentAccessDays: count(30, 3650).default(90),
  reportRetentionDays: count(1, 36500).default(2555),
  /** When set, case documents and audit working data are deleted this many days after upload. */
  caseDataRetentionDays: optionalText(count(1, 36500)),
  /** Replaced or deleted object versions are kept this long (recovery window), then deleted. */
  noncurrentVersionRetentionDays: count(1, 3650).default(30),
  logRetentionDays: z.coerce.number().refine((d) => (LOG_RETENTION_DAYS as readonly number[]).includes(d), 'a CloudWatch Logs retention period (1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, …)').default(90),
  accessLogRetentionDays: count(1, 36500).default(365),
  /** Browser origins allowed to call the API and to upload with presigned URLs (CORS). None by default. */
  allowedOrigins: list(z.url({ protocol: /^https?$/ }).refine((u) => !u.endsWith('/'), 'an origin has no trailing slash')).default([]),
  /** Steady-state requests per second and burst for the whole API stage, and for POST /audits. */
  apiRateLimit: count(1, 10000).default(20),
  apiBurstLimit: count(1, 5000).default(40),
  startAuditRateLimit: count(1, 1000).default(2),
  startAuditBurstLimit: count(1, 1000).default(5),
  /** An AWS WAF web ACL in front of the API (managed rule groups and a per-IP rate limit). */
  enableWaf: flag.default(false),
  wafRateLimitPer5Minutes: count(100, 2_000_000_000).default(1000),
  /** Where alarm notifications go (an email subscription to the alarm topic); none when unset. */
  alarmEmail: optionalText(z.email()),
  /** Require TOTP MFA for every user (recommended); when false, MFA is optional per user. */
  requireMfa: flag.default(true),
  /** Reserved concurrency per function (caps cost and protects the account's pool). */
  reservedConcurrency: perFunction.default({}),
  /** Provisioned concurrency per function (no cold starts; billed while idle). */
  provisionedConcurrency: perFunction.default({}),
  /** Bundle the AWS SDK into every function instead of using the one in the Lambda runtime. */
  bundleAwsSdk: flag.default(false),
  /** An existing customer-managed KMS key (ARN) for the bucket, the table and the queues; unset: the stack creates one. */
  dataKeyArn: optionalText(z.string().regex(/^arn:aws[a-z-]*:kms:[a-z0-9-]+:\d{12}:key\/[0-9a-f-]{36}$/, 'a KMS key ARN (arn:aws:kms:<region>:<account>:key/<id>)')),
  /**
   * The region the stack is deployed to, for the model check at synth only (the stack stays
   * environment-agnostic). Unset: CDK_DEFAULT_REGION (the region of the CLI's credentials); with
   * neither, models are checked for lifecycle only.
   */
  region: optionalText(z.string().regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'an AWS region such as ca-central-1')),
  /** Cost-allocation tags put on every resource, besides `application: case-audit` (activate them in the Billing console). */
  costTags: json(z.record(z.string().regex(/^[\p{L}\p{Z}\p{N}_.:/=+\-@]{1,128}$/u, 'a tag key (letters, digits, spaces and _.:/=+-@)'), z.string().max(256))).default({}),
});
export type DeploymentSettings = z.infer<typeof DeploymentSettings>;
export type DeploymentSettingsInput = z.input<typeof DeploymentSettings>;

export const CONTEXT_PREFIX = 'caseAudit:';

export class InvalidDeploymentSettings extends Error {
  override readonly name = 'InvalidDeploymentSettings';
}

/** Validates settings; each problem names the context key to fix. */
export function parseDeploymentSettings(raw: Record<string, unknown>): DeploymentSettings {
  const parsed = DeploymentSettings.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const key = i.code === 'unrecognized_keys' ? i.keys.map((k) => CONTEXT_PREFIX + [...i.path, k].join('.')).join(', ') : `${CONTEXT_PREFIX}${i.path.join('.')}`;
      return i.code === 'unrecognized_keys' ? `unknown setting ${key}` : `${key}: ${i.message}`;
    });
    throw new InvalidDeploymentSettings(`Invalid Case Audit deployment settings: ${problems.join('; ')}`);
  }
  const s = parsed.data;
  if (s.reportRetentionDays <= s.reportInfrequentAccessDays) {
    // No transition is worth making for reports deleted before they would move.
    return { ...s, reportInfrequentAccessDays: s.reportRetentionDays };
  }
  return s;
}

/** Reads the `caseAudit:<key>` entries of the CDK context (`app.node.getAllContext()`) into settings. */
export function settingsFromContext(context: Record<string, unknown>): DeploymentSettings {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(context)) {
    if (key.startsWith(CONTEXT_PREFIX) && value !== undefined) raw[key.slice(CONTEXT_PREFIX.length)] = value;
  }
  return parseDeploymentSettings(raw);
}

/** The Bedrock model an agent's function uses (and is granted): its own, else the default. */
export function agentModelId(settings: Pick<DeploymentSettings, 'bedrockModelIds'>, agent: AgentName): string {
  return settings.bedrockModelIds[agent] ?? settings.bedrockModelIds.default;
}

/** Every model some agent uses, once each (what the alarms and the dashboard watch). */
export function deployedModelIds(settings: Pick<DeploymentSettings, 'bedrockModelIds'>): string[] {
  return [...new Set(AGENTS.map((agent) => agentModelId(settings, agent)))];
}
