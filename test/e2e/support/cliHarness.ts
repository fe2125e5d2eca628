import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');
export const CLI = join(ROOT, 'bin/case-audit.js');
export const EXAMPLE = join(ROOT, 'examples/study-permit-document-list');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  home: string;
  cwd?: string;
  env?: Record<string, string>;
  /** Run as another user (the tests run as root in CI, where permissions are not enforced for root). */
  uid?: number;
}

/** A fresh working folder for one test file. */
export const workFolder = (label: string): string => mkdtempSync(join(tmpdir(), `case-audit-${label}-`));

function processEnv(opts: CliOptions): NodeJS.ProcessEnv {
  return { ...process.env, CASE_AUDIT_HOME: opts.home, ...opts.env };
}

/** Runs the CLI to completion. */
export function cli(args: string[], opts: CliOptions): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: opts.cwd ?? dirname(opts.home),
    env: processEnv(opts),
    encoding: 'utf8',
    timeout: 120_000,
    ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.uid } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export interface RunningCli {
  child: ChildProcess;
  /** Resolves with the first stderr line matching the pattern. */
  stderrLine(pattern: RegExp): Promise<string>;
  done: Promise<CliResult>;
}

/** Starts the CLI (or any command line, e.g. npx) without waiting: for concurrency and signal tests. */
export function startCli(command: string, args: string[], opts: CliOptions): RunningCli {
  const child = spawn(command, args, { cwd: opts.cwd ?? dirname(opts.home), env: processEnv(opts) });
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  const check = () => {
    for (const w of [...waiters]) {
      const line = stderr.split('\n').find((l) => w.pattern.test(l));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    check();
  });
  const done = new Promise<CliResult>((resolveDone) => child.on('close', (code) => resolveDone({ code, stdout, stderr })));
  return {
    child,
    done,
    stderrLine: (pattern) =>
      new Promise((resolveLine, reject) => {
        waiters.push({ pattern, resolve: resolveLine });
        check();
        done.then(() => reject(new Error(`the command ended without printing ${pattern}; stderr: ${stderr}`)));
      }),
  };
}

/** Writes a case folder: `files` maps relative paths (subfolders allowed) to contents. */
export function writeCase(dir: string, files: Record<string, string | Uint8Array>): string {
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  return dir;
}

export const auditIdFrom = (line: string): string => /Audit (aud-\w+) started/.exec(line)![1];
