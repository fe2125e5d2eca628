import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { SessionStore } from '../session/sessionStore';
import { BlobStore } from '../storage/blobStore';
import { createDynamoDocumentClient, createS3Client } from './clients';
import { DeterministicError } from '../errors/deterministicError';

/** What each setting is, for error messages. */
const SETTING_HELP = {
  TABLE_NAME: 'the DynamoDB sessions table',
  BUCKET_NAME: 'the S3 bucket for case documents, reports and spilled outputs',
  AWS_REGION: 'the AWS region (set by Lambda; the local runtime sets ca-central-1)',
  AWS_ENDPOINT_URL_DYNAMODB: 'an optional DynamoDB endpoint URL (local emulator only)',
  AWS_ENDPOINT_URL_S3: 'an optional S3 endpoint URL (local emulator only)',
} as const;

const required = z.string().trim().min(1);
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

const RuntimeEnv = z.object({
  TABLE_NAME: required,
  BUCKET_NAME: required,
  AWS_REGION: required,
  AWS_ENDPOINT_URL_DYNAMODB: optionalUrl,
  AWS_ENDPOINT_URL_S3: optionalUrl,
});

/** The runtime configuration of a Lambda or of the embedded local runtime. */
export const RuntimeConfig = z.strictObject({
  tableName: z.string(),
  bucketName: z.string(),
  region: z.string(),
  endpoints: z.strictObject({ dynamodb: z.string().optional(), s3: z.string().optional() }).optional(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

/** A runtime setting is missing or malformed; names each one and what it is for. */
export class RuntimeConfigError extends DeterministicError {
  override readonly name = 'RuntimeConfigError';

  constructor(readonly settings: string[], detail: string) {
    super(`Invalid runtime configuration: ${detail}. Set it in the Lambda environment (the CDK stack does) or run through the local runtime (case-audit run/serve).`);
  }
}

export function readRuntimeConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const parsed = RuntimeEnv.safeParse(env);
  if (!parsed.success) {
    const settings = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
    const detail = settings
      .map((name) => {
        const value = env[name];
        const problem = value === undefined || value.trim() === '' ? 'is not set' : `is not valid (${JSON.stringify(value)})`;
        return `${name} ${problem}: ${SETTING_HELP[name as keyof typeof SETTING_HELP] ?? name}`;
      })
      .join('; ');
    throw new RuntimeConfigError(settings, detail);
  }
  const e = parsed.data;
  const endpoints = {
    ...(e.AWS_ENDPOINT_URL_DYNAMODB ? { dynamodb: e.AWS_ENDPOINT_URL_DYNAMODB } : {}),
    ...(e.AWS_ENDPOINT_URL_S3 ? { s3: e.AWS_ENDPOINT_URL_S3 } : {}),
  };
  return {
    tableName: e.TABLE_NAME,
    bucketName: e.BUCKET_NAME,
    region: e.AWS_REGION,
    ...(Object.keys(endpoints).length > 0 ? { endpoints } : {}),
  };
}

export interface RuntimeDeps {
  store: SessionStore;
  blobs: BlobStore;
  config: RuntimeConfig;
  clients: { ddb: DynamoDBDocumentClient; s3: S3Client };
}

const depsByConfig = new Map<string, RuntimeDeps>();

/**
 * The session store, blob store and clients for the current configuration. Clients are created
 * once per distinct configuration: a Lambda container creates them on its first invocation, and
 * an in-process local runtime that points the env at another emulator gets fresh ones.
 * Reads process.env on each call (cheap) because credentials also come from it, through the SDK's
 * default chain (the Lambda role, or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY locally).
 */
export function getRuntimeDeps(): RuntimeDeps {
  const config = readRuntimeConfig(process.env);
  const key = JSON.stringify(config);
  const cached = depsByConfig.get(key);
  if (cached) return cached;
  const clientConfig = { region: config.region, ...(config.endpoints ? { endpoints: config.endpoints } : {}) };
  const ddb = createDynamoDocumentClient(clientConfig);
  const s3 = createS3Client(clientConfig);
  const blobs = new BlobStore({ s3, bucket: config.bucketName });
  const store = new SessionStore({ ddb, tableName: config.tableName, blobs });
  const deps: RuntimeDeps = { store, blobs, config, clients: { ddb, s3 } };
  depsByConfig.set(key, deps);
  return deps;
}

/** Destroys every client created by getRuntimeDeps (local runtime shutdown, end of a test file). */
export function disposeRuntimeDeps(): void {
  for (const deps of depsByConfig.values()) {
    deps.clients.ddb.destroy();
    deps.clients.s3.destroy();
  }
  depsByConfig.clear();
}
