/**
 * The data folder's host running `case-audit run` for the commands attached to it. The host lives on
 * between commands with the audit code loaded and compiled, so an audit it runs skips the start-up a
 * new process pays (loading and compiling several megabytes of code, PDF.js, the report fonts) and
 * runs on warm code: several times faster than in a fresh process.
 *
 * Nothing else changes for the command: it prints what the host prints, exits with the host's exit
 * code, and its own connection holds the claim on the audit, so `status` names the command's process
 * and an audit whose command is stopped or killed is interrupted at once (the host starts no further
 * stage; `case-audit resume` finishes it). The host takes a job only when it runs the same build as
 * the command (hostJob.ts), and runs it with the settings the job carries (model, research sources,
 * the command's own credentials for Bedrock); otherwise the command runs the audit itself.
 *
 * The audits run on a worker thread (hostedRunWorker.ts), not on the thread that serves the
 * emulators and the control channel: a CPU-heavy audit would otherwise hold up every other
 * command's `status`, `list` or `report` for seconds. This side keeps what belongs to the host: the
 * claims (each made on the command's own connection), the command's disconnection (which aborts its
 * audit in the worker), and the text sent back to the command.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RunClient, RunHandler } from '../dataFolder/controlServer';
import type { HostedDataFolder } from '../dataFolder/hostDataFolder';
import { type DataFolderSession, HostedJobRefused, inProcessSession } from '../dataFolder/dataFolderSession';
import type { RunJob } from './hostJob';
import { fromWorkerError, toWorkerError, type FromWorker, type SessionCall, type ToWorker, type WorkerStart } from './workerMessages';

/**
 * Audits the host runs at once: one per core but one. An audit's work is mostly on one thread, so
 * further commands are quicker running their audits in their own processes, on the other cores,
 * than queueing on the host's worker.
 */
export const HOSTED_RUNS_AT_ONCE = Math.max(1, availableParallelism() - 1);

/** Text is sent in pieces well below the control channel's line limit. */
const OUTPUT_PIECE = 256 * 1024;

/** The worker's code: the bundle beside this one (bin/build/cliBuild.js builds it into dist/cli/). */
const WORKER_FILE = 'hostedRunWorker.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

function isRunJob(job: Record<string, unknown>): job is RunJob & Record<string, unknown> {
  const settings = job.settings as Record<string, unknown> | null;
  return typeof job.cwd === 'string' && typeof job.caseDir === 'string' && typeof job.build === 'string' && typeof settings === 'object' && settings !== null && Object.values(settings).every((v) => typeof v === 'string') && typeof job.flags === 'object' && job.flags !== null;
}

interface RunningJob {
  client: RunClient;
  resolve(code: number): void;
  reject(err: Error): void;
}

/** The host's job runner. `build` is the build of the host's own code (hostJob.ts; undefined for the sources). */
export interface HostedRuns extends RunHandler {
  /**
   * Loads the audit code on the worker ahead of its first job, once no audit is running anywhere on
   * the data folder (`busy`), so it never takes a core from a command auditing in its own process.
   */
  warmUp(busy: () => boolean): Promise<void>;
}

export function hostedRuns(
  hosted: HostedDataFolder,
  build: string | undefined,
  log: (message: string, detail: Record<string, unknown>) => void = () => undefined,
  workerFile = join(__dirname, WORKER_FILE),
): HostedRuns {
  const hostSession = inProcessSession('host', hosted.control.claims, async () => undefined);
  const jobs = new Map<number, RunningJob>();
  let nextJob = 1;
  let worker: Worker | undefined;

  const send = (message: ToWorker) => worker?.postMessage(message);

  async function answer(call: SessionCall): Promise<void> {
    const session: DataFolderSession | undefined = call.jobId === undefined ? hostSession : jobs.get(call.jobId)?.client.session;
    try {
      if (!session) throw new Error('the command that asked is gone');
      if (call.op === 'runningAudits') send({ kind: 'reply', callId: call.callId, value: await session.runningAudits() });
      else {
        await session[call.op](call.auditId ?? '');
        send({ kind: 'reply', callId: call.callId });
      }
    } catch (err) {
      send({ kind: 'reply', callId: call.callId, error: toWorkerError(err) });
    }
  }

  function onMessage(message: FromWorker): void {
    if (message.kind === 'call') {
      void answer(message);
      return;
    }
    const job = jobs.get(message.jobId);
    if (!job) return;
    switch (message.kind) {
      case 'output':
        for (let at = 0; at < message.text.length; at += OUTPUT_PIECE) job.client.send({ output: { stream: message.stream, text: message.text.slice(at, at + OUTPUT_PIECE) } });
        return;
      case 'auditId':
        // Ids only: never a name, path or document text.
        log('running an audit for an attached command', { auditId: message.auditId, forPid: job.client.pid, on: 'audit worker thread' });
        job.client.send({ auditId: message.auditId });
        return;
      case 'done':
        jobs.delete(message.jobId);
        job.resolve(message.code);
        return;
      case 'failed':
        jobs.delete(message.jobId);
        job.reject(fromWorkerError(message.error));
        return;
    }
  }

  /** The worker, started on first use; one that stops fails its jobs (their commands then exit, and their audits show as interrupted). */
  function ensureWorker(): Worker {
    if (worker) return worker;
    if (!existsSync(workerFile)) throw new HostedJobRefused('the host has no audit worker in this build');
    const start: WorkerStart = { home: hosted.home, endpoints: hosted.record.endpoints, credentials: hosted.credentials };
    const started = new Worker(workerFile, { workerData: start });
    started.unref(); // the commands' connections keep the host up, not the worker
    started.on('message', onMessage);
    started.on('error', (err) => log('the audit worker failed', { error: err.name }));
    started.once('exit', (code) => {
      if (worker === started) worker = undefined;
      for (const [jobId, job] of jobs) {
        jobs.delete(jobId);
        job.reject(new Error(`the host's audit worker stopped (exit code ${code}); see: case-audit status`));
      }
    });
    worker = started;
    return started;
  }

  const run = (async (job, client) => {
    if (!isRunJob(job)) throw new HostedJobRefused('not a run job');
    if (!build || job.build !== build) throw new HostedJobRefused('the host runs another build');
    if (jobs.size >= HOSTED_RUNS_AT_ONCE) throw new HostedJobRefused('the host is running as many audits as it takes at once');
    const target = ensureWorker();
    const jobId = nextJob++;
    const done = new Promise<number>((resolve, reject) => jobs.set(jobId, { client, resolve, reject }));
    const abort = () => send({ kind: 'abort', jobId });
    client.signal.addEventListener('abort', abort, { once: true });
    target.postMessage({ kind: 'job', jobId, job: { cwd: job.cwd, caseDir: job.caseDir, flags: job.flags, build: job.build, settings: job.settings, stderrIsTTY: Boolean(job.stderrIsTTY) } } satisfies ToWorker);
    if (client.signal.aborted) abort();
    try {
      return await done;
    } finally {
      client.signal.removeEventListener('abort', abort);
    }
  }) as HostedRuns;

  run.warmUp = async (busy) => {
    while (busy()) await sleep(250);
    try {
      ensureWorker().postMessage({ kind: 'warm' } satisfies ToWorker);
    } catch {
      // no worker in this build: nothing to warm
    }
  };
  return run;
}
