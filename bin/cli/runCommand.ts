import { join } from 'node:path';
import { HostedJobRefused, type DataFolderSession } from '../../local/dataFolder/dataFolderSession';
import type { RunFlags } from '../../local/run/caseFolder';
import { dataFolder } from '../../local/dataFolder/dataFolderPath';
import { handOverBuild, jobSettings, type RunJob } from '../../local/host/hostJob';
import { watchForStop } from './interruption';
import type { OutputFlags } from '../../local/run/runAudit';
import { warmWhileHostStarts } from './warmWhileHostStarts';

export type { OutputFlags } from '../../local/run/runAudit';

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

/**
 * Sends the run to the host `session` is attached to (local/host/hostedRuns.ts), when it can take it:
 * the exit code, or undefined when this process must run the audit itself (it runs the sources or
 * logs to its terminal, or the host refused: another build, or busy). The job carries the command's
 * settings, so an audit with a model runs in the host with the command's own model settings.
 */
export async function handOverToHost(session: DataFolderSession, caseDir: string, flags: RunFlags & OutputFlags, stop: ReturnType<typeof stopCleanly>): Promise<number | undefined> {
  const build = handOverBuild();
  if (!build || !session.runInHost) return undefined;
  const job: RunJob = { cwd: process.cwd(), caseDir, flags: { ...flags }, build, settings: jobSettings(), stderrIsTTY: Boolean(process.stderr.isTTY) };
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
  if (!handOverBuild()) return undefined;
  const { openDataFolder } = require('../../local/dataFolder/openDataFolder') as typeof import('../../local/dataFolder/openDataFolder');
  const { spawnedByThisProcess } = require('../../local/dataFolder/daemonProcess') as typeof import('../../local/dataFolder/daemonProcess');
  let waiting = true;
  const warming = warmWhileHostStarts(caseDir, flags, () => waiting);
  const { session } = await openDataFolder(dataFolder(), { host: 'daemon' }).finally(() => {
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
    const { readCaseFolder } = require('../../local/run/caseFolder') as typeof import('../../local/run/caseFolder');
    const { prepareOutputFolder } = require('../../local/run/outputFolder') as typeof import('../../local/run/outputFolder');
    const { commandAuditSettings } = require('../../local/run/commandSettings') as typeof import('../../local/run/commandSettings');
    const { withRuntime } = require('../../local/run/localData') as typeof import('../../local/run/localData');
    const { runAudit } = require('../../local/run/runAudit') as typeof import('../../local/run/runAudit');
    const folder = readCaseFolder(caseDir, flags);
    const outDir = flags.out !== undefined ? prepareOutputFolder(flags.out, process.cwd(), { caseFolder: folder.dir }) : prepareOutputFolder(join('case-audit-reports', folder.request.caseId));
    const settings = commandAuditSettings(process.env);
    return await withRuntime((rt) => runAudit({ rt, home: rt.emulators.home, folder, outDir, flags, settings, onAuditId: (id) => stop.auditIs(id) }));
  } finally {
    stop.done();
  }
}
