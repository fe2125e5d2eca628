import { join } from 'node:path';
import { HostGone, HostedJobRefused, type DataFolderSession } from '../../local/dataFolder/dataFolderSession';
import type { RunFlags } from '../../local/run/caseFolder';
import { dataFolder } from '../../local/dataFolder/dataFolderPath';
import { handOverBuild, jobSettings, type RunJob } from '../../local/host/hostJob';
import { hostLossConfirmed, isConnectionLost, watchForStop } from './interruption';
import { EXIT } from '../../local/run/exitCodes';
import type { OutputFlags } from '../../local/run/runAudit';
import { warmWhileHostStarts } from './warmWhileHostStarts';
import { type SettingFlags, withSettingFlags } from '../../local/run/settingFlags';

export type { OutputFlags } from '../../local/run/runAudit';

/** What a command that is stopped before its audit ends leaves, and how to finish it. */
export interface CleanStop {
  /** Records the audit's id once it exists. */
  auditIs(id: string): void;
  /** The audit's id, once it exists. */
  readonly auditId: string | undefined;
  /**
   * The data folder's host went away under the command: says so (with the `resume` command once an
   * audit exists; on stdout too with --json) and exits with EXIT.interrupted, as Ctrl-C does.
   */
  hostStopped(gone: Error): never;
  /**
   * Calls hostStopped when this session's host goes away once the audit exists (before, the work in
   * flight fails and whileHostLives decides); returns the function that removes the watch.
   */
  watchHost(session: DataFolderSession): () => void;
  /** Removes the watch on signals. */
  done(): void;
}

/**
 * Stops the command cleanly on a signal (or when `npx` above it is killed) or when the data folder's
 * host stops under it: the audit stays in the store, shows as interrupted, and `case-audit resume`
 * finishes it. With `json`, the same is said on stdout as a status object.
 */
export function stopCleanly(opts: { json?: boolean } = {}): CleanStop {
  let auditId: string | undefined;
  const interrupted = (why: string, interruptedBy: string, exitCode: number): never => {
    process.stderr.write(
      auditId
        ? `case-audit: ${why}; audit ${auditId} is interrupted — resume it with: case-audit resume ${auditId}\n`
        : `case-audit: ${why} before an audit was started; nothing was stored — run the command again\n`,
    );
    if (opts.json) {
      const status = auditId
        ? { auditId, status: 'INTERRUPTED', interruptedBy, message: `${why}; the audit is interrupted`, resume: `case-audit resume ${auditId}` }
        : { auditId: null, status: 'NOT_STARTED', interruptedBy, message: `${why} before an audit was started` };
      process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
    }
    process.exit(exitCode);
  };
  const done = watchForStop((reason, exitCode) => interrupted(`stopped (${reason})`, reason, exitCode));
  const hostStopped = (gone: Error): never => interrupted(gone.name === 'HostGone' ? gone.message : "the data folder's host stopped", 'host-stopped', EXIT.interrupted);
  return {
    auditIs: (id) => (auditId = id),
    get auditId() {
      return auditId;
    },
    hostStopped,
    watchHost(session) {
      const lost = session.hostLost;
      if (!lost) return () => undefined;
      const onLost = () => {
        if (auditId) hostStopped(lost.reason as Error);
      };
      if (lost.aborted) onLost();
      lost.addEventListener('abort', onLost, { once: true });
      return () => lost.removeEventListener('abort', onLost);
    },
    done,
  };
}

/**
 * Runs `work` against the data folder's host of `session`, stopping the command as interrupted when
 * that host goes away once the audit exists: as soon as the control connection says so, or when
 * `work` fails on a lost connection and the control connection confirms the host is gone. Gone before
 * the audit exists (nothing stored yet; e.g. a host idling out just as the command attached): rejects
 * with the HostGone, for the command to start again on a new host (retryOnNewHost).
 */
export async function whileHostLives<T>(session: DataFolderSession, stop: CleanStop, work: () => Promise<T>): Promise<T> {
  const unwatch = stop.watchHost(session);
  try {
    return await work();
  } catch (e) {
    if (isConnectionLost(e) && (await hostLossConfirmed(session.hostLost))) {
      const gone = session.hostLost!.reason as Error;
      if (stop.auditId) stop.hostStopped(gone);
      throw gone;
    }
    throw e;
  } finally {
    unwatch();
  }
}

/**
 * Runs `attempt` again, once, when the data folder's host went away before the command's audit existed
 * (so nothing was stored): a new host is then started or joined. A second loss is the command's end.
 */
export async function retryOnNewHost<T>(stop: CleanStop, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (e) {
    if (e instanceof HostGone && !stop.auditId) {
      try {
        return await attempt();
      } catch (again) {
        if (again instanceof HostGone) stop.hostStopped(again);
        throw again;
      }
    }
    throw e;
  }
}

/**
 * Sends the run to the host `session` is attached to (local/host/hostedRuns.ts), when it can take it:
 * the exit code, or undefined when this process must run the audit itself (it runs the sources or
 * logs to its terminal, or the host refused: another build, or busy). The job carries the command's
 * settings, so an audit with a model runs in the host with the command's own model settings.
 */
export async function handOverToHost(session: DataFolderSession, caseDir: string, flags: RunFlags & OutputFlags & SettingFlags, stop: CleanStop): Promise<number | undefined> {
  const build = handOverBuild();
  if (!build || !session.runInHost) return undefined;
  const job: RunJob = { cwd: process.cwd(), caseDir, flags: { ...flags }, build, settings: jobSettings(withSettingFlags(process.env, flags)), stderrIsTTY: Boolean(process.stderr.isTTY) };
  try {
    return await whileHostLives(session, stop, () =>
      session.runInHost!({ ...job }, ({ output, auditId }) => {
        if (auditId) stop.auditIs(auditId);
        if (output) (output.stream === 'stdout' ? process.stdout : process.stderr).write(output.text);
      }),
    );
  } catch (e) {
    if (e instanceof HostedJobRefused) return undefined;
    throw e;
  }
}

/** Opens the data folder (its host starts if none runs) and hands the run over when the host can take it. */
async function runInHost(caseDir: string, flags: RunFlags & OutputFlags & SettingFlags, stop: CleanStop): Promise<number | undefined> {
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
export async function runCommand(caseDir: string, flags: RunFlags & OutputFlags & SettingFlags): Promise<number> {
  const stop = stopCleanly({ json: flags.json });
  try {
    return await retryOnNewHost(stop, () => runOnce(caseDir, flags, stop));
  } finally {
    stop.done();
  }
}

/** One attempt at the run: handed over to the host, or run in this process on the host's emulators. */
async function runOnce(caseDir: string, flags: RunFlags & OutputFlags & SettingFlags, stop: CleanStop): Promise<number> {
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
  const settings = commandAuditSettings(withSettingFlags(process.env, flags));
  return await withRuntime((rt) =>
    whileHostLives(rt.emulators.home, stop, () => runAudit({ rt, home: rt.emulators.home, folder, outDir, flags, settings, onAuditId: (id) => stop.auditIs(id) })),
  );
}
