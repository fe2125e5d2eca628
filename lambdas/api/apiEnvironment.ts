import * as z from 'zod';
import { readAuditDefaults } from '../core/audit/auditDefaults';
import { StepFunctionsStarter } from '../core/audit/stepFunctionsStarter';
import { getRuntimeDeps } from '../core/aws/runtimeConfig';
import { traceClients } from '../core/observability/tracing';
import type { ApiDeps } from './apiDeps';
import { S3UrlSigner, createSigningS3Client } from './s3UrlSigner';
import { StepFunctionsReviews } from '../review/stepFunctionsReviews';

const seconds = (setting: string, max: number) =>
  z.coerce
    .number({ error: `${setting} must be a number of seconds` })
    .int(`${setting} must be a whole number of seconds`)
    .min(1, `${setting} must be at least 1 second`)
    .max(max, `${setting} must be at most ${max} seconds`);

const UrlLifetimes = z.object({
  UPLOAD_URL_SECONDS: seconds('UPLOAD_URL_SECONDS', 3600).default(900),
  DOWNLOAD_URL_SECONDS: seconds('DOWNLOAD_URL_SECONDS', 3600).default(300),
});

let cached: ApiDeps | undefined;

/**
 * The API handlers' dependencies in a Lambda container, created on first use from the environment.
 * The Step Functions client is created only by a handler that starts an audit.
 */
export function apiDepsFromEnvironment(env: NodeJS.ProcessEnv = process.env): ApiDeps {
  if (cached) return cached;
  const runtime = getRuntimeDeps();
  const lifetimes = UrlLifetimes.parse({
    UPLOAD_URL_SECONDS: env.UPLOAD_URL_SECONDS?.trim() || undefined,
    DOWNLOAD_URL_SECONDS: env.DOWNLOAD_URL_SECONDS?.trim() || undefined,
  });
  const signingClient = createSigningS3Client({ region: runtime.config.region, ...(runtime.config.endpoints?.s3 ? { endpoint: runtime.config.endpoints.s3 } : {}) });
  traceClients(runtime.clients.ddb, runtime.clients.s3);
  cached = {
    store: runtime.store,
    blobs: runtime.blobs,
    starter: new StepFunctionsStarter({ region: runtime.config.region }),
    signer: new S3UrlSigner(signingClient, runtime.config.bucketName),
    defaults: readAuditDefaults(env),
    uploadUrlSeconds: lifetimes.UPLOAD_URL_SECONDS,
    downloadUrlSeconds: lifetimes.DOWNLOAD_URL_SECONDS,
    reviews: new StepFunctionsReviews({ region: runtime.config.region }),
  };
  return cached;
}
