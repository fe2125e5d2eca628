import { mkdirSync, realpathSync, rmSync, statSync, statfsSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from './exitCodes';
import { describeErrno } from './fileErrors';

/** Kernel and device file systems: writing a report there hangs, fails oddly, or does harm. */
const PSEUDO_ROOTS = ['/proc', '/sys', '/dev'];
const PSEUDO_FS_MAGIC = new Set([
  0x9fa0, // proc
  0x62656572, // sysfs
  0x1cd1, // devpts
  0x27e0eb, // cgroup
  0x63677270, // cgroup2
  0x64626720, // debugfs
  0x74726163, // tracefs
  0x73636673, // securityfs
]);

function nearestExisting(path: string): string {
  for (let p = path; ; p = dirname(p)) {
    try {
      statSync(p);
      return p;
    } catch {
      if (dirname(p) === p) return p;
    }
  }
}

/** Refuses a path on a kernel or device file system; `what` names it in the message; relative paths start at `cwd`. */
export function assertOrdinaryPath(path: string, what: string, cwd = process.cwd()): void {
  const abs = resolve(cwd, path);
  const pseudo = PSEUDO_ROOTS.some((root) => abs === root || abs.startsWith(`${root}${sep}`));
  let magic: number | undefined;
  try {
    magic = Number(statfsSync(nearestExisting(abs)).type);
  } catch {
    magic = undefined;
  }
  if (pseudo || (magic !== undefined && PSEUDO_FS_MAGIC.has(magic))) {
    throw new UsageError(`${what} '${path}' is on a system file system (${abs}); choose an ordinary folder`);
  }
}

/** True when `path` is `folder` or inside it (through symbolic links too). */
function isInside(path: string, folder: string): boolean {
  const real = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      const parent = dirname(p);
      return parent === p ? p : join(real(parent), basename(p));
    }
  };
  const from = real(folder);
  const rel = relative(from, real(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Checks, before any audit starts, that reports can be written to `raw` (the `--out` value): not
 * empty, not a file, not on a kernel file system, creatable and writable. Returns the absolute path.
 * Any problem is a UsageError (exit 2, one line), so no audit result is ever lost to a bad path.
 * A relative `raw` starts at `cwd` (the folder the command was typed in).
 */
export function prepareOutputFolder(raw: string, cwd = process.cwd(), options: { caseFolder?: string } = {}): string {
  if (!raw.trim()) throw new UsageError('--out needs a folder path (for example --out ./reports)');
  assertOrdinaryPath(raw, '--out', cwd);
  const dir = resolve(cwd, raw);
  if (options.caseFolder !== undefined && isInside(dir, options.caseFolder)) {
    throw new UsageError(`--out '${raw}' is inside the case folder: the next audit of the folder would read its own reports as client documents; choose a folder outside it`);
  }
  try {
    if (!statSync(dir).isDirectory()) throw new UsageError(`--out '${raw}' is a file, not a folder`);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new UsageError(`--out '${raw}' cannot be used: ${describeErrno(err)}`);
  }
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOTDIR' || code === 'EEXIST' ? 'part of the path is a file' : describeErrno(err);
    throw new UsageError(`--out folder '${raw}' cannot be created: ${why}`);
  }
  const probe = join(dir, `.case-audit-write-check-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (err) {
    throw new UsageError(`--out folder '${raw}' is not writable: ${describeErrno(err)}`);
  }
  return dir;
}
