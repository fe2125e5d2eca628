import '../local/polyfills';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { S3UrlSigner } from '../lambdas/api/s3UrlSigner';
import type { ExecutionStarter } from '../lambdas/core/audit/startAudit';
import type { Session } from '../lambdas/core/session/sessionSchema';
import { documentsPrefix } from '../lambdas/core/storage/objectKeys';
import { readHostRecord } from '../local/dataFolder/hostRecord';
import { startLocalRuntime, type LocalRuntime } from '../local/localRuntime';
import { startApiServer } from '../local/serve/apiServer';

const ROOT = resolve(__dirname, '..');
const OWNER = 'local';
/** Statuses an audit can end in; anything else after every execution settled is a lost audit. */
const FINISHED = new Set(['SUCCEEDED', 'INCOMPLETE', 'FAILED']);

interface Example {
  name: string;
  workflowType: string;
  tier: string;
  files: Array<{ name: string; bytes: Buffer }>;
}

interface AuditTiming {
  caseId: string;
  example: string;
  /** POST /audits answered with this status (201 when the audit started). */
  httpStatus: number;
  auditId?: string;
  /** From sending POST /audits to its answer. */
  startMs?: number;
  /** From sending POST /audits to the end of the audit's execution. */
  totalMs?: number;
  error?: string;
}

function bundledExamples(): Example[] {
  const dir = join(ROOT, 'examples');
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'audit.json')))
    .map((e) => {
      const request = JSON.parse(readFileSync(join(dir, e.name, 'audit.json'), 'utf8')) as { workflowType: string; tier: string };
      const files = readdirSync(join(dir, e.name))
        .filter((n) => n !== 'audit.json' && n !== 'README.md')
        .map((n) => ({ name: n, bytes: readFileSync(join(dir, e.name, n)) }));
      return { name: e.name, workflowType: request.workflowType, tier: request.tier, files };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A field of /proc/<pid>/status in MiB (Linux): VmHWM is the peak resident set since the process started. */
function procMemoryMb(pid: number | 'self', field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
  } catch {
    return undefined;
  }
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
/** Nearest-rank percentile. */
const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]) : undefined;
};
const elapsed = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

/**
 * 50 audits started at once on one local runtime, as `case-audit serve` runs them: executions
 * in this process (the interpreter of the generated ASL, calling the Lambda handlers), the
 * DynamoDB and S3 emulators in the data folder's background host process (on disk), and every
 * audit started by POST /audits over loopback HTTP through the serve API server (the same route
 * table and operations as the API Gateway Lambdas). The bundled examples are used round robin,
 * each with its own workflow and tier, rules only (--model none). Documents are uploaded before
 * the clock starts; one audit runs first to load the code (not counted).
 *
 * Afterwards the sessions are listed through GET /audits: a request whose case has no session,
 * or a session not finished once every execution has settled, is lost; a case with more than
 * one session is duplicated. Prints numbers; asserts nothing.
 */
export async function benchLoadAudits(count = 50): Promise<Record<string, unknown>> {
  const examples = bundledExamples();
  const work = mkdtempSync(join(tmpdir(), 'case-audit-bench-load-'));
  const home = join(work, '.case-audit');
  const savedIdle = process.env.CASE_AUDIT_HOST_IDLE_MS;
  process.env.CASE_AUDIT_HOST_IDLE_MS = '1000';
  const loadBefore = loadavg()[0];

  let rt: LocalRuntime | undefined;
  let hostPid: number | undefined;
  try {
    rt = await startLocalRuntime({ dataFolder: home, persist: true, host: 'daemon' });
    const runtime = rt;
    const { emulators } = runtime;
    hostPid = (await readHostRecord(home))?.pid;

    // The starter of `case-audit serve`: each audit is claimed on the data folder while it runs here.
    const starter: ExecutionStarter = {
      async start(session: Session) {
        await emulators.home.claim(session.auditId);
        const started = await runtime.start(session);
        runtime
          .wait(session.auditId)
          .catch(() => undefined)
          .finally(() => void emulators.home.release(session.auditId).catch(() => undefined));
        return started;
      },
    };
    const token = randomBytes(32).toString('hex');
    const api = await startApiServer({
      deps: { store: emulators.store, blobs: emulators.blobs, starter, signer: new S3UrlSigner(emulators.clients.s3, emulators.bucket), defaults: {}, uploadUrlSeconds: 900, downloadUrlSeconds: 900 },
      token,
      owner: OWNER,
      port: 0,
      log: { warn: () => undefined, error: () => undefined },
    });
    const call = (path: string, init: RequestInit = {}) => fetch(`${api.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });

    const startAudit = async (caseId: string, example: Example): Promise<AuditTiming> => {
      const sent = process.hrtime.bigint();
      const timing: AuditTiming = { caseId, example: example.name, httpStatus: 0 };
      try {
        const reply = await call('/audits', { method: 'POST', body: JSON.stringify({ caseId, workflowType: example.workflowType, tier: example.tier }) });
        timing.httpStatus = reply.status;
        timing.startMs = elapsed(sent);
        const body = (await reply.json()) as { auditId?: string; message?: string };
        if (reply.status !== 201 || !body.auditId) {
          timing.error = body.message ?? `HTTP ${reply.status}`;
          return timing;
        }
        timing.auditId = body.auditId;
        await runtime.wait(body.auditId);
        timing.totalMs = elapsed(sent);
      } catch (err) {
        timing.error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      }
      return timing;
    };

    // Documents first, outside the measurement.
    const uploadStarted = process.hrtime.bigint();
    const requests = Array.from({ length: count }, (_, i) => ({ caseId: `load-${String(i).padStart(3, '0')}`, example: examples[i % examples.length] }));
    const warmup = { caseId: 'load-warmup', example: examples[0] };
    for (const { caseId, example } of [warmup, ...requests]) {
      await Promise.all(example.files.map((f) => emulators.blobs.put(`${documentsPrefix(OWNER, caseId)}${f.name}`, f.bytes)));
    }
    const uploadMs = elapsed(uploadStarted);
    const warm = await startAudit(warmup.caseId, warmup.example);

    // Peak memory while the audits run: this process, and the host that runs the emulators.
    let peakRss = process.memoryUsage().rss;
    let peakHostRss = hostPid ? (procMemoryMb(hostPid, 'VmRSS') ?? 0) : 0;
    const rssBefore = { processMb: mb(peakRss), hostMb: peakHostRss || undefined };
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (hostPid) peakHostRss = Math.max(peakHostRss, procMemoryMb(hostPid, 'VmRSS') ?? 0);
    }, 50);

    const started = process.hrtime.bigint();
    const timings = await Promise.all(requests.map(({ caseId, example }) => startAudit(caseId, example)));
    const wallMs = elapsed(started);
    clearInterval(sampler);
    const hostPeakSinceStart = hostPid ? procMemoryMb(hostPid, 'VmHWM') : undefined;

    // Verification: list the sessions through the API, as a user would, and count per request.
    const listed = (await (await call('/audits?limit=100')).json()) as { audits: Array<{ auditId: string; caseId: string; status: string }> };
    const byCase = new Map<string, Array<{ auditId: string; status: string }>>();
    for (const audit of listed.audits) byCase.set(audit.caseId, [...(byCase.get(audit.caseId) ?? []), audit]);
    let lost = 0;
    let duplicated = 0;
    const statuses: Record<string, number> = {};
    for (const { caseId } of requests) {
      const sessions = byCase.get(caseId) ?? [];
      if (sessions.length > 1) duplicated += 1;
      if (sessions.length === 0 || !sessions.some((s) => FINISHED.has(s.status))) lost += 1;
      for (const s of sessions) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
    }
    await api.close();

    const totals = timings.map((t) => t.totalMs).filter((ms): ms is number => ms !== undefined);
    const starts = timings.map((t) => t.startMs).filter((ms): ms is number => ms !== undefined);
    const perExample: Record<string, { audits: number; p50Ms?: number }> = {};
    for (const example of examples) {
      const mine = timings.filter((t) => t.example === example.name && t.totalMs !== undefined).map((t) => t.totalMs!);
      perExample[example.name] = { audits: timings.filter((t) => t.example === example.name).length, p50Ms: percentile(mine, 0.5) };
    }
    return {
      setup:
        'one local runtime as case-audit serve runs it: executions in this process, DynamoDB and S3 emulators in the data folder’s background host (on disk); audits started by POST /audits over loopback HTTP; rules only',
      machine: { cores: availableParallelism(), loadAverageBefore: Math.round(loadBefore * 100) / 100, node: process.version },
      audits: count,
      examplesRoundRobin: perExample,
      documentsUploaded: requests.reduce((n, r) => n + r.example.files.length, 0),
      uploadMs: Math.round(uploadMs),
      warmupAuditMs: warm.totalMs === undefined ? warm.error : Math.round(warm.totalMs),
      totalWallMs: Math.round(wallMs),
      throughputPerMin: Math.round((totals.length / (wallMs / 60_000)) * 10) / 10,
      perAuditMs: { p50: percentile(totals, 0.5), p99: percentile(totals, 0.99), min: percentile(totals, 0), max: percentile(totals, 1) },
      startReplyMs: { p50: percentile(starts, 0.5), p99: percentile(starts, 0.99) },
      statuses,
      lost,
      duplicated,
      errors: timings.filter((t) => t.error).map((t) => ({ caseId: t.caseId, httpStatus: t.httpStatus, error: t.error })),
      peakRssMb: {
        process: { before: rssBefore.processMb, duringAudits: mb(peakRss), sinceProcessStart: procMemoryMb('self', 'VmHWM') },
        host: hostPid ? { before: rssBefore.hostMb, duringAudits: peakHostRss || undefined, sinceHostStart: hostPeakSinceStart } : 'not found',
      },
    };
  } finally {
    await rt?.stop();
    if (savedIdle === undefined) delete process.env.CASE_AUDIT_HOST_IDLE_MS;
    else process.env.CASE_AUDIT_HOST_IDLE_MS = savedIdle;
    // The host stops once idle; then its folder can go.
    for (let i = 0; i < 100 && hostPid !== undefined && isAlive(hostPid); i++) await new Promise((r) => setTimeout(r, 100));
    if (hostPid === undefined || !isAlive(hostPid)) rmSync(work, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

if (require.main === module) {
  benchLoadAudits().then((r) => console.log(JSON.stringify(r, null, 2)));
}
