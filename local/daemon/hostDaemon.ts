/**
 * Hosts one local data folder in the background: `node hostDaemon.js <home>`.
 *
 * Every CLI command attaches to it instead of opening the folder itself, so any number of
 * commands can use one folder at once. It starts on demand (spawned detached by the first command
 * that finds no host), and stops by itself once no process has been attached for the idle period.
 * Everything it creates is owner-only (umask 077).
 */
import { hostBuild } from '../host/hostJob';
import type { RunHandler } from '../dataFolder/controlServer';
import type { HostedRuns } from '../host/hostedRuns';
import { HostedJobRefused } from '../dataFolder/dataFolderSession';
import { tryHostDataFolder, type HostedDataFolder } from '../dataFolder/hostDataFolder';

/** Long enough that a user's next command (status, resume, another run) finds the host up. */
export const DEFAULT_IDLE_MS = 30_000;

function log(message: string, detail: Record<string, unknown> = {}): void {
  process.stderr.write(`${JSON.stringify({ at: new Date().toISOString(), pid: process.pid, message, ...detail })}\n`);
}

async function main(home: string | undefined): Promise<number> {
  if (!home) {
    log('usage: hostDaemon.js <data folder>');
    return 2;
  }
  process.umask(0o077);
  const idleMs = Number(process.env.CASE_AUDIT_HOST_IDLE_MS) || DEFAULT_IDLE_MS;
  // The build this host runs: it takes the jobs of commands that run the same one.
  const build = hostBuild();
  let runs: HostedRuns | undefined;
  let hostedDataFolder: HostedDataFolder | undefined;
  // The runner is small; the audit code it runs loads on its worker thread, never on this one.
  const hostedRunsOf = (folder: HostedDataFolder): HostedRuns =>
    (runs ??= (require('../host/hostedRuns') as typeof import('../host/hostedRuns')).hostedRuns(folder, build, log));
  const onRun: RunHandler = (job, client) => {
    if (!hostedDataFolder) return Promise.reject(new HostedJobRefused('the host is still starting'));
    return hostedRunsOf(hostedDataFolder)(job, client);
  };
  const hosted = await tryHostDataFolder(home, { onRun });
  if (!hosted) return 0; // another process hosts it; the client attaches there
  hostedDataFolder = hosted;

  const stop = async (why: string) => {
    log('stopping', { why });
    await hosted.stop();
    process.exit(0);
  };
  let idle: NodeJS.Timeout | undefined;
  const armIdle = () => {
    clearTimeout(idle);
    idle = hosted.control.connections() === 0 ? setTimeout(() => void stop('idle'), idleMs) : undefined;
  };
  hosted.control.onChange(armIdle);
  armIdle();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop(signal));
  log('hosting', { home, controlPort: hosted.record.control.port });
  // While no command needs it yet, load the audit code on the audit worker, so the first audit handed over runs on it.
  if (build) {
    const busy = () => Object.keys(hosted.control.claims.snapshot()).length > 0;
    setTimeout(() => void hostedRunsOf(hosted).warmUp(busy).catch(() => undefined), 50);
  }
  return -1;
}

main(process.argv[2]).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    log('failed', { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
    process.exit(1);
  },
);
