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
 */
import type { RunClient, RunHandler } from '../dataFolder/controlServer';
import type { HostedDataFolder } from '../dataFolder/hostDataFolder';
import { HostedJobRefused, inProcessSession } from '../dataFolder/dataFolderSession';
import type { LocalRuntime } from '../localRuntime';
import { startLocalRuntime } from '../localRuntime';
import { readCaseFolder } from '../run/caseFolder';
import type { CommandOutput } from '../run/commandOutput';
import type { RunJob } from './hostJob';
import { prepareOutputFolder } from '../run/outputFolder';
import { runAudit } from '../run/runAudit';
import { commandAuditSettings } from '../run/commandSettings';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

/**
 * Audits the host runs at once: one per core but one. An audit's work is mostly on one thread, so
 * further commands are quicker running their audits in their own processes, on the other cores,
 * than queueing on the host's.
 */
export const HOSTED_RUNS_AT_ONCE = Math.max(1, availableParallelism() - 1);

/** Text is sent in pieces well below the control channel's line limit. */
const OUTPUT_PIECE = 256 * 1024;

function outputTo(client: RunClient, stderrIsTTY: boolean): CommandOutput {
  const send = (stream: 'stdout' | 'stderr', text: string) => {
    for (let at = 0; at < text.length; at += OUTPUT_PIECE) client.send({ output: { stream, text: text.slice(at, at + OUTPUT_PIECE) } });
  };
  return { stdout: (text) => send('stdout', text), stderr: (text) => send('stderr', text), stderrIsTTY };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Loads the audit code into the host ahead of its first job (the handlers, PDF.js, the PDF writer),
 * so that job runs on loaded code. Loading a module blocks the host's thread, which also serves the
 * emulators: so it loads one part at a time, and only while no audit is running anywhere on the
 * data folder (`busy`), never slowing down the command that is auditing in its own process meanwhile.
 * Best effort: a job loads whatever it needs anyway.
 */
export async function warmUpHostedRuns(busy: () => boolean): Promise<void> {
  const { handlerKeys, loadHandler } = require('../handlerRegistry') as typeof import('../handlerRegistry');
  const steps: Array<() => unknown> = [
    ...handlerKeys().map((key) => () => loadHandler(key)),
    () => (require('../../lambdas/agents/intake/documents/loadPdfjs') as typeof import('../../lambdas/agents/intake/documents/loadPdfjs')).loadPdfjs(),
    () => require('../../lambdas/agents/reporter/pdf/renderReportPdf'),
  ];
  for (const step of steps) {
    while (busy()) await sleep(250);
    try {
      await step();
    } catch {
      // reported by the stage that needs it
    }
    await sleep(10); // let the emulators answer between parts
  }
}

function isRunJob(job: Record<string, unknown>): job is RunJob & Record<string, unknown> {
  const settings = job.settings as Record<string, unknown> | null;
  return typeof job.cwd === 'string' && typeof job.caseDir === 'string' && typeof job.build === 'string' && typeof settings === 'object' && settings !== null && Object.values(settings).every((v) => typeof v === 'string') && typeof job.flags === 'object' && job.flags !== null;
}

/** The host's job runner. `build` is the build of the host's own code (hostJob.ts; undefined for the sources). */
export function hostedRuns(hosted: HostedDataFolder, build: string | undefined, log: (message: string, detail: Record<string, unknown>) => void = () => undefined): RunHandler {
  let runtime: Promise<LocalRuntime> | undefined;
  const hostRuntime = () =>
    (runtime ??= startLocalRuntime({
      dataFolder: hosted.home,
      persist: true,
      // The host's own servers and claims; each job claims its audit through its command's connection.
      opened: { endpoints: hosted.record.endpoints, credentials: hosted.credentials, session: inProcessSession('host', hosted.control.claims, async () => undefined) },
    }).catch((err: unknown) => {
      runtime = undefined;
      throw err;
    }));

  let running = 0;
  return async (job, client) => {
    if (!isRunJob(job)) throw new HostedJobRefused('not a run job');
    if (!build || job.build !== build) throw new HostedJobRefused('the host runs another build');
    if (running >= HOSTED_RUNS_AT_ONCE) throw new HostedJobRefused('the host is running as many audits as it takes at once');
    running++;
    try {
      return await runJob(job, client);
    } finally {
      running--;
    }
  };

  async function runJob(job: RunJob, client: RunClient): Promise<number> {
    const folder = readCaseFolder(job.caseDir, job.flags, job.cwd);
    // The command's settings, read and checked here, at the job's entry; the host's own environment is never used for them.
    const settings = commandAuditSettings(job.settings);
    const outDir = job.flags.out !== undefined ? prepareOutputFolder(job.flags.out, job.cwd, { caseFolder: folder.dir }) : prepareOutputFolder(join('case-audit-reports', folder.request.caseId), job.cwd);
    const rt = await hostRuntime();
    return runAudit({
      rt,
      home: client.session,
      folder,
      outDir,
      flags: job.flags,
      io: outputTo(client, job.stderrIsTTY),
      onAuditId: (auditId) => {
        // Ids only: never a name, path or document text.
        log('running an audit for an attached command', { auditId, forPid: client.pid });
        client.send({ auditId });
      },
      signal: client.signal,
      settings,
    });
  }
}
