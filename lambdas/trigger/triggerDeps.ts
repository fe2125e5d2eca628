import * as z from 'zod';
import { readAuditDefaults } from '../core/audit/auditDefaults';
import { StepFunctionsStarter } from '../core/audit/stepFunctionsStarter';
import type { UploadStartDeps } from '../core/audit/uploadStart';
import { UploadStartRecords } from '../core/audit/uploadStartRecords';
import { AWS_READINESS } from '../core/audit/uploadReadiness';
import { getRuntimeDeps } from '../core/aws/runtimeConfig';
import { traceClients } from '../core/observability/tracing';

const DEFAULT_CLAIM_LEASE_SECONDS = 900;

const LeaseSetting = z.coerce
  .number({ error: 'START_CLAIM_LEASE_SECONDS must be a number of seconds' })
  .int('START_CLAIM_LEASE_SECONDS must be a whole number of seconds')
  .positive('START_CLAIM_LEASE_SECONDS must be positive');

let cached: UploadStartDeps | undefined;

/** The start-audit Lambda's dependencies, created once per container from its environment. */
export function triggerDepsFromEnvironment(env: NodeJS.ProcessEnv = process.env): UploadStartDeps {
  if (cached) return cached;
  const runtime = getRuntimeDeps();
  const starter = new StepFunctionsStarter({ region: runtime.config.region });
  traceClients(runtime.clients.ddb, runtime.clients.s3, starter.client());
  const lease = LeaseSetting.parse(env.START_CLAIM_LEASE_SECONDS?.trim() || DEFAULT_CLAIM_LEASE_SECONDS);
  cached = {
    store: runtime.store,
    blobs: runtime.blobs,
    starter,
    records: new UploadStartRecords(runtime.clients.ddb, runtime.config.tableName),
    defaults: readAuditDefaults(env),
    claimLeaseMs: lease * 1000,
    // Documents still landing are waited for in place up to a minute (the function runs for two), then handed back.
    readiness: AWS_READINESS,
    waitInPlaceMs: 60_000,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
  return cached;
}
