import * as z from 'zod';
import { AGENTS, AgentName } from '../../../workflows/schema';
import { ModelSettingsInvalid } from './modelErrors';

/** The Bedrock model every agent uses unless configured otherwise (the CDK app's default too). */
export const DEFAULT_BEDROCK_MODEL_ID = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';

/** What each setting is, for error messages and docs/models.md. */
export const MODEL_SETTING_HELP = {
  CASE_AUDIT_BEDROCK_MODEL_ID: `the Bedrock model id (or inference profile id) of every agent that has none of its own (default ${DEFAULT_BEDROCK_MODEL_ID}; in AWS the CDK app sets it in each agent's function to that agent's model)`,
  CASE_AUDIT_BEDROCK_MODEL_ID_AGENT: 'one agent\'s Bedrock model id, e.g. CASE_AUDIT_BEDROCK_MODEL_ID_JUDGE (in AWS the CDK app sets it from caseAudit:bedrockModelIds, and the agent\'s role may invoke that model only)',
  CASE_AUDIT_BEDROCK_REGION: 'the region of Bedrock calls (default: AWS_REGION)',
  AWS_ENDPOINT_URL_BEDROCK_RUNTIME: 'an optional Bedrock runtime endpoint URL (a local fake in tests)',
  CASE_AUDIT_BEDROCK_PROFILE: 'an AWS profile for Bedrock calls (the local CLI keeps yours here, since the local runtime replaces the AWS_* credentials)',
  CASE_AUDIT_BEDROCK_GUARDRAIL_ID: 'an Amazon Bedrock guardrail (id or ARN) applied to every Bedrock call; with CASE_AUDIT_BEDROCK_GUARDRAIL_VERSION (in AWS the CDK app sets both from caseAudit:bedrockGuardrail)',
  CASE_AUDIT_BEDROCK_GUARDRAIL_VERSION: 'the guardrail version to apply: a number, or DRAFT',
  CASE_AUDIT_OPENAI_API_KEY: 'the bearer token for an OpenAI-compatible endpoint, when it needs one',
  CASE_AUDIT_MODEL_TIMEOUT_MS: 'how long one attempt of a model call may take (default 60000)',
  CASE_AUDIT_MODEL_DEADLINE_MS: 'how long one model-assisted step may take in all, retries and the re-ask included (default 150000; keep it below the Lambda timeout)',
  CASE_AUDIT_MODEL_MAX_ATTEMPTS: 'attempts per model call, the first included (default 4)',
  CASE_AUDIT_MODEL_RETRY_BASE_MS: 'the first backoff ceiling between attempts (default 250)',
  CASE_AUDIT_MODEL_RETRY_CAP_MS: 'the largest backoff ceiling (default 8000)',
  CASE_AUDIT_MODEL_CONCURRENCY: 'model calls in flight at once in one process (default 4)',
  CASE_AUDIT_MODEL_ACCOUNT_SLOTS: 'Bedrock calls in flight at once per model across the whole deployment, counted in the sessions table (TABLE_NAME); unset: no account-wide limit (in AWS the CDK app sets it from caseAudit:bedrockConcurrency)',
  CASE_AUDIT_MODEL_BREAKER_THRESHOLD: 'consecutive failed calls that open the circuit breaker (default 5)',
  CASE_AUDIT_MODEL_BREAKER_COOLDOWN_MS: 'how long an open circuit fails fast (default 30000)',
} as const;

const BEDROCK_MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:/-]{2,199}$/;
const blankIsUnset = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), schema);
const count = (min: number, max: number, fallback: number) => blankIsUnset(z.coerce.number().int().min(min).max(max).default(fallback));
const text = blankIsUnset(z.string().optional());
const modelId = blankIsUnset(z.string().regex(BEDROCK_MODEL_ID, 'a Bedrock model id or inference profile id such as us.anthropic.claude-haiku-4-5-20251001-v1:0').optional());

const agentSetting = (agent: AgentName) => `CASE_AUDIT_BEDROCK_MODEL_ID_${agent.toUpperCase()}`;

const ModelEnv = z.object({
  CASE_AUDIT_BEDROCK_MODEL_ID: modelId,
  ...Object.fromEntries(AGENTS.map((a) => [agentSetting(a), modelId])),
  CASE_AUDIT_BEDROCK_REGION: text,
  AWS_REGION: text,
  AWS_DEFAULT_REGION: text,
  AWS_ENDPOINT_URL_BEDROCK_RUNTIME: blankIsUnset(z.url({ protocol: /^https?$/ }).optional()),
  CASE_AUDIT_BEDROCK_PROFILE: text,
  CASE_AUDIT_BEDROCK_ACCESS_KEY_ID: text,
  CASE_AUDIT_BEDROCK_SECRET_ACCESS_KEY: text,
  CASE_AUDIT_BEDROCK_SESSION_TOKEN: text,
  CASE_AUDIT_BEDROCK_GUARDRAIL_ID: blankIsUnset(z.string().regex(/^(arn:aws[a-z-]*:bedrock:[a-z0-9-]+:\d{12}:guardrail\/)?[a-z0-9]{1,64}$/, 'a guardrail id such as gr1a2b3c4d5e or its ARN').optional()),
  CASE_AUDIT_BEDROCK_GUARDRAIL_VERSION: blankIsUnset(z.string().regex(/^(DRAFT|[1-9][0-9]{0,7})$/, 'a version number or DRAFT').optional()),
  CASE_AUDIT_OPENAI_API_KEY: text,
  CASE_AUDIT_MODEL_TIMEOUT_MS: count(1000, 900_000, 60_000),
  CASE_AUDIT_MODEL_DEADLINE_MS: count(1000, 3_600_000, 150_000),
  CASE_AUDIT_MODEL_MAX_ATTEMPTS: count(1, 10, 4),
  CASE_AUDIT_MODEL_RETRY_BASE_MS: count(0, 60_000, 250),
  CASE_AUDIT_MODEL_RETRY_CAP_MS: count(0, 300_000, 8000),
  CASE_AUDIT_MODEL_CONCURRENCY: count(1, 256, 4),
  CASE_AUDIT_MODEL_ACCOUNT_SLOTS: blankIsUnset(z.coerce.number().int().min(1).max(10_000).optional()),
  TABLE_NAME: text,
  CASE_AUDIT_MODEL_BREAKER_THRESHOLD: count(1, 1000, 5),
  CASE_AUDIT_MODEL_BREAKER_COOLDOWN_MS: count(0, 3_600_000, 30_000),
});

export const BedrockSettings = z.strictObject({
  /** Undefined when neither CASE_AUDIT_BEDROCK_REGION nor AWS_REGION is set: Bedrock then cannot be used. */
  region: z.string().min(1).optional(),
  endpoint: z.string().min(1).optional(),
  credentials: z.strictObject({ accessKeyId: z.string().min(1), secretAccessKey: z.string().min(1), sessionToken: z.string().min(1).optional() }).optional(),
  profile: z.string().min(1).optional(),
  defaultModelId: z.string().regex(BEDROCK_MODEL_ID),
  modelIds: z.partialRecord(AgentName, z.string().regex(BEDROCK_MODEL_ID)),
  /** A Bedrock guardrail applied to every Converse call. */
  guardrail: z.strictObject({ identifier: z.string().min(1), version: z.string().min(1) }).optional(),
});
export type BedrockSettings = z.infer<typeof BedrockSettings>;

const whole = (min: number) => z.number().int().min(min);

/** The model layer's settings: read once from the environment at an entry point, then passed down (and sent with a job to the local host). */
export const ModelSettings = z.strictObject({
  bedrock: BedrockSettings,
  openAiApiKey: z.string().min(1).optional(),
  timeoutMs: whole(1),
  /** One structured request in all (retries and the re-ask included). */
  deadlineMs: whole(1),
  retry: z.strictObject({ maxAttempts: whole(1), baseDelayMs: whole(0), maxDelayMs: whole(0) }),
  concurrency: whole(1),
  /** The account-wide governor: at most `limit` Bedrock calls per model in flight across every function (accountModelSlots.ts). */
  accountSlots: z.strictObject({ limit: whole(1), tableName: z.string().min(1) }).optional(),
  breaker: z.strictObject({ failureThreshold: whole(1), cooldownMs: whole(0) }),
});
export type ModelSettings = z.infer<typeof ModelSettings>;

/** Reads the model settings from the environment; every problem names its variable and what it is for. */
export function readModelSettings(env: NodeJS.ProcessEnv = process.env): ModelSettings {
  const parsed = ModelEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const help = MODEL_SETTING_HELP[name as keyof typeof MODEL_SETTING_HELP] ?? (name.startsWith('CASE_AUDIT_BEDROCK_MODEL_ID_') ? MODEL_SETTING_HELP.CASE_AUDIT_BEDROCK_MODEL_ID_AGENT : name);
      return `${name} is not valid (${issue.message}): ${help}`;
    });
    throw new ModelSettingsInvalid(`Invalid model settings: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const byName = parsed.data as Record<string, unknown>;
  const modelIds: Partial<Record<AgentName, string>> = {};
  for (const agent of AGENTS) {
    const id = byName[agentSetting(agent)];
    if (typeof id === 'string') modelIds[agent] = id;
  }
  const accessKeyId = e.CASE_AUDIT_BEDROCK_ACCESS_KEY_ID;
  const secretAccessKey = e.CASE_AUDIT_BEDROCK_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ModelSettingsInvalid('Invalid model settings: CASE_AUDIT_BEDROCK_ACCESS_KEY_ID and CASE_AUDIT_BEDROCK_SECRET_ACCESS_KEY go together; set both or neither');
  }
  if (Boolean(e.CASE_AUDIT_BEDROCK_GUARDRAIL_ID) !== Boolean(e.CASE_AUDIT_BEDROCK_GUARDRAIL_VERSION)) {
    throw new ModelSettingsInvalid('Invalid model settings: CASE_AUDIT_BEDROCK_GUARDRAIL_ID and CASE_AUDIT_BEDROCK_GUARDRAIL_VERSION go together; set both or neither');
  }
  if (e.CASE_AUDIT_MODEL_ACCOUNT_SLOTS !== undefined && !e.TABLE_NAME) {
    throw new ModelSettingsInvalid('Invalid model settings: CASE_AUDIT_MODEL_ACCOUNT_SLOTS counts model calls in the sessions table, but TABLE_NAME is not set');
  }
  const region = e.CASE_AUDIT_BEDROCK_REGION ?? e.AWS_REGION ?? e.AWS_DEFAULT_REGION;
  return {
    bedrock: {
      ...(region ? { region } : {}),
      ...(e.AWS_ENDPOINT_URL_BEDROCK_RUNTIME ? { endpoint: e.AWS_ENDPOINT_URL_BEDROCK_RUNTIME } : {}),
      ...(accessKeyId && secretAccessKey
        ? { credentials: { accessKeyId, secretAccessKey, ...(e.CASE_AUDIT_BEDROCK_SESSION_TOKEN ? { sessionToken: e.CASE_AUDIT_BEDROCK_SESSION_TOKEN } : {}) } }
        : {}),
      ...(e.CASE_AUDIT_BEDROCK_PROFILE ? { profile: e.CASE_AUDIT_BEDROCK_PROFILE } : {}),
      defaultModelId: e.CASE_AUDIT_BEDROCK_MODEL_ID ?? DEFAULT_BEDROCK_MODEL_ID,
      modelIds,
      ...(e.CASE_AUDIT_BEDROCK_GUARDRAIL_ID && e.CASE_AUDIT_BEDROCK_GUARDRAIL_VERSION ? { guardrail: { identifier: e.CASE_AUDIT_BEDROCK_GUARDRAIL_ID, version: e.CASE_AUDIT_BEDROCK_GUARDRAIL_VERSION } } : {}),
    },
    ...(e.CASE_AUDIT_OPENAI_API_KEY ? { openAiApiKey: e.CASE_AUDIT_OPENAI_API_KEY } : {}),
    timeoutMs: e.CASE_AUDIT_MODEL_TIMEOUT_MS,
    deadlineMs: e.CASE_AUDIT_MODEL_DEADLINE_MS,
    retry: { maxAttempts: e.CASE_AUDIT_MODEL_MAX_ATTEMPTS, baseDelayMs: e.CASE_AUDIT_MODEL_RETRY_BASE_MS, maxDelayMs: e.CASE_AUDIT_MODEL_RETRY_CAP_MS },
    concurrency: e.CASE_AUDIT_MODEL_CONCURRENCY,
    ...(e.CASE_AUDIT_MODEL_ACCOUNT_SLOTS !== undefined && e.TABLE_NAME ? { accountSlots: { limit: e.CASE_AUDIT_MODEL_ACCOUNT_SLOTS, tableName: e.TABLE_NAME } } : {}),
    breaker: { failureThreshold: e.CASE_AUDIT_MODEL_BREAKER_THRESHOLD, cooldownMs: e.CASE_AUDIT_MODEL_BREAKER_COOLDOWN_MS },
  };
}

/**
 * For the local CLI: `env` with the user's own AWS region and credentials (or profile) named as the
 * Bedrock settings, unless CASE_AUDIT_BEDROCK_* already say otherwise, so the settings read from it
 * say which credentials an audit's Bedrock calls use wherever the audit runs (in the command, or in
 * the data folder's host, whose own environment is another process's). With neither keys nor a
 * profile, the `default` profile's chain is named (shared files, SSO, process credentials, instance
 * role). A copy: the environment itself is left as it is.
 */
export function withOwnBedrockCredentials(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...source };
  const region = env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim();
  if (!env.CASE_AUDIT_BEDROCK_REGION && region) env.CASE_AUDIT_BEDROCK_REGION = region;
  if (env.CASE_AUDIT_BEDROCK_ACCESS_KEY_ID || env.CASE_AUDIT_BEDROCK_PROFILE) return env;
  if (env.AWS_PROFILE?.trim()) {
    env.CASE_AUDIT_BEDROCK_PROFILE = env.AWS_PROFILE.trim();
  } else if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    env.CASE_AUDIT_BEDROCK_ACCESS_KEY_ID = env.AWS_ACCESS_KEY_ID;
    env.CASE_AUDIT_BEDROCK_SECRET_ACCESS_KEY = env.AWS_SECRET_ACCESS_KEY;
    if (env.AWS_SESSION_TOKEN) env.CASE_AUDIT_BEDROCK_SESSION_TOKEN = env.AWS_SESSION_TOKEN;
  } else {
    env.CASE_AUDIT_BEDROCK_PROFILE = 'default';
  }
  return env;
}
