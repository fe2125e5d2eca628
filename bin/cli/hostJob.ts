/**
 * A `run` job: what a command sends the data folder's host so that the host, whose code is already
 * loaded and warm, runs the audit in its place (hostedRuns.ts), and the settings both must share.
 *
 * Node built-ins only: the command decides to hand its work over before it loads the audit code.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface RunJob {
  /** The folder the command was typed in: relative paths start there. */
  cwd: string;
  caseDir: string;
  flags: { workflow?: string; tier?: string; model?: string; gates?: string; json?: boolean; out?: string };
  /** jobSettings() of the command: the host runs the job only when its own are the same. */
  settings: string;
  stderrIsTTY: boolean;
}

/**
 * Environment that changes what an audit does or where it reaches (research sources, model settings,
 * AWS settings, proxies, logging). The data folder (CASE_AUDIT_HOME) is the same by construction;
 * the host's idle time and the debug switch change nothing in an audit.
 */
const RELEVANT = /^(CASE_AUDIT_|AWS_|POWERTOOLS_|HTTPS?_PROXY$|NO_PROXY$|NODE_EXTRA_CA_CERTS$|NODE_OPTIONS$|TZ$)/i;
const IRRELEVANT = new Set(['CASE_AUDIT_HOME', 'CASE_AUDIT_HOST_IDLE_MS', 'CASE_AUDIT_DEBUG']);

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
 * What must be equal between a command and the host for the host to run the command's audit: the
 * build of the code, and the environment that matters to an audit. Undefined when this process runs
 * the sources, or logs audits (logs go to the terminal of the process that runs the audit).
 */
export function jobSettings(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const build = buildIdentity();
  if (!build) return undefined;
  const level = env.CASE_AUDIT_LOG_LEVEL?.toUpperCase();
  if (level && level !== 'SILENT') return undefined;
  const relevant = Object.entries(env)
    .filter(([key, value]) => value !== undefined && RELEVANT.test(key) && !IRRELEVANT.has(key))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(JSON.stringify({ build, relevant })).digest('hex');
}
