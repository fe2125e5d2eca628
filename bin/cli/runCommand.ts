import { join } from 'node:path';
import { HostedJobRefused, type HomeSession } from '../../local/home/homeSession';
import type { RunFlags } from './caseFolder';
import { dataDir } from './dataDir';
import { jobSettings, type RunJob } from './hostJob';
import { watchForStop } from './interruption';
import type { OutputFlags } from './runAudit';
import { warmWhileHostStarts } from './warmWhileHostStarts';

export type { OutputFlags } from './runAudit';

/**
 * Stops the command cleanly on a signal (or when `npx` above it is killed): the audit stays in the
 * store, shows as interrupted, and `case-audit resume` finishes it. Returns the function that
 * records the audit id once it exists, and the function that removes the watch.
 */
export function stopCleanly(): { auditIs(id: string): void; done(): void } {
  let auditId: string | undefined;
  const done = watchForStop((reason, exitCode) => {
    process.stderr.write(
      auditId
        ? `case-audit: stopped (${reason}); audit ${auditId} is interrupted — resume it with: case-audit resume ${auditId}\n`
        : `case-audit: stopped (${reason}) before an audit was started\n`,
    );
    process.exit(exitCode);
  });
  return { auditIs: (id) => (auditId = id), done };
}

/** A model needs the command's own credentials, which the host replaced with the emulators': never handed over. */
const usesModel = (flags: RunFlags): boolean => flags.model !== undefined && flags.model !== 'none';

/**
 * Sends the run to the host `session` is attached to (bin/cli/hostedRuns.ts), when it can take it:
 * the exit code, or undefined when this process must run the audit itself (no build settings to
 * match, a model, or the host refused: another build or settings, or busy).
 */
export async function handOverToHost(session: HomeSession, caseDir: string, flags: RunFlags & OutputFlags, stop: ReturnType<typeof stopCleanly>): Promise<number | undefined> {
  const settings = jobSettings();
  if (!settings || !session.runInHost || usesModel(flags)) return undefined;
  const job: RunJob = { cwd: process.cwd(), caseDir, flags: { ...flags }, settings, stderrIsTTY: Boolean(process.stderr.isTTY) };
  try {
    return await session.runInHost({ ...job }, ({ output, auditId }) => {
      if (auditId) stop.auditIs(auditId);
      if (output) (output.stream === 'stdout' ? process.stdout : process.stderr).write(output.text);
    });
  } catch (e) {
    if (e instanceof HostedJobRefused) return undefined;
    throw e;
  }
}

/** Opens the data folder (its host starts if none runs) and hands the run over when the host can take it. */
async function runInHost(caseDir: string, flags: RunFlags & OutputFlags, stop: ReturnType<typeof stopCleanly>): Promise<number | undefined> {
  if (!jobSettings() || usesModel(flags)) return undefined;
  const { openHome } = require('../../local/home/openHome') as typeof import('../../local/home/openHome');
  const { spawnedByThisProcess } = require('../../local/home/daemonProcess') as typeof import('../../local/home/daemonProcess');
  let waiting = true;
  const warming = warmWhileHostStarts(caseDir, flags, () => waiting);
  const { session } = await openHome(dataDir(), { host: 'daemon' }).finally(() => {
    waiting = false;
  });
  await warming;
  try {
    // A host this command just started is still loading its code: the audit is quicker here, meanwhile.
    if (spawnedByThisProcess()) return undefined;
    return await handOverToHost(session, caseDir, flags, stop);
  } finally {
    await session.close();
  }
}

/** `case-audit run <caseDir>`: copy the folder's documents, pin them, start the audit, wait, report. */
export async function runCommand(caseDir: string, flags: RunFlags & OutputFlags): Promise<number> {
  const stop = stopCleanly();
  try {
    const hosted = await runInHost(caseDir, flags, stop);
    if (hosted !== undefined) return hosted;
    // This process runs the audit: its own code, settings and credentials.
    const { readCaseFolder } = require('./caseFolder') as typeof import('./caseFolder');
    const { prepareOutputFolder } = require('./outputFolder') as typeof import('./outputFolder');
    const { keepBedrockCredentials } = require('../../lambdas/core/model/modelSettings') as typeof import('../../lambdas/core/model/modelSettings');
    const { withRuntime } = require('./localData') as typeof import('./localData');
    const { runAudit } = require('./runAudit') as typeof import('./runAudit');
    const folder = readCaseFolder(caseDir, flags);
    const outDir = prepareOutputFolder(flags.out ?? join('case-audit-reports', folder.request.caseId));
    // Before the local runtime points the AWS_* settings at its emulators: Bedrock calls keep the user's own.
    if (folder.model === 'bedrock') keepBedrockCredentials();
    return await withRuntime((rt) => runAudit({ rt, home: rt.emulators.home, folder, outDir, flags, onAuditId: (id) => stop.auditIs(id) }));
  } finally {
    stop.done();
  }
}
