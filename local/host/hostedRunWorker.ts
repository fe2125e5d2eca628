/**
 * The worker thread of the data folder's host that runs the audits commands hand over
 * (hostedRuns.ts). An audit is CPU-heavy (PDF text, rules, the report's PDF); on the host's main
 * thread it would hold up the emulators and the control channel, so that `status` or `list` in
 * another terminal waited seconds for an answer. Here it runs on its own thread and reaches the
 * emulators by their endpoints, like any attached process; claims stay in the main thread (they
 * belong to the commands' connections), and everything the audit prints goes back as messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { AuditAlreadyRunning, type DataFolderSession } from '../dataFolder/dataFolderSession';
import type { LocalRuntime } from '../localRuntime';
import { startLocalRuntime } from '../localRuntime';
import { readCaseFolder } from '../run/caseFolder';
import type { CommandOutput } from '../run/commandOutput';
import { prepareOutputFolder } from '../run/outputFolder';
import { runAudit } from '../run/runAudit';
import { commandAuditSettings } from '../run/commandSettings';
import type { RunJob } from './hostJob';
import { fromWorkerError, toWorkerError, type FromWorker, type SessionCall, type ToWorker, type WorkerStart } from './workerMessages';

const port = parentPort;
if (!port) throw new Error('hostedRunWorker runs only as a worker thread of the data folder host');
const start = workerData as WorkerStart;
const post = (message: FromWorker) => port.postMessage(message);

let nextCall = 1;
const calls = new Map<number, { resolve(value: Record<string, number> | undefined): void; reject(err: Error): void }>();

function call(op: SessionCall['op'], jobId?: number, auditId?: string): Promise<Record<string, number> | undefined> {
  const callId = nextCall++;
  return new Promise((resolve, reject) => {
    calls.set(callId, { resolve, reject });
    post({ kind: 'call', callId, op, ...(jobId !== undefined ? { jobId } : {}), ...(auditId !== undefined ? { auditId } : {}) });
  });
}

/** A session whose claims are made by the main thread: the command's own connection (jobId) or the host's. */
function sessionFor(role: 'host' | 'attached', jobId?: number): DataFolderSession {
  return {
    role,
    hostPid: process.pid,
    async claim(auditId) {
      try {
        await call('claim', jobId, auditId);
      } catch (err) {
        // Rethrown as the class callers test for (runAudit lets it through as the command's error).
        const pid = /process (\d+)/.exec((err as Error).message)?.[1];
        if ((err as Error).name === 'AuditAlreadyRunning') throw new AuditAlreadyRunning(auditId, Number(pid));
        throw err;
      }
    },
    async release(auditId) {
      await call('release', jobId, auditId);
    },
    async runningAudits() {
      return (await call('runningAudits', jobId)) ?? {};
    },
    async close() {
      // Claims end with the commands' connections, in the main thread.
    },
  };
}

let runtime: Promise<LocalRuntime> | undefined;
const workerRuntime = () =>
  (runtime ??= startLocalRuntime({
    dataFolder: start.home,
    persist: true,
    opened: { endpoints: start.endpoints, credentials: start.credentials, session: sessionFor('host') },
  }).catch((err: unknown) => {
    runtime = undefined;
    throw err;
  }));

const aborts = new Map<number, AbortController>();

async function runJob(jobId: number, job: RunJob, signal: AbortSignal): Promise<number> {
  const folder = readCaseFolder(job.caseDir, job.flags, job.cwd);
  // The command's settings, read and checked here, at the job's entry; the host's own environment is never used for them.
  const settings = commandAuditSettings(job.settings);
  const outDir = job.flags.out !== undefined ? prepareOutputFolder(job.flags.out, job.cwd, { caseFolder: folder.dir }) : prepareOutputFolder(join('case-audit-reports', folder.request.caseId), job.cwd);
  const rt = await workerRuntime();
  const io: CommandOutput = {
    stdout: (text) => post({ kind: 'output', jobId, stream: 'stdout', text }),
    stderr: (text) => post({ kind: 'output', jobId, stream: 'stderr', text }),
    stderrIsTTY: job.stderrIsTTY,
  };
  return runAudit({
    rt,
    home: sessionFor('attached', jobId),
    folder,
    outDir,
    flags: job.flags,
    io,
    onAuditId: (auditId) => post({ kind: 'auditId', jobId, auditId }),
    signal,
    settings,
  });
}

/** Loads the audit code on this thread ahead of the first job (best effort: a job loads what it needs anyway). */
async function warmUp(): Promise<void> {
  const { handlerKeys, loadHandler } = require('../handlerRegistry') as typeof import('../handlerRegistry');
  const steps: Array<() => unknown> = [
    ...handlerKeys().map((key) => () => loadHandler(key)),
    () => (require('../../lambdas/agents/intake/documents/loadPdfjs') as typeof import('../../lambdas/agents/intake/documents/loadPdfjs')).loadPdfjs(),
    () => require('../../lambdas/agents/reporter/pdf/renderReportPdf'),
  ];
  for (const step of steps) {
    try {
      await step();
    } catch {
      // reported by the stage that needs it
    }
  }
}

port.on('message', (message: ToWorker) => {
  switch (message.kind) {
    case 'job': {
      const abort = new AbortController();
      aborts.set(message.jobId, abort);
      runJob(message.jobId, message.job, abort.signal).then(
        (code) => post({ kind: 'done', jobId: message.jobId, code }),
        (err: unknown) => post({ kind: 'failed', jobId: message.jobId, error: toWorkerError(err) }),
      ).finally(() => aborts.delete(message.jobId));
      return;
    }
    case 'abort':
      aborts.get(message.jobId)?.abort();
      return;
    case 'reply': {
      const pending = calls.get(message.callId);
      calls.delete(message.callId);
      if (message.error) pending?.reject(fromWorkerError(message.error));
      else pending?.resolve(message.value);
      return;
    }
    case 'warm':
      void warmUp();
      return;
  }
});
