import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';

/**
 * `<home>/runtime.json`: how to reach the process hosting a local data folder. Written by the host
 * once its servers listen (owner-only, atomically by rename), removed before it stops.
 */
export const HostRecord = z.strictObject({
  pid: z.number().int().positive(),
  /** The host's lock nonce: a record left by an earlier host is never mistaken for the current one. */
  nonce: z.string().min(1),
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

/** The current record, or undefined when there is none or it is unreadable (a host starting or stopping). */
export async function readHostRecord(home: string): Promise<HostRecord | undefined> {
  try {
    const parsed = HostRecord.safeParse(JSON.parse(await readFile(recordPath(home), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the record if it is still this host's. */
export async function removeHostRecord(home: string, nonce: string): Promise<void> {
  if ((await readHostRecord(home))?.nonce === nonce) await rm(recordPath(home), { force: true });
}
