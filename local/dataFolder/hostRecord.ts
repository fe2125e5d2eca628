import { randomBytes } from 'node:crypto';
import { readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';

/**
 * Which folder a host serves: its device and inode (what stays the same whatever path reaches it,
 * and differs for a copy), and its real path (what differs once it is moved). `runtime.json` names
 * ports and a token; without this, a copy of a folder (`cp -a`, rsync) made while its host ran would
 * send every command of the copy to the original's host, and store its audits there.
 */
export const FolderIdentity = z.strictObject({
  path: z.string().min(1),
  dev: z.string().regex(/^\d+$/),
  ino: z.string().regex(/^\d+$/),
});
export type FolderIdentity = z.infer<typeof FolderIdentity>;

/** The identity of the folder at `home` now (it must exist). */
export async function folderIdentity(home: string): Promise<FolderIdentity> {
  const info = await stat(home, { bigint: true });
  return { path: await realpath(home), dev: info.dev.toString(), ino: info.ino.toString() };
}

/**
 * `<home>/runtime.json`: how to reach the process hosting a local data folder. Written by the host
 * once its servers listen (owner-only, atomically by rename), removed before it stops.
 */
export const HostRecord = z.strictObject({
  pid: z.number().int().positive(),
  /** The host's lock nonce: a record left by an earlier host is never mistaken for the current one. */
  nonce: z.string().min(1),
  /** The folder this host serves: a record copied or moved with its folder is not the copy's. */
  folder: FolderIdentity,
  control: z.strictObject({ port: z.number().int().positive() }),
  endpoints: z.strictObject({ dynamodb: z.url(), s3: z.url() }),
  /** Shared secret a client presents on the control channel. */
  token: z.string().min(16),
  startedAt: z.string(),
});
export type HostRecord = z.infer<typeof HostRecord>;

export const recordPath = (home: string): string => join(home, 'runtime.json');

export const newControlToken = (): string => randomBytes(24).toString('hex');

export async function writeHostRecord(home: string, record: HostRecord): Promise<void> {
  const tmp = `${recordPath(home)}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(record), { mode: 0o600 });
  await rename(tmp, recordPath(home));
}

/** What `<home>/runtime.json` holds, as a command needs to know it. */
export type RecordState =
  | { state: 'none' }
  /** Not a host record (edited, truncated, written by a version with another format): `problem` says how. */
  | { state: 'damaged'; problem: string }
  /** A record of another folder: this one is a copy of it, or it was moved while its host ran. */
  | { state: 'elsewhere'; record: HostRecord; why: 'copied' | 'moved' }
  | { state: 'current'; record: HostRecord };

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Reads the record and tells a usable one from none, a damaged one and one of another folder. The
 * record is written by rename, so a host starting or stopping never leaves half of one.
 */
export async function inspectHostRecord(home: string): Promise<RecordState> {
  let text: string;
  try {
    text = await readFile(recordPath(home), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'none' };
    return { state: 'damaged', problem: `it cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { state: 'damaged', problem: text.trim() === '' ? 'it is empty' : 'it is not valid JSON' };
  }
  const parsed = HostRecord.safeParse(json);
  if (!parsed.success) {
    // A host of an earlier version (still running through an upgrade) wrote no folder: not usable, but not damage either.
    if (HostRecord.omit({ folder: true }).safeParse(json).success) return { state: 'damaged', problem: 'it was written by an earlier version of Case Audit and does not name the folder its host serves' };
    return { state: 'damaged', problem: `it is not a host record (${describeIssues(parsed.error)})` };
  }
  const record = parsed.data;
  const here = await folderIdentity(home);
  if (record.folder.dev !== here.dev || record.folder.ino !== here.ino) return { state: 'elsewhere', record, why: 'copied' };
  if (record.folder.path !== here.path) return { state: 'elsewhere', record, why: 'moved' };
  return { state: 'current', record };
}

/** The record of the host serving this very folder, or undefined (none, damaged, or another folder's). */
export async function readHostRecord(home: string): Promise<HostRecord | undefined> {
  try {
    const seen = await inspectHostRecord(home);
    return seen.state === 'current' ? seen.record : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the record if it is still this host's. */
export async function removeHostRecord(home: string, nonce: string): Promise<void> {
  try {
    const seen = await inspectHostRecord(home);
    if (seen.state === 'current' && seen.record.nonce === nonce) await rm(recordPath(home), { force: true });
  } catch {
    // The folder is gone (moved away, deleted): there is no record of ours left to remove.
  }
}
