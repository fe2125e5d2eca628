import { randomBytes } from 'node:crypto';
import { chmod, link, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';

/**
 * The credentials the local emulators accept (SigV4): one pair per data folder, so that only
 * processes that can read the owner-only data folder can use its S3 and DynamoDB ports. An
 * in-memory runtime (tests, `persist: false`) makes a fresh pair for its own servers.
 */
export const LocalCredentials = z.strictObject({
  accessKeyId: z.string().regex(/^[A-Z0-9]{16,128}$/),
  secretAccessKey: z.string().min(32),
});
export type LocalCredentials = z.infer<typeof LocalCredentials>;

/** `<dataFolder>/credentials.json`, written once when the folder gets its first host, owner-only. */
export const credentialsPath = (folder: string): string => join(folder, 'credentials.json');

/** A new random pair: a 20-character key id (AWS's shape, `LOCAL` + 15) and a 40-byte secret. */
export function newLocalCredentials(): LocalCredentials {
  const id = randomBytes(15).toString('hex').toUpperCase().slice(0, 15);
  return { accessKeyId: `LOCAL${id}`, secretAccessKey: randomBytes(30).toString('base64url') };
}

/** The data folder's credentials file cannot be read as credentials (edited by hand, or damaged). */
export class LocalCredentialsDamaged extends Error {
  override readonly name = 'LocalCredentialsDamaged';
  constructor(readonly file: string) {
    super(`the data folder's credentials file ${file} is damaged; stop every case-audit command using this folder, delete the file, and run the command again (new credentials are made)`);
  }
}

async function readCredentials(file: string): Promise<LocalCredentials | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new LocalCredentialsDamaged(file);
  }
  const parsed = LocalCredentials.safeParse(value);
  if (!parsed.success) throw new LocalCredentialsDamaged(file);
  return parsed.data;
}

/**
 * The data folder's credentials, made on first use. The file is written whole under a temporary
 * name and hard-linked into place, so a reader never sees half a file and two processes opening a
 * new folder at once agree on one pair (the second link fails, and it reads the first's).
 */
export async function folderCredentials(folder: string): Promise<LocalCredentials> {
  const file = credentialsPath(folder);
  const existing = await readCredentials(file);
  if (existing) {
    await chmod(file, 0o600); // owner-only, even if someone loosened it
    return existing;
  }
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, `${JSON.stringify(newLocalCredentials())}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await rm(tmp, { force: true });
  }
  const created = await readCredentials(file);
  if (!created) throw new LocalCredentialsDamaged(file);
  return created;
}
