/**
 * A `run` job: what a command sends the data folder's host so that the host, whose code is already
 * loaded and warm, runs the audit in its place (hostedRuns.ts), with the command's own settings.
 *
 * Node built-ins only: the command decides to hand its work over before it loads the audit code.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface RunJob {
  /** The folder the command was typed in: relative paths start there. */
  cwd: string;
  caseDir: string;
  flags: { workflow?: string; tier?: string; model?: string; gates?: string; json?: boolean; out?: string; review?: string };
  /** The build of the command's code: the host runs the job only when it runs the same build. */
  build: string;
  /**
   * The command's settings for the audit (model, research sources, its own AWS credentials for
   * Bedrock), as the values of its environment that define them. The host reads and validates them
   * into the audit's settings (local/run/commandSettings.ts) and runs the audit with them, never
   * with its own environment, which is whichever command started it.
   */
  settings: Record<string, string>;
  stderrIsTTY: boolean;
}

/** Environment that defines an audit's settings: research sources, model settings and the AWS settings a model call uses. */
const SETTINGS = /^(CASE_AUDIT_|AWS_)/i;
/** Settings of the data folder, the host or the command's terminal: nothing in an audit depends on them. */
const NOT_AUDIT_SETTINGS = new Set(['CASE_AUDIT_HOME', 'CASE_AUDIT_HOST_IDLE_MS', 'CASE_AUDIT_DEBUG', 'CASE_AUDIT_LOG_LEVEL']);

let identity: { of: string | undefined } | undefined;

/**
 * The build this code came from: the precompiled build's time, read from `build.json` beside it (the
 * small record bin/build/cliBuild.js writes with every build), or undefined when the TypeScript
 * sources run (they may change at any moment, so nothing is handed over). Read once per process.
 */
function buildIdentity(): string | undefined {
  identity ??= { of: readBuildIdentity() };
  return identity.of;
}

function readBuildIdentity(): string | undefined {
  const here = dirname(__filename);
  if (basename(here) !== 'cli' || basename(dirname(here)) !== 'dist') return undefined;
  try {
    const build = JSON.parse(readFileSync(join(here, 'build.json'), 'utf8')) as { builtAt?: unknown; complete?: unknown };
    return build.complete && typeof build.builtAt === 'string' ? build.builtAt : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The build a command hands its run over with: undefined when this process runs the sources, or when
 * it logs audits (logs go to the terminal of the process that runs the audit), and so runs it itself.
 */
export function handOverBuild(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const build = buildIdentity();
  if (!build) return undefined;
  const level = env.CASE_AUDIT_LOG_LEVEL?.toUpperCase();
  return level && level !== 'SILENT' ? undefined : build;
}

/** The build of the code this process runs (undefined for the sources): what a job's build must equal. */
export const hostBuild = (): string | undefined => buildIdentity();

/** The values of `env` that define an audit's settings, to send with a job. */
export function jobSettings(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && SETTINGS.test(key) && !NOT_AUDIT_SETTINGS.has(key.toUpperCase())) settings[key] = value;
  }
  return settings;
}
