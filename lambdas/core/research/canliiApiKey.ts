import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { logger } from '../observability/logger';

/**
 * The CanLII API key in AWS, where it is not an environment variable: the deployment names a Secrets
 * Manager secret (CDK context `caseAudit:canliiApiKeySecret`), passes its name or ARN to the functions
 * that look citations up on CanLII as CASE_AUDIT_CANLII_API_KEY_SECRET, and grants them read access
 * to exactly that secret. The key is read once per container and kept in memory only.
 *
 * The secret's value is the key itself, or a JSON object `{"apiKey": "…"}`. A secret that cannot be
 * read turns CanLII off for the run (citations the index lacks stay `unverified`) with a problem that
 * names the secret and the error, never the key. Locally, CASE_AUDIT_CANLII_API_KEY is set directly
 * and wins over the secret.
 */
export const CANLII_API_KEY_SECRET_SETTING = 'CASE_AUDIT_CANLII_API_KEY_SECRET';
const API_KEY_SETTING = 'CASE_AUDIT_CANLII_API_KEY';

/** How long one read of the secret may take before CanLII is left off for the run. */
export const SECRET_READ_TIMEOUT_MS = 5_000;

/** What the CanLII settings are read from, and why CanLII is off when its secret could not be read. */
export interface CanliiKeySettings {
  env: NodeJS.ProcessEnv;
  problem?: string;
}

/** The secret's value: the key as is, or `{"apiKey": "…"}`. */
const SecretValue = z.union([z.strictObject({ apiKey: z.string().trim().min(1) }).transform((v) => v.apiKey), z.string().trim().min(1)]);

class UnusableSecretValue extends Error {
  override readonly name = 'UnusableSecretValue';
}

function keyFrom(secretString: string | undefined): string {
  if (secretString === undefined) throw new UnusableSecretValue('the secret has no text value (a binary secret cannot hold the key)');
  let value: unknown = secretString;
  if (secretString.trim().startsWith('{')) {
    try {
      value = JSON.parse(secretString);
    } catch {
      throw new UnusableSecretValue('the secret looks like JSON but does not parse');
    }
  }
  const parsed = SecretValue.safeParse(value);
  if (!parsed.success) throw new UnusableSecretValue('the secret is neither the key nor {"apiKey": "…"}');
  return parsed.data;
}

/** The region an ARN names (`arn:aws:secretsmanager:ca-central-1:…`); undefined for a plain name. */
const regionOf = (secretId: string): string | undefined => /^arn:[^:]+:secretsmanager:([^:]+):/.exec(secretId)?.[1];

let cached: { secretId: string; apiKey: Promise<string> } | undefined;
const clients = new Map<string, SecretsManagerClient>();

/**
 * The Secrets Manager client is loaded only where a secret is named: every other run (and the CLI)
 * never pays for it. It is `require`d, not `import()`ed: in the CommonJS bundle a native import()
 * resolves as ECMAScript modules do, ignoring NODE_PATH — through which Lambda's runtime provides the
 * SDK — so the same bundle would fail with ERR_MODULE_NOT_FOUND anywhere the SDK is not beside it.
 */
async function readKey(given: SecretsManagerClient | undefined, secretId: string): Promise<string> {
  const { GetSecretValueCommand, SecretsManagerClient: Client } = require('@aws-sdk/client-secrets-manager') as typeof import('@aws-sdk/client-secrets-manager');
  const region = regionOf(secretId) ?? '';
  let client = given ?? clients.get(region);
  if (!client) {
    client = new Client(region ? { region } : {});
    clients.set(region, client);
  }
  const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }), { abortSignal: AbortSignal.timeout(SECRET_READ_TIMEOUT_MS) });
  return keyFrom(out.SecretString);
}

/**
 * The environment to read the CanLII settings from: `env` itself when no secret is named or a key is
 * set directly; else `env` with the key from the secret, or, when the secret cannot be read, `env`
 * without a key and the problem (logged, and shown in the verifier's status). A read key is kept for
 * the container's life; a failed read is tried again by the next run.
 */
export async function withCanliiApiKey(env: NodeJS.ProcessEnv = process.env, client?: SecretsManagerClient): Promise<CanliiKeySettings> {
  const secretId = env[CANLII_API_KEY_SECRET_SETTING]?.trim();
  if (!secretId || env[API_KEY_SETTING]?.trim()) return { env };
  let entry = cached;
  if (entry?.secretId !== secretId) {
    const apiKey = readKey(client, secretId);
    entry = cached = { secretId, apiKey };
    apiKey.catch(() => {
      if (cached?.apiKey === apiKey) cached = undefined;
    });
  }
  try {
    return { env: { ...env, [API_KEY_SETTING]: await entry.apiKey } };
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    const detail = error instanceof UnusableSecretValue ? `: ${error.message}` : '';
    const problem = `the CanLII API key could not be read from Secrets Manager secret ${secretId} (${name}${detail})`;
    logger.error('CanLII API key unavailable; verifying without CanLII', { setting: CANLII_API_KEY_SECRET_SETTING, secret: secretId, error: name });
    return { env, problem };
  }
}

/** Forgets the key read in this container (tests; a rotated key is otherwise picked up by new containers). */
export function forgetCanliiApiKey(): void {
  cached = undefined;
}
